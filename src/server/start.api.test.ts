import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
// The server as its own process, as `npm start` runs it.
import { startServerProcess as start, type ServerRun as Run } from './testing/server-process';

// The real start command, as a user runs it: configuration errors, the DATA_DIR lock, a clean stop
// on SIGINT and data kept across restarts.

async function listeningPort(run: Run): Promise<number> {
  for (let i = 0; i < 600; i++) {
    const m =
      /"startupMs".*?ready at/.test(run.out()) &&
      /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(run.out());
    if (m) return Number(m[1]);
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${run.out()}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-start-'));
const runs: Run[] = [];
afterAll(() => {
  runs.forEach((r) => r.child.kill('SIGKILL'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('stops with a message naming PORT when it is not a number, without a stack trace', async () => {
    const run = start({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.out()).toContain('PORT: must be a number (got "abc")');
    expect(run.out()).not.toMatch(/\n\s+at /);
  });

  it('refuses to start with Stripe as the provider but no keys, naming what is missing', async () => {
    const run = start({ PAYMENTS_PROVIDER: 'stripe', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.out()).toContain(
      "STRIPE_SECRET_KEY: must be set when PAYMENTS_PROVIDER is 'stripe'",
    );
    expect(run.out()).toContain(
      "STRIPE_WEBHOOK_SECRET: must be set when PAYMENTS_PROVIDER is 'stripe'",
    );
    expect(run.out()).not.toMatch(/\n\s+at /);
  });

  it('stops with a message naming DATABASE_URL when the server cannot be reached', async () => {
    const run = start({
      DATABASE_URL: 'postgres://fairshare@127.0.0.1:1/nothing',
      DATA_DIR: dataDir,
    });
    expect(await run.exited).toBe(1);
    expect(run.out()).toContain('DATABASE_URL: cannot connect to 127.0.0.1:1/nothing');
    expect(run.out()).not.toMatch(/\n\s+at /);
  });

  it('serves, refuses a second process on the same DATA_DIR, stops cleanly, and keeps the data', async () => {
    const first = start({ PORT: '0', DATA_DIR: dataDir });
    runs.push(first);
    const port = await listeningPort(first);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    const second = start({ PORT: '0', DATA_DIR: dataDir });
    runs.push(second);
    expect(await second.exited).toBe(1);
    expect(second.out()).toContain(
      `DATA_DIR ${dataDir} is in use by another Fairshare process (pid ${first.child.pid})`,
    );

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.out()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'fairshare.lock'))).toBe(false);
    const secrets = fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');

    // Write a row while the server is down; a restart must keep it.
    const pg = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    await pg.query(
      `insert into "user" (id, name, email) values ('u1', 'Kept User', 'kept@example.com')`,
    );
    await pg.close();

    const third = start({ PORT: '0', DATA_DIR: dataDir });
    runs.push(third);
    await listeningPort(third);
    // Once its receipt reader has loaded: how long a stop waits for loading models is a bound, and
    // on a busy machine loading can outlast it.
    for (let i = 0; i < 600 && !third.out().includes('receipt reader ready'); i++)
      await new Promise((r) => setTimeout(r, 100));
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    const again = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const rows = await again.query<{ email: string }>(`select email from "user"`);
    await again.close();
    expect(rows.rows).toEqual([{ email: 'kept@example.com' }]);
  }, 120_000);
});
