// bench/api: GET /api/bills (first page) and GET /api/bills/:id under 50 concurrent connections, with
// 10,000 bills for one user and 100,000 in all, on the embedded database and (when BENCH_DATABASE_URL
// or --pg URL is given) on a PostgreSQL server; beside a bare Fastify route (the HTTP ceiling) and a
// raw `pg` client sending the very statements the app sent (the database's ceiling).
//
//   npx tsx bench/api.ts [--pg postgres://postgres@127.0.0.1:5432/test] [--seconds 10]
//                        [--concurrency 1,2] [--only embedded|postgres]
//
// The server runs in its own process (as in production); autocannon drives it from this one. For
// each route it prints req/s, p50, p99, the server's CPU ms per request (process.cpuUsage: every
// thread), its main thread's busy ms per request (event-loop utilisation) and statements per request,
// asked of the server over an IPC channel (BENCH_STATS=1, main.ts). On a shared machine req/s and the
// latencies are depressed by the other load; CPU ms and statements per request are the steady signal.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  migrate,
  openEmbedded,
  openPostgres,
  type Database,
  type Db,
} from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { createBillsRepo } from '../src/server/modules/bills/repo';
import { PROJECT_ROOT } from '../src/server/paths';
import { serverUrlFor } from '../src/server/testing/test-database-url';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string', default: process.env.BENCH_DATABASE_URL },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});
const PROCESS_COUNTS = args.concurrency!.split(',').map(Number);
const SECONDS = Number(args.seconds);
let CONNECTIONS = Number(args.connections);
const MAIN_USER_BILLS = 10_000;
const TOTAL_BILLS = 100_000;
const OTHER_USERS = 90;
const PASSWORD = 'bench password 123';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

function startServer(env: Record<string, string>, script = 'src/server/main.ts'): ChildProcess {
  // BENCH_PROFILE=dir writes a CPU profile of each server process there.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      BENCH_STATS: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

interface Stats {
  cpuMs: number;
  mainThreadMs: number;
  queries: number;
}

/** What the server has spent so far (main.ts answers over IPC; every worker's, summed). */
async function statsOf(child: ChildProcess, timeoutMs = 5000): Promise<Stats> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('the server did not answer for its stats'));
    }, timeoutMs);
    const onMessage = (msg: { type?: string } & Stats) => {
      if (msg.type !== 'stats') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(msg);
    };
    child.on('message', onMessage);
    child.send({ type: 'stats' });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Inserts the bills straight in SQL: 3 participants and 2 items each, spread over the last year. */
async function seedBills(database: Database, mainUserId: string) {
  const started = performance.now();
  const db = database.db;
  await db.execute(sql`
    insert into "user" (id, name, email, first_name, last_name)
    select 'bench-user-' || g, 'Bench User ' || g, 'bench' || g || '@example.com', 'Bench', 'User' || g
    from generate_series(1, ${OTHER_USERS}) g`);
  const othersEach = (TOTAL_BILLS - MAIN_USER_BILLS) / OTHER_USERS;
  // One statement per user keeps PGlite's memory in check.
  const owners = [
    { id: mainUserId, count: MAIN_USER_BILLS },
    ...Array.from({ length: OTHER_USERS }, (_, i) => ({
      id: `bench-user-${i + 1}`,
      count: othersEach,
    })),
  ];
  for (const owner of owners) {
    await db.execute(sql`
      with b as (
        insert into bills (owner_id, name, bill_date, status, mode, tip_basis_points, subtotal_pence,
                           service_charge_pence, tip_pence, total_pence, fee_pence, created_at)
        select ${owner.id}, 'Bill ' || g, (now() - (g || ' minutes')::interval)::date, 'saved', 'byItem', 1000,
               2699, 300, 270, 3269, 98, now() - (g || ' minutes')::interval
        from generate_series(1, ${owner.count}) g
        returning id
      ), p as (
        insert into bill_participants (bill_id, position, name, is_creator, amount_due_pence, fee_pence)
        select b.id, n - 1, (array['Me','Priya','Jordan'])[n], n = 1,
               (array[1091,1089,1089])[n], (array[33,33,32])[n]
        from b cross join generate_series(1, 3) n
        returning id
      )
      insert into bill_items (bill_id, position, name, amount_pence, split_mode)
      select b.id, n - 1, (array['French Fries','Red Wine'])[n], (array[499,2200])[n], 'equally'
      from b cross join generate_series(1, 2) n`);
  }
  const counted = (await db.execute(sql`select count(*)::int as n from bills`)) as unknown as {
    rows: { n: number }[];
  };
  console.log(
    `  seeded ${counted.rows[0]!.n.toLocaleString('en-GB')} bills in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** Per request, from the server's own counters; absent for a ceiling run. */
  cpuMs?: number;
  mainThreadMs?: number;
  queries?: number;
}

async function load(
  url: string,
  headers: Record<string, string> = {},
  server?: ChildProcess,
): Promise<Figures> {
  // A short warm-up so JIT and caches settle, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const before = server && (await statsOf(server));
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const after = server && (await statsOf(server));
  const n = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ...(before && after
      ? {
          cpuMs: (after.cpuMs - before.cpuMs) / n,
          mainThreadMs: (after.mainThreadMs - before.mainThreadMs) / n,
          queries: (after.queries - before.queries) / n,
        }
      : {}),
  };
}

function row(label: string, f: Figures) {
  const warn = f.errors || f.non2xx ? `  (!) ${f.errors} errors, ${f.non2xx} non-2xx` : '';
  const per =
    f.cpuMs === undefined
      ? ''
      : `   cpu ${f.cpuMs.toFixed(2)} ms/req   main thread ${f.mainThreadMs!.toFixed(2)} ms/req   ${f.queries!.toFixed(2)} queries/req`;
  console.log(
    `  ${label.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(5)} ms   max ${String(f.max).padStart(5)} ms${per}${warn}`,
  );
}

/** Opens `count` connections at once, one request each: the slowest answer's milliseconds. */
async function burst(url: string, headers: Record<string, string>, count: number) {
  const r = await autocannon({ url, connections: count, amount: count, headers });
  return { max: r.latency.max, errors: r.errors + r.timeouts + r.non2xx };
}

interface Seeded {
  userId: string;
  cookie: string;
}

async function benchApp(
  kind: 'embedded' | 'postgres',
  env: Record<string, string>,
  seed: (userId: string) => Promise<void>,
  processCounts: number[],
): Promise<Seeded & { billId: string }> {
  console.log(`\n${kind === 'embedded' ? 'Embedded PGlite' : 'PostgreSQL server'}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base };
  const child = startServer({ ...serverEnv, WEB_CONCURRENCY: '1' });
  let seeded: Seeded;
  try {
    await waitFor(`${base}/api/health`, child);
    const email = `bench.main.${Date.now()}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      // better-auth checks the Origin of cookie-setting POSTs in production (CSRF).
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
    seeded = { userId, cookie };
  } finally {
    await stop(child);
  }
  await seed(seeded.userId);
  const { cookie } = seeded;
  let billId = '';
  for (const processes of processCounts) {
    const again = startServer({ ...serverEnv, WEB_CONCURRENCY: String(processes) });
    try {
      await waitFor(`${base}/api/health`, again);
      // Every worker answers for its figures once it listens: wait for all of them.
      for (let i = 0; ; i++) {
        try {
          await statsOf(again, 2000);
          break;
        } catch (err) {
          if (i > 60) throw err;
        }
      }
      const list = (await (await fetch(`${base}/api/bills`, { headers: { cookie } })).json()) as {
        bills: { id: string }[];
      };
      if (list.bills.length !== 50)
        throw new Error(`expected a page of 50, got ${list.bills.length}`);
      billId = list.bills[7]!.id;
      console.log(`  WEB_CONCURRENCY=${processes}`);
      if (kind === 'embedded') {
        // Connections opened all at once while nothing is warm: the slowest answer.
        const cold = await burst(`${base}/api/bills`, { cookie }, CONNECTIONS);
        console.log(
          `  ${`${CONNECTIONS} connections at once, 1 list each`.padEnd(34)} slowest ${cold.max} ms${cold.errors ? `  (!) ${cold.errors} errors` : ''}`,
        );
      }
      const listUrl = `${base}/api/bills`;
      const detailUrl = `${base}/api/bills/${billId}`;
      row('GET /api/bills (first page of 50)', await load(listUrl, { cookie }, again));
      row('GET /api/bills/:id', await load(detailUrl, { cookie }, again));
      if (kind === 'embedded') {
        const saved = CONNECTIONS;
        CONNECTIONS = 10;
        row('GET /api/bills, 10 connections', await load(listUrl, { cookie }, again));
        row('GET /api/bills/:id, 10 connections', await load(detailUrl, { cookie }, again));
        CONNECTIONS = saved;
        const hot = await burst(listUrl, { cookie }, 50);
        console.log(
          `  ${'50 connections at once (warm)'.padEnd(34)} slowest ${hot.max} ms${hot.errors ? `  (!) ${hot.errors} errors` : ''}`,
        );
      }
    } finally {
      await stop(again);
    }
  }
  return { ...seeded, billId };
}

/**
 * The database's own ceiling: the statements the app sends for the list and the detail, captured
 * from the app's own repo, sent by a raw `pg` pool as named prepared statements.
 */
async function rawPg(url: string, userId: string, billId: string) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const capturing = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzleNodePg({
    client: capturing,
    schema,
    logger: { logQuery: (q, params) => void captured.push({ sql: q, params }) },
  }) as unknown as Db;
  const repo = createBillsRepo(db);
  await repo.listBills(userId, 50);
  const list = captured.splice(0);
  await repo.loadOwnedAggregate(userId, billId);
  const detail = captured.splice(0);
  await capturing.end();
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // The bench's database is dropped with (force) right after: a connection still closing then is
  // told so, which is no error of the run.
  pool.on('error', () => {});
  try {
    console.log('\nRaw pg client, the same statements (database ceiling)');
    for (const [label, statements] of [
      ['list statement', list],
      ['detail statement', detail],
    ] as const) {
      const run = async (seconds: number) => {
        const latencies: number[] = [];
        const end = performance.now() + seconds * 1000;
        await Promise.all(
          Array.from({ length: CONNECTIONS }, async () => {
            while (performance.now() < end) {
              const t0 = performance.now();
              for (const [i, st] of statements.entries())
                await pool.query({ name: `raw_${label}_${i}`, text: st.sql, values: st.params });
              latencies.push(performance.now() - t0);
            }
          }),
        );
        return latencies;
      };
      await run(2);
      const latencies = (await run(SECONDS)).sort((a, b) => a - b);
      const at = (q: number) => Math.round(latencies[Math.floor((latencies.length - 1) * q)]!);
      row(`${label} (${statements.length} per request)`, {
        rps: latencies.length / SECONDS,
        p50: at(0.5),
        p99: at(0.99),
        max: at(1),
        errors: 0,
        non2xx: 0,
      });
    }
  } finally {
    await pool.end();
  }
}

async function main() {
  console.log(
    `bench/api: ${CONNECTIONS} connections, ${SECONDS} s per run, ${MAIN_USER_BILLS.toLocaleString('en-GB')} bills for the user, ${TOTAL_BILLS.toLocaleString('en-GB')} in all`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // Ceiling: a bare Fastify route in its own process, same machine, same client.
  {
    const port = await freePort();
    const child = startServer({ BARE_PORT: String(port) }, 'bench/bare-fastify.ts');
    try {
      await waitFor(`http://127.0.0.1:${port}/`, child);
      console.log('\nBare Fastify (ceiling)');
      row('GET / (static JSON)', await load(`http://127.0.0.1:${port}/`));
    } finally {
      await stop(child);
    }
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-bench-'));
  try {
    if (args.only !== 'postgres')
      await benchApp(
        'embedded',
        { DATA_DIR: dataDir, DATABASE_URL: '' },
        async (userId) => {
          const database = await openEmbedded(dataDir);
          try {
            await migrate(database);
            await seedBills(database, userId);
          } finally {
            await database.close();
          }
        },
        [1],
      );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (args.pg && args.only !== 'embedded') {
    const name = `fairshare_bench_${Date.now()}`;
    const admin = await openPostgres(args.pg, { max: 1 });
    await admin.db.execute(sql.raw(`create database "${name}"`));
    const url = serverUrlFor(args.pg, name);
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-bench-pg-'));
    try {
      const { userId, billId } = await benchApp(
        'postgres',
        { DATABASE_URL: url, DATA_DIR: pgDir },
        async (id) => {
          const database = await openPostgres(url, { max: 2 });
          try {
            await seedBills(database, id);
            await database.db.execute(sql`analyze`);
          } finally {
            await database.close();
          }
        },
        PROCESS_COUNTS,
      );
      await rawPg(url, userId, billId);
    } finally {
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  } else {
    console.log('\n(PostgreSQL skipped: pass --pg postgres://... or set BENCH_DATABASE_URL)');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
