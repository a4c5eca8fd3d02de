import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client';
import { startServerProcess, type ServerRun } from '../../testing/server-process';
import { serverUrlFor } from '../../testing/test-database-url';
import { makeWholeBill } from '../../testing/money-path';

// A crash halfway through deleting an account (kill -9 of the server process while its deletion
// waits inside the transaction) leaves the account whole; a deletion that commits leaves it gone.
// PostgreSQL only: the embedded database runs inside the server process.

const serverUrl = process.env.TEST_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-crash-'));
const runs: ServerRun[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  runs.forEach((r) => r.child.kill('SIGKILL'));
  for (const c of cleanups) await c();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function serve(databaseUrl: string) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const run = startServerProcess({
    WEB_CONCURRENCY: '1',
    DATABASE_URL: databaseUrl,
    // The same directory each time: the same signing secret, so the session outlives a restart.
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
  });
  runs.push(run);
  for (let i = 0; i < 600 && !/ready at/.test(run.out()); i++) {
    if (run.child.exitCode !== null) throw new Error(`exited early:\n${run.out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const call = (url: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    fetch(`${base}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: base,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  return { run, call };
}

async function count(db: Database, query: string): Promise<number> {
  const r = (await db.db.execute(query)) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
}

describe('deleting an account when the server is killed halfway', () => {
  it.runIf(serverUrl)(
    'leaves the account whole after kill -9 mid-transaction, and gone after a deletion that completes',
    async () => {
      const name = `fairshare_crash_${randomBytes(4).toString('hex')}`;
      const admin = await openPostgres(serverUrl!, { max: 1 });
      await admin.db.execute(`create database "${name}" template "${inject('postgresTemplate')}"`);
      const url = serverUrlFor(serverUrl!, name);
      const db = await openPostgres(url, { max: 2 });
      cleanups.push(async () => {
        await db.close();
        await admin.db.execute(`drop database if exists "${name}" with (force)`);
        await admin.close();
      });

      let server = await serve(url);
      const password = 'correct horse battery';
      const signUp = await server.call('/api/auth/sign-up/email', {
        method: 'POST',
        body: { email: 'crash@example.com', password },
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
      const billIds: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await server.call('/api/bills', {
          method: 'POST',
          cookie,
          body: makeWholeBill({ name: `Bill ${i}` }),
        });
        expect(res.status).toBe(201);
        billIds.push(((await res.json()) as { id: string }).id);
      }
      const whole = async () => ({
        users: await count(db, `select count(*)::int as n from "user" where id = '${userId}'`),
        bills: await count(db, `select count(*)::int as n from bills where owner_id = '${userId}'`),
        people: await count(
          db,
          `select count(*)::int as n from bill_participants p join bills b on b.id = p.bill_id
            where b.owner_id = '${userId}'`,
        ),
        sessions: await count(
          db,
          `select count(*)::int as n from session where user_id = '${userId}'`,
        ),
      });
      const before = await whole();
      expect(before).toEqual({ users: 1, bills: 20, people: 60, sessions: 1 });

      // Another connection holds one bill (the 11th) locked: the deletion's cascade waits on it,
      // its transaction open with the user and part of the bills already deleted.
      const holder = await openPostgres(url, { max: 1 });
      cleanups.push(() => holder.close());
      const held = holder.db.transaction(async (tx) => {
        await tx.execute(`select id from bills where id = '${billIds[10]}' for update`);
        for (let i = 0; i < 300; i++) {
          const waiting = (await db.db.execute(
            `select count(*)::int as n from pg_stat_activity where datname = '${name}'
               and wait_event_type = 'Lock' and query ilike 'delete from "user"%'`,
          )) as unknown as { rows: { n: number }[] };
          if (waiting.rows[0]!.n > 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        // The deletion is inside its transaction: kill the server process outright.
        server.run.child.kill('SIGKILL');
        await server.run.exited;
      });
      const deletion = server
        .call('/api/account/delete', { method: 'POST', cookie, body: { password } })
        .then((r) => r.status)
        .catch(() => 'no answer');
      await held;
      expect(await deletion).toBe('no answer');
      // PostgreSQL ends the dead server's transaction: nothing of it stays.
      for (let i = 0; i < 100; i++) {
        const open = await count(
          db,
          `select count(*)::int as n from pg_stat_activity where datname = '${name}'
             and query ilike 'delete from "user"%' and state <> 'idle'`,
        );
        if (open === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await whole()).toEqual(before);

      // Started again, the same account deletes itself completely.
      server = await serve(url);
      const res = await server.call('/api/account/delete', {
        method: 'POST',
        cookie,
        body: { password },
      });
      expect(res.status).toBe(200);
      expect(await whole()).toEqual({ users: 0, bills: 0, people: 0, sessions: 0 });
      server.run.child.kill('SIGTERM');
      await server.run.exited;
    },
    180_000,
  );
});
