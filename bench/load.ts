// bench/load: two Fairshare processes on one PostgreSQL server, 100 connections for 60 s, each
// connection a person signing in now and then, listing their bills, opening one, saving a new one.
// Prints req/s, p50, p99 and errors, overall and per kind of request. Zero errors is the bar.
//
//   npx tsx bench/load.ts [--pg postgres://postgres@127.0.0.1:5432/test] [--seconds 60]
//                         [--connections 100] [--users 400]
//
// The processes share DATABASE_URL and AUTH_SECRET, as behind a load balancer; this script plays
// that balancer too: half the connections go to each process, and each connection sends its own
// client address in X-Forwarded-For (TRUST_PROXY=loopback), as many phones behind it would.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { migrate, openPostgres } from '../src/server/db/client';
import { PROJECT_ROOT } from '../src/server/paths';
import { serverUrlFor } from '../src/server/testing/test-database-url';

const { values: args } = parseArgs({
  options: {
    pg: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    users: { type: 'string', default: '400' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const USERS = Number(args.users);
const BILLS_PER_USER = 20;
const PASSWORD = 'load bench password';

/** Out of 100 requests: sign-in, list, detail, save. */
const MIX = { signIn: 4, list: 40, detail: 41, save: 15 } as const;
type Kind = keyof typeof MIX;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 900; i++) {
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

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** CPU seconds a process (and its threads) has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
  } catch {
    return 0;
  }
}

/**
 * Waits until the servers are idle (under 10% of a core for 2 s): each loads its receipt reader's
 * models in the background after it starts, which would otherwise be measured as API time.
 */
async function settled(children: ChildProcess[]) {
  const deadline = Date.now() + 90_000;
  let last = children.map((c) => cpuSeconds(c.pid!));
  let quiet = 0;
  while (Date.now() < deadline && quiet < 2) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = children.map((c) => cpuSeconds(c.pid!));
    const busy = now.some((v, i) => v - last[i]! > 0.1);
    quiet = busy ? 0 : quiet + 1;
    last = now;
  }
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          ...headers,
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Users (same password) and their bills, straight in SQL: the bench measures the API, not seeding. */
async function seed(url: string): Promise<string[]> {
  const database = await openPostgres(url, { max: 2 });
  try {
    await migrate(database);
    const hash = await hashPassword(PASSWORD);
    await database.db.execute(sql`
      insert into "user" (id, name, email, first_name, last_name)
      select 'load-user-' || g, 'Load User ' || g, 'load' || g || '@example.com', 'Load', 'User' || g
      from generate_series(1, ${USERS}) g`);
    await database.db.execute(sql`
      insert into account (id, account_id, provider_id, user_id, password)
      select 'load-account-' || g, 'load-user-' || g, 'credential', 'load-user-' || g, ${hash}
      from generate_series(1, ${USERS}) g`);
    await database.db.execute(sql`
      with b as (
        insert into bills (owner_id, name, bill_date, status, mode, tip_basis_points, subtotal_pence,
                           service_charge_pence, tip_pence, total_pence, fee_pence, created_at)
        select 'load-user-' || u, 'Bill ' || g, current_date, 'saved', 'byItem', 1000,
               2699, 300, 270, 3269, 98, now() - (g || ' minutes')::interval
        from generate_series(1, ${USERS}) u cross join generate_series(1, ${BILLS_PER_USER}) g
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
    await database.db.execute(sql`analyze`);
    return Array.from({ length: USERS }, (_, i) => `load${i + 1}@example.com`);
  } finally {
    await database.close();
  }
}

const saveBody = (n: number) =>
  JSON.stringify({
    name: `Load test ${n}`,
    tipPercent: 10,
    serviceCharge: '3.00',
    participants: [
      { key: 'me', name: 'Me' },
      { key: 'p', name: 'Priya' },
      { key: 'j', name: 'Jordan' },
    ],
    items: [
      { name: 'French Fries', amount: '4.99', splitMode: 'equally' },
      {
        name: 'Red Wine',
        amount: '22.00',
        assignments: [
          { participant: 'p', portions: 1 },
          { participant: 'j', portions: 1 },
        ],
      },
    ],
  });

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

function pick(): Kind {
  let r = Math.random() * 100;
  for (const [kind, weight] of Object.entries(MIX) as [Kind, number][]) {
    if ((r -= weight) < 0) return kind;
  }
  return 'list';
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const name = `fairshare_load_${Date.now()}`;
  const admin = await openPostgres(args.pg, { max: 1 });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  const url = serverUrlFor(args.pg, name);
  const dataDirs: string[] = [];
  const servers: ChildProcess[] = [];
  try {
    console.log(
      `bench/load: ${CONNECTIONS} connections for ${SECONDS} s over two processes on one PostgreSQL; ${USERS} users with ${BILLS_PER_USER} bills each`,
    );
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )}; mix: sign-in ${MIX.signIn}%, list ${MIX.list}%, detail ${MIX.detail}%, save ${MIX.save}%`,
    );
    const emails = await seed(url);
    const authSecret = randomBytes(32).toString('base64url');
    const ports = [await freePort(), await freePort()];
    // One public address for both, as behind a balancer.
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    for (const port of ports) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-load-'));
      dataDirs.push(dir);
      servers.push(
        startServer({
          DATABASE_URL: url,
          DATA_DIR: dir,
          AUTH_SECRET: authSecret,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: publicUrl,
          TRUST_PROXY: 'loopback',
        }),
      );
    }
    await Promise.all(
      ports.map((p, i) => waitFor(`http://127.0.0.1:${p}/api/health`, servers[i]!)),
    );
    await settled(servers);

    const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }));
    const samples: Sample[] = [];
    let measuring = false;
    let saved = 0;
    let stopAt = 0;
    const failures = new Map<string, number>();

    async function connection(c: number) {
      const which = c % 2;
      const port = ports[which]!;
      const agent = agents[which]!;
      const address = `10.${Math.floor(c / 250)}.${c % 250}.${1 + (c % 200)}`;
      const mine = emails.filter((_, i) => i % CONNECTIONS === c);
      let turn = 0;
      let cookie = '';
      let billIds: string[] = [];
      const base = { origin: publicUrl, 'x-forwarded-for': address };
      const time = async (kind: Kind, send: () => Promise<Answer>, ok: (a: Answer) => boolean) => {
        const started = performance.now();
        let answer: Answer | null = null;
        try {
          answer = await send();
        } catch (err) {
          failures.set(
            `${kind}: ${(err as Error).message}`,
            (failures.get(`${kind}: ${(err as Error).message}`) ?? 0) + 1,
          );
        }
        const good = answer !== null && ok(answer);
        if (answer && !good) {
          const key = `${kind}: ${answer.status} ${answer.body.slice(0, 120)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
        if (measuring) samples.push({ kind, ms: performance.now() - started, ok: good });
        return good ? answer : null;
      };
      const signIn = async () => {
        const email = mine[turn++ % mine.length]!;
        const a = await time(
          'signIn',
          () =>
            request(
              agent,
              port,
              'POST',
              '/api/auth/sign-in/email',
              base,
              JSON.stringify({ email, password: PASSWORD }),
            ),
          (r) => r.status === 200,
        );
        if (a) {
          cookie = a.setCookie.map((s) => s.split(';')[0]).join('; ');
          billIds = [];
        }
      };
      const list = async () => {
        const a = await time(
          'list',
          () => request(agent, port, 'GET', '/api/bills?limit=20', { ...base, cookie }),
          (r) => r.status === 200,
        );
        if (a) billIds = (JSON.parse(a.body) as { bills: { id: string }[] }).bills.map((b) => b.id);
      };
      await signIn();
      await list();
      while (performance.now() < stopAt) {
        const kind = pick();
        if (kind === 'signIn') await signIn();
        else if (kind === 'list' || billIds.length === 0) await list();
        else if (kind === 'detail') {
          const id = billIds[Math.floor(Math.random() * billIds.length)]!;
          await time(
            'detail',
            () => request(agent, port, 'GET', `/api/bills/${id}`, { ...base, cookie }),
            (r) => r.status === 200,
          );
        } else {
          const a = await time(
            'save',
            () =>
              request(agent, port, 'POST', '/api/bills', { ...base, cookie }, saveBody(saved++)),
            (r) => r.status === 201,
          );
          if (a) billIds.unshift((JSON.parse(a.body) as { id: string }).id);
        }
      }
    }

    // 5 s of warm-up (JIT, pools, caches), then the measured run.
    stopAt = performance.now() + (SECONDS + 5) * 1000;
    const runs = Array.from({ length: CONNECTIONS }, (_, c) => connection(c));
    await new Promise((r) => setTimeout(r, 5000));
    measuring = true;
    const started = performance.now();
    await Promise.all(runs);
    measuring = false;
    const seconds = (performance.now() - started) / 1000;

    const row = (label: string, list: Sample[]) => {
      const ms = list.map((s) => s.ms).sort((x, y) => x - y);
      const errors = list.filter((s) => !s.ok).length;
      console.log(
        `  ${label.padEnd(10)} ${(list.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${percentile(ms, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(ms, 99).toFixed(0).padStart(6)} ms   ${String(list.length).padStart(7)} requests   ${errors} errors`,
      );
    };
    console.log(`\n${seconds.toFixed(1)} s measured:`);
    row('all', samples);
    for (const kind of Object.keys(MIX) as Kind[])
      row(
        kind,
        samples.filter((s) => s.kind === kind),
      );
    const errors = samples.filter((s) => !s.ok).length;
    if (failures.size) {
      console.log('\nfailures (warm-up included):');
      for (const [what, n] of failures) console.log(`  ${n} x ${what}`);
    }
    console.log(`\nerrors: ${errors}`);
    process.exitCode = errors ? 1 : 0;
    agents.forEach((a) => a.destroy());
  } finally {
    await Promise.all(servers.map(stop));
    await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
    await admin.close();
    dataDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
