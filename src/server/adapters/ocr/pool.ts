import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../../http/errors';
import type { OcrTask, OcrTaskResult } from './worker';

// Scans run in worker threads so the event loop keeps answering. The queue is bounded: a scan that
// cannot start within the wait limit answers 503, and a scan that runs past its deadline is ended.

export interface OcrPoolOptions {
  /** worker threads (1 or 2 on a 2-core machine) */
  threads?: number;
  /** scans waiting beyond the running ones; more answer 503 at once */
  maxQueue?: number;
  /** ms a scan may wait for a free worker */
  queueWaitMs?: number;
  /** ms a scan may run once started */
  deadlineMs?: number;
  detectionMaxSide?: number;
}

export interface OcrPool {
  recognize(image: Buffer): Promise<OcrTaskResult & { queueMs: number }>;
  /** Loads the models in every worker now rather than on the first scan. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export const busy = () =>
  new AppError(
    503,
    'service_unavailable',
    'Service temporarily unavailable - please try again',
    undefined,
    {
      'retry-after': '5',
    },
  );
const timedOut = () =>
  new AppError(503, 'scan_timeout', 'Reading the receipt took too long - please try again');

/** The built worker beside the bundle (dist/server/ocr-worker.js), else the TypeScript source via tsx. */
function workerLocation(): { filename: string; execArgv: string[] } {
  const built = new URL('./ocr-worker.js', import.meta.url);
  if (built.protocol === 'file:' && fs.existsSync(fileURLToPath(built))) {
    return { filename: fileURLToPath(built), execArgv: [] };
  }
  const source = fileURLToPath(new URL('./worker.ts', import.meta.url));
  return { filename: source, execArgv: ['--import', 'tsx'] };
}

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const threads = options.threads ?? 2;
  const queueWaitMs = options.queueWaitMs ?? 20_000;
  const deadlineMs = options.deadlineMs ?? 30_000;
  const { filename, execArgv } = workerLocation();
  const piscina = new Piscina<OcrTask, OcrTaskResult>({
    filename,
    execArgv,
    // Threads start on the first scan, so an app that never scans (most tests) never loads models.
    minThreads: 0,
    maxThreads: threads,
    maxQueue: options.maxQueue ?? 8,
    idleTimeout: 60 * 60_000,
    concurrentTasksPerWorker: 1,
  });
  const detectionMaxSide = options.detectionMaxSide;

  async function run(image: Buffer) {
    const enqueued = performance.now();
    const abort = new AbortController();
    let started = false;
    let reason: AppError | null = null;
    const waitTimer = setTimeout(() => {
      if (!started) {
        reason = busy();
        abort.abort();
      }
    }, queueWaitMs);
    const deadline = setTimeout(() => {
      reason = timedOut();
      abort.abort();
    }, queueWaitMs + deadlineMs);
    try {
      if (piscina.queueSize >= (options.maxQueue ?? 8)) throw busy();
      const task = piscina.run({ image, detectionMaxSide }, { signal: abort.signal });
      // piscina has no "started" event; a task is running once the queue no longer holds it.
      const poll = setInterval(() => {
        if (piscina.queueSize === 0) started = true;
      }, 50);
      try {
        const result = await task;
        return { ...result, queueMs: performance.now() - enqueued - result.ocrMs };
      } finally {
        clearInterval(poll);
      }
    } catch (err) {
      if (reason) throw reason;
      if (err instanceof AppError) throw err;
      if (err instanceof Error && /queue is at limit|Task queue is at limit/i.test(err.message)) {
        throw busy();
      }
      throw err;
    } finally {
      clearTimeout(waitTimer);
      clearTimeout(deadline);
    }
  }

  return {
    recognize: run,
    async warmUp() {
      const white = await import('sharp').then(({ default: sharp }) =>
        sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer(),
      );
      await Promise.all(Array.from({ length: threads }, () => run(white)));
    },
    async close() {
      await piscina.destroy();
    },
  };
}
