// Composition root: read config, open the database, build the app, listen, and shut down cleanly.
import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import {
  mainThreadCpuMs,
  processCount,
  processCountProblem,
  runPrimary,
  type ProcessStats,
} from './cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import {
  DatabaseStartError,
  migrate,
  openEmbedded,
  openPostgres,
  type Database,
} from './db/client';
import { DirLockedError } from './db/dir-lock';
import { createOcrPool } from './adapters/ocr/pool';
import { backfillShareLines } from './modules/bills/share-backfill';
import { startUnusedScanCleanup } from './modules/receipts/cleanup';
import { createScanCleanupRepo } from './modules/receipts/repo';
import { warmUpBillReads } from './modules/bills/warm-up';
import { loadSecrets } from './secrets';
import { startReminderLoop } from './modules/notifications/reminder-loop';

function fail(message: string): never {
  process.stderr.write(`\nFairshare could not start.\n${message}\n\n`);
  process.exit(1);
}

async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
}

// Milliseconds since the process started, at the end of each start-up phase.
const phases: Record<string, number> = {};
const lap = (name: string) => (phases[name] = Math.round(performance.now()));

async function main() {
  lap('imports');
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase(config);
    lap('database');
  } catch (err) {
    if (err instanceof DirLockedError || err instanceof DatabaseStartError) fail(err.message);
    throw err;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      process.stderr.write('Forced exit.\n');
      process.exit(1);
    }
    closing = true;
    app?.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      process.stderr.write('Shutdown took over 10 s; exiting.\n');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await jobs.stopCleanup?.();
      await jobs.stopReminders?.();
      await app?.close();
      // Handlers of requests whose clients left are still running: let them finish first.
      await app?.whenIdle(5000);
      // Models still loading are let finish (a thread ended inside the native model loader can
      // take the process down with it), then scans still running end before the threads do.
      await Promise.race([ocrWarming, new Promise((r) => setTimeout(r, 4000).unref())]);
      await ocr.close(3000);
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // Background jobs started once the server listens, stopped first on shutdown.
  const jobs: { stopCleanup?: () => Promise<void>; stopReminders?: () => Promise<void> } = {};
  // The receipt reader's models loading in the background after start (settles either way).
  let ocrWarming: Promise<unknown> = Promise.resolve();
  const ocr = createOcrPool();
  // A cluster's worker is stopped by its primary (SIGTERM), which a Ctrl-C reaches too.
  if (cluster.isWorker) process.on('SIGINT', () => {});
  else process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await migrate(database);
    lap('migrations');
    const filled = await backfillShareLines(database.db);
    if (filled)
      process.stdout.write(`Stored the shares of ${filled} earlier bills line by line.\n`);
    const secrets = loadSecrets(config.dataDir, {
      authSecret: config.authSecret,
      vapid: config.push.vapid,
    });
    app = await buildApp({ config, database, secrets, ocr });
    lap('app');
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app?.close().catch(() => {});
    await ocr.close().catch(() => {});
    await database.close().catch(() => {});
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`PORT: ${config.port} is already in use. Stop the other server or set PORT.`);
    if (code === 'EACCES')
      fail(`PORT: not allowed to listen on ${config.port}. Choose a port above 1024.`);
    throw err;
  }
  serveBenchStats(database);
  app.log.info(
    { startupMs: Math.round(performance.now()), phases },
    `Fairshare is ready at ${config.publicUrl} (database: ${database.kind})`,
  );
  // Scans no bill uses go after 7 days (DECISIONS.md): checked shortly after start, then hourly.
  jobs.stopCleanup = startUnusedScanCleanup(createScanCleanupRepo(database.db), app.log);
  // Bill reminders due (a job table in the database): checked every minute.
  jobs.stopReminders = startReminderLoop(app.notifications, app.log);
  const log = app.log;
  if (database.kind === 'embedded')
    warmUpBillReads(database.db).catch((err: unknown) => {
      if (!closing) log.warn({ err }, 'warming the bill reads failed');
    });
  // Load the receipt reader's models now, in the background, so the first scan is as quick as the rest.
  const warming = performance.now();
  ocrWarming = ocr.warmUp().then(
    () => log.info({ ms: Math.round(performance.now() - warming) }, 'receipt reader ready'),
    (err: unknown) => {
      if (!closing) log.warn({ err }, 'receipt reader warm-up failed; the first scan loads it');
    },
  );
}

/**
 * bench/api asks a server it started (with BENCH_STATS=1 and an IPC channel) what it has spent:
 * CPU time of the whole process, time the main thread was busy, and statements sent.
 */
function serveBenchStats(database: Database) {
  if (process.env.BENCH_STATS !== '1' || !process.send) return;
  process.on('message', (msg: unknown) => {
    if ((msg as { type?: unknown } | null)?.type !== 'stats') return;
    process.send!({ type: 'stats', ...processStats(database) });
  });
}

function processStats(database: Database): ProcessStats {
  const cpu = process.cpuUsage();
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    mainThreadMs: mainThreadCpuMs(),
    queries: database.queries.count,
  };
}

/** WEB_CONCURRENCY above 1: this process only starts the workers, which run main(). */
function start() {
  if (cluster.isPrimary) {
    let config: Config;
    try {
      config = loadConfig();
    } catch (err) {
      if (err instanceof ConfigError) fail(err.message);
      throw err;
    }
    const problem = processCountProblem(config);
    if (problem) fail(problem);
    const count = processCount(config);
    if (count > 1) {
      // Made once, here: every worker must sign sessions with the same secret.
      loadSecrets(config.dataDir, { authSecret: config.authSecret, vapid: config.push.vapid });
      runPrimary(count);
      return;
    }
  }
  main().catch((err: unknown) => {
    process.stderr.write(
      `\nFairshare could not start: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
}

start();
