import { setMaxListeners } from 'node:events';
import { Piscina } from 'piscina';
import { reportPoolErrors, workerModule } from '../worker-module';
import type { OcrBox } from '../../../domain/receipt/types';
import type { FrameStep } from './frame';
import type { Look } from './paddle';
import { withMissedPrices } from './strips';
import type { DetectResult, DetectTask, OcrSettings, ReadResult, ReadTask } from './worker';

// Scans run in worker threads so the event loop keeps answering. Admission is ours, not piscina's:
// at most `threads` scans run, at most `maxQueue` wait, and a scan that cannot start within
// `queueWaitMs` answers 503. A scan running past `deadlineMs` answers 503 at once, but its worker is
// left to finish: ending a thread in the middle of a native onnxruntime call can abort the whole
// process, so a worker is only ended when a scan is stuck far beyond its deadline.
//
// A scan is two kinds of task: one finds the page's text lines, then the lines are read on every
// thread, a run of them at a time (reading is most of a scan's time), so a lone scan uses every
// core. With as many scans as threads running, the tasks simply queue in turn.

export interface OcrPoolOptions {
  /** worker threads (1 or 2 on a 2-core machine) */
  threads?: number;
  /** scans waiting beyond the running ones; more answer 503 at once */
  maxQueue?: number;
  /** ms a scan may wait for a free worker */
  queueWaitMs?: number;
  /** ms a scan may run once started before its caller gets 503 */
  deadlineMs?: number;
  /** ms after the deadline at which a still-running worker is ended */
  stuckMs?: number;
  detectionMaxSide?: number;
  /** straighten tilted photos before detection (default on) */
  deskew?: boolean;
  /** confidence below which a line with figures gets a second reading (0: none; default 0.9) */
  secondOpinionBelow?: number;
  /** the worker module; the OCR worker unless a test gives another */
  worker?: { filename: string; execArgv: string[] };
}

export interface OcrResult {
  boxes: OcrBox[];
  /** ms from the first task's start to the last one's end */
  ocrMs: number;
  /** ms the scan waited for a slot */
  queueMs: number;
  /** the paper was found small in its frame (less than half of it) and read cropped to it */
  paperCropped?: boolean;
  /**
   * How the page the boxes are on was made from the image given (cropped, enlarged, turned):
   * frame.ts puts a box back on the image. Absent: the boxes are on the image as given.
   */
  frame?: FrameStep[];
}

/** How to look at an image (the engine's `Look`), and whether to wait for a thread. */
export interface LookOptions extends Look {
  /** only if a thread is free now: a scan that can do without it never waits behind others' */
  ifIdle?: boolean;
  /** ms this look may run before its caller gets 503, if shorter than the pool's deadline */
  deadlineMs?: number;
  /**
   * Aborted when nobody wants the reading any more (the client went away): a scan still waiting
   * leaves the queue at once; one already running is left to finish, as a deadline leaves it.
   */
  signal?: AbortSignal;
}

export interface OcrPool {
  recognize(image: Buffer, look?: LookOptions): Promise<OcrResult>;
  /** Loads the models in every worker now rather than on the first scan. */
  warmUp(): Promise<void>;
  /** Refuses new scans, waits for running ones (up to `waitMs`), then ends the workers. */
  close(waitMs?: number): Promise<void>;
}

/**
 * Why the pool did not read a scan: full, too slow, or no longer wanted. The pool knows no HTTP; the
 * receipts module answers its client from the code (modules/receipts/service.ts).
 */
export class OcrPoolError extends Error {
  constructor(
    readonly code: 'service_unavailable' | 'scan_timeout' | 'scan_cancelled',
    message: string,
  ) {
    super(message);
    this.name = 'OcrPoolError';
  }
}

export const busy = () =>
  new OcrPoolError('service_unavailable', 'Service temporarily unavailable - please try again');
const timedOut = () =>
  new OcrPoolError('scan_timeout', 'Reading the receipt took too long - please try again');
export const cancelled = () => new OcrPoolError('scan_cancelled', 'The scan was cancelled');

interface Waiter {
  start: () => void;
  refuse: () => void;
  timer: NodeJS.Timeout;
}

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const threads = options.threads ?? 2;
  const maxQueue = options.maxQueue ?? 8;
  const queueWaitMs = options.queueWaitMs ?? 20_000;
  const deadlineMs = options.deadlineMs ?? 30_000;
  const stuckMs = options.stuckMs ?? 60_000;
  const { detectionMaxSide, deskew, secondOpinionBelow } = options;
  const settings: OcrSettings = {
    detectionMaxSide,
    detectionThreads: threads,
    deskew,
    secondOpinionBelow,
  };
  const { filename, execArgv } =
    options.worker ??
    workerModule(
      new URL('./ocr-worker.js', import.meta.url),
      new URL('./worker.ts', import.meta.url),
    );
  const piscina = new Piscina<DetectTask | ReadTask, DetectResult | ReadResult>({
    filename,
    // The worker has no default export: its handlers are named, and piscina loads this one at start.
    name: 'detect',
    execArgv,
    // Threads start on the first scan (or warm-up), so an app that never scans never loads models.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60 * 60_000,
    concurrentTasksPerWorker: 1,
  });
  reportPoolErrors(piscina, 'OCR threads');

  let running = 0;
  let closed = false;
  const waiting: Waiter[] = [];
  // Every task handed to piscina, settled or not, so close() can wait for them.
  const inFlight = new Set<Promise<unknown>>();

  /**
   * Resolves when a worker slot is ours; rejects with 503 when none frees up in time, or at once
   * when `signal` is aborted while waiting.
   */
  function acquire(ifIdle = false, signal?: AbortSignal): Promise<void> {
    if (closed) return Promise.reject(busy());
    if (signal?.aborted) return Promise.reject(cancelled());
    if (running < threads) {
      running++;
      return Promise.resolve();
    }
    if (ifIdle || waiting.length >= maxQueue) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const leave = (error: OcrPoolError) => {
        clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', onAbort);
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        reject(error);
      };
      const onAbort = () => leave(cancelled());
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        refuse: () => leave(busy()),
        timer: setTimeout(() => leave(busy()), queueWaitMs),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
    });
  }

  function release() {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays the same.
    if (next) next.start();
    else running--;
  }

  /** Finds the lines on one thread, then reads them on every thread. */
  async function scan(
    image: Buffer,
    look: LookOptions,
    signal: AbortSignal,
  ): Promise<Omit<OcrResult, 'queueMs'>> {
    const started = performance.now();
    const detectTask: DetectTask = { settings, image, look: { magnifyTo: look.magnifyTo } };
    const { page, lines, cropped, frame } = (await piscina.run(detectTask, {
      name: 'detect',
      signal,
    })) as DetectResult;
    const read = (some: DetectResult['lines']) => readOnEveryThread(page, some, signal);
    const found = (await read(lines)).filter((b): b is OcrBox => b !== null);
    // Where the detector missed some of the price column, its strips are read again (strips.ts).
    const boxes = await withMissedPrices(found, page, read);
    return { boxes, ocrMs: performance.now() - started, paperCropped: cropped, frame };
  }

  /** Lines of a page read on every thread, a run at a time (readingRuns); in the lines' order. */
  async function readOnEveryThread(
    page: DetectResult['page'],
    lines: DetectResult['lines'],
    signal: AbortSignal,
  ): Promise<ReadResult> {
    // Every run settles before the scan does, so a failed one cannot free the scan's slot while
    // another run still holds a thread.
    const settled = await Promise.allSettled(
      readingRuns(lines.length, threads).map(([from, to]) => {
        const readTask: ReadTask = { settings, page, lines: lines.slice(from, to) };
        return piscina.run(readTask, { name: 'read', signal }) as Promise<ReadResult>;
      }),
    );
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.flatMap((r) => (r as PromiseFulfilledResult<ReadResult>).value);
  }

  /** `limited`: whether the caller gets 503 past the deadline (not for warm-up, which loads models). */
  async function recognize(image: Buffer, look: LookOptions = {}, limited = true) {
    const arrived = performance.now();
    await acquire(look.ifIdle, look.signal);
    const started = performance.now();
    const abort = new AbortController();
    // Every run of the scan's lines listens for its end (readOnEveryThread): a long receipt has more
    // than Node's default ten.
    setMaxListeners(0, abort.signal);
    const stuck = setTimeout(() => abort.abort(), deadlineMs + stuckMs);
    const task = scan(image, look, abort.signal).finally(() => {
      clearTimeout(stuck);
      inFlight.delete(task);
      release();
    });
    inFlight.add(task);
    let deadline: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_, reject) => {
      const ms = Math.min(deadlineMs, look.deadlineMs ?? Infinity);
      if (limited) deadline = setTimeout(() => reject(timedOut()), ms);
    });
    try {
      const result = await Promise.race([task, overrun]);
      return { ...result, queueMs: started - arrived };
    } finally {
      clearTimeout(deadline);
      // A task that lost the race still settles later; its outcome is no longer anyone's concern.
      task.catch(() => {});
    }
  }

  return {
    recognize: (image, look) => recognize(image, look),
    async warmUp() {
      const { default: sharp } = await import('sharp');
      const white = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#fff' },
      })
        .jpeg()
        .toBuffer();
      await Promise.all(Array.from({ length: threads }, () => recognize(white, {}, false)));
    },
    async close(waitMs = 8_000) {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.refuse();
      const settled = Promise.allSettled([...inFlight]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([settled, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
      clearTimeout(timer);
      await piscina.destroy();
    },
  };
}

/**
 * A page's lines as runs for the threads to read, [from, to) in the page's order, longest first:
 * each run takes 1 / (2 x threads) of the lines not yet given out (guided self-scheduling), so the
 * threads start on long runs and even out on short ones at the end, whichever of them is held up.
 * A line's cost varies fourfold (a long name against a short price; an unsure figure read again by
 * the slower English model): dealt out every other line, on the slowest synthetic receipts one
 * thread finished its half 0.1-0.8 s before the other and sat idle.
 */
export function readingRuns(count: number, threads: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let from = 0; from < count;) {
    const to = from + Math.max(1, Math.ceil((count - from) / (2 * threads)));
    runs.push([from, to]);
    from = to;
  }
  return runs;
}
