// WEB_CONCURRENCY (cluster.ts, decision 013): identical workers on one port, on PostgreSQL only.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { processCount, processCountProblem } from './cluster';
import { openPostgres } from './db/client';
// The server as its own process, as `npm start` runs it.
import { startServerProcess as start, type ServerRun as Run } from './testing/server-process';
import { serverUrlFor } from './testing/test-database-url';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-cluster-'));
const runs: Run[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  runs.forEach((r) => r.child.kill('SIGKILL'));
  for (const c of cleanups) await c();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY', () => {
  it('defaults to one process per core on PostgreSQL and one on the embedded database', () => {
    expect(processCount({ webConcurrency: undefined, databaseUrl: undefined })).toBe(1);
    expect(processCount({ webConcurrency: undefined, databaseUrl: 'postgres://x/y' })).toBe(
      os.availableParallelism(),
    );
    expect(processCount({ webConcurrency: 3, databaseUrl: 'postgres://x/y' })).toBe(3);
    expect(processCountProblem({ webConcurrency: 1, databaseUrl: undefined })).toBeNull();
  });

  it('refuses more than one process on the embedded database, saying why', async () => {
    const run = start({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir, PORT: '0' });
    runs.push(run);
    expect(await run.exited).toBe(1);
    expect(run.out()).toContain('WEB_CONCURRENCY: the embedded database is opened by one process');
    expect(run.out()).not.toMatch(/\n\s+at /);
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.runIf(serverUrl)(
    'runs two workers on one port, each answering with the same sessions, and stops them all',
    async () => {
      const name = `fairshare_cluster_${randomBytes(4).toString('hex')}`;
      const admin = await openPostgres(serverUrl!, { max: 1 });
      await admin.db.execute(`create database "${name}" template "${inject('postgresTemplate')}"`);
      cleanups.push(async () => {
        await admin.db.execute(`drop database if exists "${name}" with (force)`);
        await admin.close();
      });
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const base = `http://127.0.0.1:${port}`;
      const run = start({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: serverUrlFor(serverUrl!, name),
        DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'pg-')),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
      });
      runs.push(run);
      for (let i = 0; i < 600 && (run.out().match(/ready at/g) ?? []).length < 2; i++) {
        if (run.child.exitCode !== null) throw new Error(`exited early:\n${run.out()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const pids = new Set([...run.out().matchAll(/"pid":(\d+)[^\n]*ready at/g)].map((m) => m[1]));
      expect(pids.size).toBe(2);

      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: 'cluster@example.com', password: 'correct horse battery' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      // New connections are shared out between the workers: every one accepts the session.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${base}/api/bills`, { headers: { cookie, connection: 'close' } }).then(
            (r) => r.status,
          ),
        ),
      );
      expect(answers).toEqual(Array(20).fill(200));

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect((run.out().match(/shutting down/g) ?? []).length).toBe(2);
    },
    120_000,
  );
});
