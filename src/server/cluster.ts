// WEB_CONCURRENCY (decision 013): identical HTTP processes with node:cluster, sharing one port.
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import type { Config } from './config';

/**
 * How many HTTP processes to run: WEB_CONCURRENCY when set; else one per core on a PostgreSQL server
 * and one on the embedded database (one process may open its directory: db/dir-lock.ts).
 */
export function processCount(config: Pick<Config, 'webConcurrency' | 'databaseUrl'>): number {
  if (config.webConcurrency !== undefined) return config.webConcurrency;
  return config.databaseUrl ? os.availableParallelism() : 1;
}

/** Why a count cannot run, or null. */
export function processCountProblem(
  config: Pick<Config, 'webConcurrency' | 'databaseUrl'>,
): string | null {
  if (!config.databaseUrl && processCount(config) > 1)
    return 'WEB_CONCURRENCY: the embedded database is opened by one process only; set it to 1, or set DATABASE_URL to a PostgreSQL server to run more';
  return null;
}

/** Statistics bench/api asks a server for (BENCH_STATS=1): summed over the workers. */
export interface ProcessStats {
  cpuMs: number;
  mainThreadMs: number;
  queries: number;
}

/**
 * The main thread's own CPU milliseconds (Linux: /proc/self/task/<pid>/stat, in clock ticks),
 * not the database thread's or the OCR threads'; elsewhere the whole process's.
 */
export function mainThreadCpuMs(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5); 100 ticks a second on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const cpu = process.cpuUsage();
    return (cpu.user + cpu.system) / 1000;
  }
}

/**
 * The primary process: forks `count` workers that each run the whole server (they share the port),
 * stops them on SIGINT or SIGTERM and exits when they have; a worker that dies is replaced, unless
 * it never started (a configuration or database problem: the primary stops with its exit code).
 */
export function runPrimary(count: number) {
  let stopping = false;
  const started = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    worker.on('listening', () => started.add(worker.id));
    worker.on('message', (msg: unknown) => onWorkerMessage(worker, msg));
  };
  for (let i = 0; i < count; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    const wasUp = started.delete(worker.id);
    if (stopping) {
      // The exit code of a worker that never started or did not stop cleanly, else 0.
      if (code && !process.exitCode) process.exitCode = code;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!wasUp) {
      // It never listened: a second try would fail the same way.
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
      process.exitCode = code || 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode);
      return;
    }
    process.stderr.write(
      `Fairshare worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.\n`,
    );
    fork();
  });

  // The first signal asks every worker to finish (SIGTERM: they close as one process does); a
  // second one ends them at once.
  let signals = 0;
  const stop = () => {
    signals++;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {}))
      w?.process.kill(signals > 1 ? 'SIGKILL' : 'SIGTERM');
    if (signals > 1) process.exit(1);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  // bench/api's questions (BENCH_STATS=1): asked of every worker, answered summed.
  const waiting = new Map<number, ProcessStats>();
  let expected = 0;
  function onWorkerMessage(worker: Worker, msg: unknown) {
    if ((msg as { type?: unknown } | null)?.type !== 'stats') return;
    waiting.set(worker.id, msg as ProcessStats);
    if (waiting.size < expected) return;
    const sum = { cpuMs: 0, mainThreadMs: 0, queries: 0 };
    for (const s of waiting.values()) {
      sum.cpuMs += s.cpuMs;
      sum.mainThreadMs += s.mainThreadMs;
      sum.queries += s.queries;
    }
    waiting.clear();
    process.send?.({ type: 'stats', ...sum });
  }
  if (process.env.BENCH_STATS === '1' && process.send)
    process.on('message', (msg: unknown) => {
      if ((msg as { type?: unknown } | null)?.type !== 'stats') return;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      expected = workers.length;
      waiting.clear();
      for (const w of workers) w.send({ type: 'stats' });
    });
}
