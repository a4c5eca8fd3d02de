import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded, openPostgres, type Database } from '../../db/client';
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

// The embedded database runs inside the server process: kill -9 takes both down at once, and the
// next start recovers the database from its files. The account is made large enough that its
// deletion takes a while, then copies of its DATA_DIR are killed at several points of the deletion.
describe('deleting an account on the embedded database when the server is killed halfway', () => {
  it.runIf(!serverUrl)(
    'leaves the account whole or gone after kill -9 at any point, and gone after one that completes',
    async () => {
      const password = 'correct horse battery';
      const original = path.join(dataDir, 'original');
      let server = await serveEmbedded(original);
      const signUp = await server.call('/api/auth/sign-up/email', {
        method: 'POST',
        body: { email: 'embedded-crash@example.com', password },
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
      const made = await server.call('/api/bills', {
        method: 'POST',
        cookie,
        body: makeWholeBill({ name: 'The first bill' }),
      });
      expect(made.status).toBe(201);
      server.run.child.kill('SIGTERM');
      await server.run.exited;

      // Thousands more bills, written straight into the stopped server's database.
      const db = await openEmbedded(original);
      await db.db.execute(`
        insert into bills (id, owner_id, name, bill_date, status, mode, tip_basis_points,
            subtotal_pence, service_charge_pence, tip_pence, total_pence, fee_pence)
          select gen_random_uuid(), '${userId}', 'Bill ' || g, '2026-11-01', 'saved', 'byItem', 0,
            3000, 0, 0, 3000, 0
          from generate_series(1, ${EMBEDDED_BILLS}) g`);
      await db.db.execute(`
        insert into bill_participants (bill_id, position, name, is_creator, amount_due_pence)
          select b.id, p, 'Person ' || p, p = 0, 1000
          from bills b, generate_series(0, 2) p
          where b.owner_id = '${userId}' and b.name like 'Bill %'`);
      const whole = await state(db, userId);
      await db.close();
      expect(whole.users).toBe(1);
      expect(whole.bills).toBe(EMBEDDED_BILLS + 1);
      const gone = { users: 0, bills: 0, people: 0, sessions: 0 };

      // How long the deletion's transaction takes (from the log line said just before it to the
      // answer), on one copy.
      const timed = copyOf(original, 'timed');
      server = await serveEmbedded(timed);
      const sent = server.call('/api/account/delete', {
        method: 'POST',
        cookie,
        body: { password },
      });
      await waitFor(server.run, /deleting the account/);
      const began = Date.now();
      expect((await sent).status).toBe(200);
      const took = Date.now() - began;
      server.run.child.kill('SIGTERM');
      await server.run.exited;
      const afterTimed = await openEmbedded(timed);
      expect(await state(afterTimed, userId)).toEqual(gone);
      await afterTimed.close();

      // Killed at points through the transaction: whole or gone, never in between. "account
      // deleted" is printed after the commit, so a kill between the two finds it gone unprinted.
      const outcomes: string[] = [];
      let killedWhole: string | undefined;
      for (const fraction of [0.25, 0.5, 0.9]) {
        const dir = copyOf(original, `killed-${fraction}`);
        server = await serveEmbedded(dir);
        const deletion = server
          .call('/api/account/delete', { method: 'POST', cookie, body: { password } })
          .then((r) => r.status)
          .catch(() => 'no answer');
        await waitFor(server.run, /deleting the account/);
        await new Promise((r) => setTimeout(r, Math.round(took * fraction)));
        const committed = /account deleted/.test(server.run.out());
        server.run.child.kill('SIGKILL');
        await server.run.exited;
        const answer = await deletion;
        const after = await openEmbedded(dir);
        const found = await state(after, userId);
        await after.close();
        const at = `killed at ${fraction} of ${took} ms`;
        expect([whole, gone], at).toContainEqual(found);
        // A deletion that said so, or answered 200, was committed.
        if (committed || answer === 200) expect(found, at).toEqual(gone);
        const isWhole = found.users === 1;
        if (isWhole) killedWhole ??= dir;
        outcomes.push(`${fraction}: ${isWhole ? 'inside the transaction, whole' : 'gone'}`);
      }
      // At least one kill landed inside the transaction.
      expect(killedWhole, outcomes.join('; ')).toBeDefined();
      console.info(
        `deleting ${EMBEDDED_BILLS + 1} bills: the transaction took ${took} ms; killed at ${outcomes.join('; ')}`,
      );

      // A copy killed inside its transaction deletes itself completely once started again.
      const again = killedWhole!;
      server = await serveEmbedded(again);
      const retry = await server.call('/api/account/delete', {
        method: 'POST',
        cookie,
        body: { password },
      });
      expect(retry.status).toBe(200);
      server.run.child.kill('SIGTERM');
      await server.run.exited;
      const final = await openEmbedded(again);
      expect(await state(final, userId)).toEqual(gone);
      await final.close();
    },
    600_000,
  );
});

const EMBEDDED_BILLS = 1500;

/** Waits until a server process has printed a line matching `re`. */
async function waitFor(run: ServerRun, re: RegExp) {
  for (let i = 0; i < 3000 && !re.test(run.out()); i++) {
    if (run.child.exitCode !== null) throw new Error(`exited:\n${run.out()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  if (!re.test(run.out())) throw new Error(`never printed ${re}:\n${run.out()}`);
}

async function serveEmbedded(dir: string) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const run = startServerProcess({
    DATA_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
  });
  runs.push(run);
  for (let i = 0; i < 1200 && !/ready at/.test(run.out()); i++) {
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

/** A stopped server's DATA_DIR, copied (its database, secrets and all). */
function copyOf(dir: string, name: string) {
  const to = path.join(dataDir, name);
  fs.cpSync(dir, to, { recursive: true });
  return to;
}

async function state(db: Database, userId: string) {
  return {
    users: await count(db, `select count(*)::int as n from "user" where id = '${userId}'`),
    bills: await count(db, `select count(*)::int as n from bills where owner_id = '${userId}'`),
    people: await count(
      db,
      `select count(*)::int as n from bill_participants p join bills b on b.id = p.bill_id
        where b.owner_id = '${userId}'`,
    ),
    sessions: await count(db, `select count(*)::int as n from session where user_id = '${userId}'`),
  };
}
