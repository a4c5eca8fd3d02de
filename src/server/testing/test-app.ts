import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { fromPglite, openPostgres, type Database } from '../db/client';
import { startPgliteThread } from '../db/pglite-thread';
import { generateVapidKeys, type Secrets } from '../secrets';
import { createLogCapture, recordInjections, type LogCapture } from './log-capture';
import { serverUrlFor } from './test-database-url';

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject('postgresTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (pgTemplate && serverUrl) {
    const name = `fairshare_t${randomBytes(4).toString('hex')}_${process.ppid}_${Date.now()}`;
    const admin = await openPostgres(serverUrl, { max: 1 });
    // Copying a template needs it free of connections; parallel workers may copy at the same time.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.db.execute(`create database "${name}" template "${pgTemplate}"`);
        break;
      } catch (err) {
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const database = await openPostgres(serverUrlFor(serverUrl, name), { max: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.db.execute(`drop database if exists "${name}" with (force)`);
        await admin.close();
      },
    };
  }
  const file = inject('embeddedTemplate');
  if (!file) throw new Error('the api project global setup did not provide a database template');
  // In its own thread, as the server runs it (db/pglite-thread.ts).
  return fromPglite(await startPgliteThread({ loadDataDir: file }));
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-data-')),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's log (trace level), unless the test gave its own logger. */
  logs: LogCapture | null;
  /** What signs its sessions: pass it to another app on the same database (a second process). */
  secrets: Secrets;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, driven with inject(); call close() in afterAll. Its log is
 * captured, and close() fails if any password, cookie or token the requests and answers carried
 * appears whole in it (log-capture.ts).
 */
export async function createTestApp(
  opts: Partial<AppDeps> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  const config = opts.config ?? testConfig(opts.env);
  // A second app on the same database is a second process: give it the first one's secrets.
  const authSecret = opts.secrets?.authSecret ?? randomBytes(32).toString('base64url');
  const vapid = opts.secrets?.vapid ?? generateVapidKeys();
  const logs = opts.logger === undefined ? createLogCapture() : null;
  const app = await buildApp({
    config,
    database,
    secrets: { authSecret, vapid },
    webRoot: null,
    logger: logs?.logger ?? false,
    ...opts,
  });
  await app.ready();
  if (logs) {
    recordInjections(app, logs);
    logs.addSecrets(authSecret, config.authSecret, vapid.privateKey);
    if (config.payments.provider === 'stripe')
      logs.addSecrets(config.payments.secretKey, ...config.payments.webhookSecrets);
  }
  return {
    app,
    database,
    config,
    logs,
    secrets: { authSecret, vapid },
    async close() {
      await app.close();
      if (!opts.database) await database.close();
      const leaks = logs?.leaks() ?? [];
      if (leaks.length)
        throw new Error(
          `secrets found in the app's log:\n${leaks
            .map((l) => `  ${l.secret.slice(0, 4)}... in ${l.line.slice(0, 300)}`)
            .join('\n')}`,
        );
    },
  };
}
