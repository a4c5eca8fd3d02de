import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../contracts/health';
import { migrationLevel, type Database } from '../../db/client';

export const APP_VERSION = '1.0.0';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/health', { schema: { response: { 200: healthResponseSchema } } }, async () => ({
      status: 'ok' as const,
      version: APP_VERSION,
      database: { kind: database.kind, migrations: await migrationLevel(database.db) },
    }));
  };
