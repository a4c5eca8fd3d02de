import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityResponseSchema, activitySeenResponseSchema } from '../../../contracts/bills';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import type { ActivityService } from './service';

export const activityRoutes =
  (deps: { service: ActivityService; requireUser: RequireUser }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;
    app.addHook('onRequest', deps.requireUser);

    app.get(
      '/api/activity',
      { schema: { response: { 200: activityResponseSchema } } },
      async (req) => service.activity(userIdOf(req)),
    );

    app.post(
      '/api/activity/seen',
      { schema: { response: { 200: activitySeenResponseSchema } } },
      async (req) => service.markActivitySeen(userIdOf(req)),
    );
  };
