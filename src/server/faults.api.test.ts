import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openPostgres, type Database } from './db/client';
import { SERVICE_UNAVAILABLE } from './http/errors';
import { PROJECT_ROOT } from './paths';
import { signUpWithProfile } from './testing/auth-helpers';
import { serverArgs } from './testing/server-process';
import { serverUrlFor } from './testing/test-database-url';
import { createTestApp, type TestApp } from './testing/test-app';

// Issue 22's faults. A server process killed (-9) while 50 saves are in flight leaves every bill
// whole or absent, and every save it acknowledged present (on the embedded database, or on
// PostgreSQL when TEST_DATABASE_URL is set). A PostgreSQL server that stops gives 503 within 5 s,
// and the app carries on without a restart when it is back (a PostgreSQL of the test's own).

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', () => {});
  cleanups.push(() => void child.kill('SIGKILL'));
  return child;
}

async function ready(base: string, child: ChildProcess) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

const PEOPLE = ['Me', 'Priya', 'Jordan', 'Sam'];
function billBody(i: number) {
  return {
    name: `Crash test ${i}`,
    tipPercent: 12.5,
    serviceCharge: '4.50',
    participants: PEOPLE.map((name, k) => ({ key: `p${k}`, name })),
    items: [
      {
        name: 'Pizza',
        amount: `${10 + i}.99`,
        assignments: [
          { participant: 'p0', portions: 1 },
          { participant: 'p1', portions: 2 },
        ],
      },
      { name: 'Wine', amount: '31.00', splitMode: 'equally' },
      { name: 'Salad', amount: '7.25', assignments: [{ participant: 'p3', portions: 1 }] },
    ],
  };
}

const pence = (s: string) => Math.round(Number(s) * 100);

describe('kill -9 during 50 concurrent saves', () => {
  it('leaves every bill whole or absent, and keeps every save that was answered', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const env: Record<string, string> = { AUTH_SECRET: randomBytes(32).toString('base64url') };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-kill-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    env.DATA_DIR = dataDir;
    if (serverUrl) {
      const name = `fairshare_kill_${randomBytes(4).toString('hex')}`;
      const admin = await openPostgres(serverUrl, { max: 1 });
      await admin.db.execute(`create database "${name}"`);
      cleanups.push(async () => {
        await admin.db.execute(`drop database if exists "${name}" with (force)`);
        await admin.close();
      });
      env.DATABASE_URL = serverUrlFor(serverUrl, name);
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    Object.assign(env, { PORT: String(port), PUBLIC_URL: base });

    let server = startServer(env);
    await ready(base, server);
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        email: `kill.${Date.now()}@example.com`,
        password: 'correct horse battery',
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    // 50 saves at once; the process is killed as soon as the first one is answered.
    const acknowledged: string[] = [];
    let killed = false;
    const saves = Array.from({ length: 50 }, (_, i) =>
      fetch(`${base}/api/bills`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: base },
        body: JSON.stringify(billBody(i)),
      })
        .then(async (res) => {
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
          if (!killed) {
            killed = true;
            server.kill('SIGKILL');
          }
        })
        .catch(() => {}),
    );
    await Promise.all(saves);
    expect(killed).toBe(true);
    await new Promise((r) =>
      server.exitCode !== null || server.signalCode ? r(null) : server.once('exit', r),
    );
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(50);

    // The same data, a new process.
    server = startServer(env);
    await ready(base, server);
    const ids: string[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = (await (
        await fetch(`${base}/api/bills?limit=50${cursor ? `&cursor=${cursor}` : ''}`, {
          headers: { cookie },
        })
      ).json()) as { bills: { id: string }[]; nextCursor: string | null };
      ids.push(...page.bills.map((b) => b.id));
      cursor = page.nextCursor;
    }
    for (const id of acknowledged) expect(ids).toContain(id);
    for (const id of ids) {
      const res = await fetch(`${base}/api/bills/${id}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const bill = (await res.json()) as {
        subtotal: string;
        totalAmount: string;
        fee: string;
        items: { amount: string }[];
        participants: {
          amountDue: string;
          fee: string;
          lines: { amount: string; kind: string }[];
        }[];
      };
      expect(bill.items).toHaveLength(3);
      expect(bill.participants).toHaveLength(PEOPLE.length);
      expect(bill.items.reduce((s, it) => s + pence(it.amount), 0)).toBe(pence(bill.subtotal));
      expect(bill.participants.reduce((s, p) => s + pence(p.amountDue), 0)).toBe(
        pence(bill.totalAmount),
      );
      expect(bill.participants.reduce((s, p) => s + pence(p.fee), 0)).toBe(pence(bill.fee));
      for (const p of bill.participants) {
        const lines = p.lines
          .filter((l) => l.kind !== 'fee')
          .reduce((s, l) => s + pence(l.amount), 0);
        expect(lines).toBe(pence(p.amountDue));
      }
    }
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }, 180_000);
});

// --- a PostgreSQL server of the test's own, stopped and started again ---------------------------

function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((x, y) => Number(y) - Number(x))
    : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', name);
    if (fs.existsSync(bin)) return bin;
  }
  return name; // on PATH
}

/** Runs a PostgreSQL tool as the postgres user when this is root (PostgreSQL refuses root). */
function pgRun(tool: string, args: string[]) {
  const bin = pgBin(tool);
  if (process.getuid?.() === 0)
    execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

describe('PostgreSQL stops, then comes back', () => {
  let t: TestApp | undefined;
  let database: Database | undefined;

  it(`answers 503 '${SERVICE_UNAVAILABLE}' within 5 s, and recovers without a restart`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-pg-'));
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
    const data = path.join(dir, 'data');
    const port = await freePort();
    const pgCtl = (...args: string[]) =>
      pgRun('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', ...args]);
    pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const start = () =>
      pgCtl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
    start();
    cleanups.push(() => {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });

    database = await openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`);
    await migrate(database);
    t = await createTestApp({ database });
    const app = t.app;
    const s = await signUpWithProfile(app, 'Ada', 'Lovelace');
    const saved = await app.inject({
      method: 'POST',
      url: '/api/bills',
      headers: { cookie: s.cookie },
      payload: billBody(1),
    });
    expect(saved.statusCode).toBe(201);

    pgCtl('-m', 'fast', 'stop');
    const calls = [
      { method: 'GET', url: '/api/bills', headers: { cookie: s.cookie } },
      { method: 'GET', url: '/api/auth/user', headers: { cookie: s.cookie } },
      { method: 'POST', url: '/api/bills', headers: { cookie: s.cookie }, payload: billBody(2) },
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'ada@example.com', password: 'whatever it is' },
      },
      { method: 'GET', url: '/api/health' },
    ] as const;
    for (const call of calls) {
      const started = performance.now();
      const res = await app.inject(call as never);
      const ms = performance.now() - started;
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(503);
      expect(res.json().message).toBe(SERVICE_UNAVAILABLE);
      expect(res.headers['retry-after']).toBeDefined();
      expect(ms).toBeLessThan(5000);
    }

    // The failed queries are logged, without the e-mail or the session token they carried.
    const logged = t.logs!.lines.join('\n');
    expect(logged).toMatch(/database unavailable/);
    expect(logged).not.toContain('ada@example.com');
    expect(logged).not.toContain(s.token!.split('.')[0]);

    start();
    let back = 0;
    for (let i = 0; i < 100 && back !== 200; i++) {
      back = (await app.inject({ method: 'GET', url: '/api/bills', headers: { cookie: s.cookie } }))
        .statusCode;
      if (back !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(back).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: '/api/bills',
      headers: { cookie: s.cookie },
    });
    expect(list.json().bills.map((b: { id: string }) => b.id)).toEqual([saved.json().id]);
    const again = await app.inject({
      method: 'POST',
      url: '/api/bills',
      headers: { cookie: s.cookie },
      payload: billBody(3),
    });
    expect(again.statusCode).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });
});
