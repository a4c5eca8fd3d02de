// bench/live: two Fairshare processes on one PostgreSQL server, 500 open event streams of one bill
// friends are picking (half on each process; half of them the creator's stream of the bill, half
// friends' streams of its join link), and 20 picks a second for 30 s from 20 friends, sent to both
// processes in turn. For every event on every stream: the time from its pick's request being sent
// to its arrival; each stream must see every event, in order, once. Then the memory an idle stream
// costs its process. The streams are read by a process of their own (bench/live-streams.ts), so
// that reading them never delays the picks or their timing.
//
//   npx tsx bench/live.ts [--pg postgres://postgres@127.0.0.1:5432/test] [--streams 500]
//                         [--rate 20] [--seconds 30]
//
// Targets (issue 50): p99 at most 300 ms; no event lost, repeated or out of order on any stream.
// It prints PASS or FAIL against them (and exits 1 on FAIL).
// The changes are picks (PUT /api/join/:token/picks, which records a pick event naming the
// friend). Friend k sends every FRIENDS-th pick, so on each stream the n-th pick event of friend
// k is the answer to friend k's n-th pick (a friend's picks are a second apart and a bill's events
// are in commit order).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrate, openPostgres } from '../src/server/db/client';
import { PROJECT_ROOT } from '../src/server/paths';
import { serverUrlFor } from '../src/server/testing/test-database-url';
import type { StreamSpec, StreamsResult } from './live-streams';

const { values: args } = parseArgs({
  options: {
    pg: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    streams: { type: 'string', default: '500' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
  },
});
const STREAMS = Number(args.streams);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const TARGET_P99_MS = 300;
/** Friends picking in turn, and the bill's items. */
const FRIENDS = 20;
const ITEMS = 10;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>): ChildProcess {
  const gcOnSignal = path.join(PROJECT_ROOT, 'bench', 'live-gc.ts');
  return spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', gcOnSignal, 'src/server/main.ts'],
    {
      cwd: PROJECT_ROOT,
      // As `npm start` runs it (glibc's per-thread arenas otherwise make resident memory jump).
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        MALLOC_ARENA_MAX: '2',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
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

/**
 * A process's resident anonymous memory, in KiB (/proc): its heaps and buffers, not the pages of
 * files it maps (the receipt reader's models), which the kernel drops and reads back at will.
 */
function rssKiB(pid: number): number {
  const m = /RssAnon:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0);
}

/**
 * A process's resident memory after a full collection, once it holds still: sampled until the last five samples lie within
 * 256 KiB of each other (at most 30 s), their median.
 */
async function quietRss(pid: number): Promise<number> {
  // A full collection first (bench/live-gc.ts): live memory, not garbage.
  process.kill(pid, 'SIGUSR2');
  const samples: number[] = [];
  const deadline = Date.now() + 30_000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 400));
    samples.push(rssKiB(pid));
    const last = samples.slice(-5);
    if (
      last.length === 5 &&
      (Math.max(...last) - Math.min(...last) <= 256 || Date.now() > deadline)
    )
      return last.sort((x, y) => x - y)[2]!;
  }
}

/** CPU seconds a process has used so far (/proc). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Waits until the servers are idle (they load the receipt reader's models after starting). */
async function settled(children: ChildProcess[]) {
  const deadline = Date.now() + 90_000;
  let last = children.map((c) => cpuSeconds(c.pid!));
  let quiet = 0;
  while (Date.now() < deadline && quiet < 2) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = children.map((c) => cpuSeconds(c.pid!));
    quiet = now.some((v, i) => v - last[i]! > 0.1) ? 0 : quiet + 1;
    last = now;
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  const name = `fairshare_live_${Date.now()}`;
  const admin = await openPostgres(args.pg, { max: 1 });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  const url = serverUrlFor(args.pg, name);
  const servers: ChildProcess[] = [];
  /** Every process started: the servers and the stream reader. */
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  try {
    console.log(
      `bench/live: ${STREAMS} streams of one bill over two processes on one PostgreSQL; ${RATE} picks a second from ${FRIENDS} friends for ${SECONDS} s`,
    );
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const db = await openPostgres(url, { max: 1 });
    await migrate(db);
    await db.close();
    const authSecret = randomBytes(32).toString('base64url');
    const ports = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    for (const port of ports) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-live-'));
      dataDirs.push(dir);
      servers.push(
        startServer({
          DATABASE_URL: url,
          DATA_DIR: dir,
          AUTH_SECRET: authSecret,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: publicUrl,
          // One process each: the two processes are the two this measures.
          WEB_CONCURRENCY: '1',
        }),
      );
    }
    await Promise.all(
      ports.map((p, i) => waitFor(`http://127.0.0.1:${p}/api/health`, servers[i]!)),
    );
    const origin = { origin: publicUrl };
    const signUp = await send(ports[0]!, 'POST', '/api/auth/sign-up/email', origin, {
      email: `live.${Date.now()}@example.com`,
      password: 'live bench password',
    });
    if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${signUp.body}`);
    const setCookie = signUp.headers['set-cookie'] ?? [];
    const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    const saved = await send(
      ports[0]!,
      'POST',
      '/api/bills',
      { ...origin, cookie },
      {
        name: 'Bench dinner',
        status: 'picking',
        mode: 'byItem',
        tipPercent: 10,
        serviceCharge: '5.00',
        participants: [{ key: 'me', name: 'Alice' }],
        items: Array.from({ length: ITEMS }, (_, i) => ({
          name: `Dish ${i + 1}`,
          amount: `${8 + i}.${String(10 + 7 * i).slice(-2)}`,
          splitMode: 'manual',
          assignments: [],
        })),
      },
    );
    if (saved.status !== 201) throw new Error(`save: ${saved.status} ${saved.body}`);
    const billId = (JSON.parse(saved.body) as { id: string }).id;
    const linked = await send(ports[0]!, 'POST', `/api/bills/${billId}/join-link`, {
      ...origin,
      cookie,
    });
    if (linked.status !== 200) throw new Error(`join link: ${linked.status} ${linked.body}`);
    const token = (JSON.parse(linked.body) as { token: string }).token;
    const view = await send(ports[0]!, 'GET', `/api/join/${token}`, {});
    const itemIds = (JSON.parse(view.body) as { bill: { items: { id: string }[] } }).bill.items.map(
      (i) => i.id,
    );
    const friends: { participantId: string; secret: string }[] = [];
    for (let k = 0; k < FRIENDS; k++) {
      const joined = await send(ports[k % 2]!, 'POST', `/api/join/${token}/participants`, origin, {
        name: `Friend ${k + 1}`,
      });
      if (joined.status !== 201) throw new Error(`join: ${joined.status} ${joined.body}`);
      friends.push(JSON.parse(joined.body) as { participantId: string; secret: string });
    }

    // Idle memory: each process before and after holding its half of the streams.
    await settled(servers);
    const before = await Promise.all(servers.map((s) => quietRss(s.pid!)));
    const specs: StreamSpec[] = Array.from({ length: STREAMS }, (_, i) => {
      // Alternately the creator's stream of the bill and a friend's stream of its join link.
      const creator = Math.floor(i / 2) % 2 === 0;
      return {
        port: ports[i % 2]!,
        path: creator ? `/api/bills/${billId}/events` : `/api/join/${token}/events`,
        cookie: creator ? cookie : '',
      };
    });
    const reader = fork(path.join(PROJECT_ROOT, 'bench', 'live-streams.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(reader);
    const fromReader = <T>(key: string) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (m: Record<string, unknown>) => {
          if ('error' in m) reject(new Error(`stream reader: ${String(m.error)}`));
          else if (key in m) resolve(m[key] as T);
          else return;
          reader.off('message', onMessage);
        };
        reader.on('message', onMessage);
        reader.once('exit', (code) => reject(new Error(`stream reader exited (${code})`)));
      });
    const opened = fromReader<true>('opened');
    reader.send({ open: specs });
    await opened;
    const after = await Promise.all(servers.map((s) => quietRss(s.pid!)));
    const perStream = after.map((a, i) => ((a - before[i]!) * 1024) / (STREAMS / 2));

    // The picks: RATE a second, friend after friend, to each process in turn.
    const total = RATE * SECONDS;
    // By friend: when each of their picks was sent, in order (the reader's clock).
    const sentAt: Record<string, number[]> = Object.fromEntries(
      friends.map((f) => [f.participantId, []]),
    );
    const requests: Promise<void>[] = [];
    const failures: string[] = [];
    const requestMs: number[] = [];
    const serverCpu = servers.map((s) => cpuSeconds(s.pid!));
    const benchCpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const friend = friends[i % FRIENDS]!;
      const round = Math.floor(i / FRIENDS);
      const at = performance.now();
      sentAt[friend.participantId]!.push(performance.timeOrigin + at);
      requests.push(
        send(ports[i % 2]!, 'PUT', `/api/join/${token}/picks`, origin, {
          ...friend,
          picks: [
            { itemId: itemIds[i % ITEMS]!, portions: 1 + (round % 4) * 0.5 },
            { itemId: itemIds[(i + 1 + (round % (ITEMS - 1))) % ITEMS]!, portions: 'share' },
          ],
        })
          .then((r) => {
            requestMs.push(performance.now() - at);
            if (r.status !== 200) failures.push(`${r.status} ${r.body.slice(0, 120)}`);
          })
          .catch((err: Error) => void failures.push(err.message)),
      );
    }
    await Promise.all(requests);
    // A pick whose request failed records no event: each stream expects the others.
    const changed = total - failures.length;
    const expected = changed * STREAMS;
    // Late events: up to 10 s for every stream to have them all.
    const finished = fromReader<StreamsResult>('result');
    reader.send({ finish: { sentAt, expected: changed, waitMs: 10_000 } });
    const result = await finished;
    const elapsed = (performance.now() - started) / 1000;
    const serverCpuUsed = servers.map((s, i) => cpuSeconds(s.pid!) - serverCpu[i]!);
    const benchCpuUsed = process.cpuUsage(benchCpu);
    const { latencies, lost, problems } = result;
    requestMs.sort((a, b) => a - b);

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const p99 = percentile(latencies, 99);
    console.log(
      `\npicks sent: ${total} in ${elapsed.toFixed(1)} s (until the last event); request errors: ${failures.length}`,
    );
    if (failures.length) console.log(`  first: ${failures[0]}`);
    console.log(
      `pick request (its answer): p50 ${ms(percentile(requestMs, 50))}, p95 ${ms(percentile(requestMs, 95))}, p99 ${ms(percentile(requestMs, 99))}`,
    );
    console.log(
      `events: ${result.delivered} delivered of ${expected} (${STREAMS} streams x ${changed}); lost ${lost}; out of order or repeated ${problems.length}${problems.length ? ` (first: ${problems[0]})` : ''}; unmatched ${result.unmatched}; first event ids ${result.firstIds.join(', ')}`,
    );
    console.log(
      `pick request to its event, every stream: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(p99)}, max ${ms(latencies.at(-1) ?? 0)} (${latencies.length} events)`,
    );
    console.log(
      `idle stream memory (resident anonymous, after a full GC, per process): ${perStream.map((b) => `${(b / 1024).toFixed(1)} KiB`).join(', ')} (${STREAMS / 2} streams each; RSS ${before.map((b) => `${(b / 1024).toFixed(0)}`).join('/')} -> ${after.map((a) => `${(a / 1024).toFixed(0)}`).join('/')} MiB)`,
    );
    console.log(
      `CPU while picking: servers ${serverCpuUsed.map((c) => `${c.toFixed(1)} s`).join(', ')}; stream reader ${result.cpuSeconds.toFixed(1)} s; sender ${((benchCpuUsed.user + benchCpuUsed.system) / 1e6).toFixed(1)} s; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const ok =
      !failures.length &&
      !lost &&
      !problems.length &&
      !result.unmatched &&
      latencies.length === expected &&
      p99 <= TARGET_P99_MS;
    console.log(
      `\n${ok ? 'PASS' : 'FAIL'}: p99 ${ms(p99)} (target <= ${TARGET_P99_MS} ms), ${lost} lost, ${problems.length} out of order or repeated, ${failures.length} request errors`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await Promise.all([...servers, ...children].map(stop));
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
    await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
    await admin.close();
  }
}

await main();
