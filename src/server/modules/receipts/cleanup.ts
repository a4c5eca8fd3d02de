import type { ScanCleanupRepo } from './repo';

// DECISIONS.md Receipt photos: a scan that no saved bill uses is deleted, photo and text, 7 days
// after it was made. A bill keeps its scan for as long as the bill exists (a foreign key holds it).

export const UNUSED_SCAN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Scans deleted per statement: short transactions, nothing held for long. */
const BATCH = 200;
/** How often the job runs in a server process. */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Deletes every scan older than 7 days that no bill uses, in batches; returns how many. Safe for
 * several processes at once: each batch skips rows another one holds, so none waits or deletes twice.
 */
export async function deleteUnusedScans(repo: ScanCleanupRepo, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_SCAN_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const n = await repo.deleteUnusedBefore(cutoff, BATCH);
    deleted += n;
    if (n < BATCH) return deleted;
  }
}

/**
 * Runs deleteUnusedScans shortly after start and then every hour, until the returned function is
 * called. A failed run (the database away, or a bill saved against a scan at the very moment it
 * went: its foreign key refuses the delete) is logged and tried again at the next run.
 */
export function startUnusedScanCleanup(
  repo: ScanCleanupRepo,
  log: Logger,
  { clock = () => new Date(), firstRunMs = 30_000, intervalMs = CLEANUP_INTERVAL_MS } = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = deleteUnusedScans(repo, clock())
      .then(
        (n) => {
          if (n) log.info({ deleted: n }, `deleted ${n} receipt scans no bill uses`);
        },
        (err: unknown) => log.warn({ err }, 'the unused receipt scans cleanup failed'),
      )
      .finally(() => (running = null));
  };
  const first = setTimeout(run, firstRunMs);
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
