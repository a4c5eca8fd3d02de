import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createOcrPool,
  OcrPoolError,
  readingRuns,
  type OcrPool,
  type OcrPoolOptions,
} from './pool';

const worker = {
  filename: fileURLToPath(new URL('./testing/sleep-worker.mjs', import.meta.url)),
  execArgv: [],
};
/** A scan the sleep worker takes `tens` x 10 ms over, labelled `id`, with `lines` lines from `id`. */
const scan = (tens: number, id = 0, lines = 1) => Buffer.from([tens, id, lines]);

let pool: OcrPool | undefined;
const make = (options: OcrPoolOptions) => (pool = createOcrPool({ worker, ...options }));
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof OcrPoolError ? err.code : String(err)),
  );

describe('OCR pool admission', () => {
  it('runs as many scans as threads, queues up to maxQueue, and refuses the rest at once', async () => {
    const p = make({ threads: 2, maxQueue: 1 });
    await p.warmUp();
    const settled: number[] = [];
    const results = [0, 1, 2, 3].map((id) =>
      codeOf(p.recognize(scan(20, id))).finally(() => settled.push(id)),
    );
    expect(await Promise.all(results)).toEqual(['ok', 'ok', 'ok', 'service_unavailable']);
    // the fourth was refused before any scan ended
    expect(settled[0]).toBe(3);
  });

  it('answers 503 to a scan that waits past queueWaitMs while the worker is busy', async () => {
    const p = make({ threads: 1, maxQueue: 4, queueWaitMs: 100 });
    await p.warmUp();
    let firstDone = false;
    const first = p.recognize(scan(50)).finally(() => (firstDone = true));
    const second = codeOf(p.recognize(scan(1)));
    expect(await second).toBe('service_unavailable');
    expect(firstDone).toBe(false);
    await first;
    // after the first ends the worker is free again
    expect((await p.recognize(scan(1, 7))).boxes[0]?.text).toBe('7');
  });

  it('refuses at once a scan asked for only if a thread is idle, though the queue has room', async () => {
    const p = make({ threads: 1, maxQueue: 4 });
    await p.warmUp();
    let firstDone = false;
    const first = p.recognize(scan(30)).finally(() => (firstDone = true));
    expect(await codeOf(p.recognize(scan(1), { ifIdle: true }))).toBe('service_unavailable');
    expect(firstDone).toBe(false);
    await first;
    expect((await p.recognize(scan(1, 5), { ifIdle: true })).boxes[0]?.text).toBe('5');
  });

  it('answers scan_timeout past the deadline and keeps the slot until the worker is done', async () => {
    const p = make({ threads: 1, maxQueue: 4, deadlineMs: 100 });
    await p.warmUp();
    expect(await codeOf(p.recognize(scan(40, 1)))).toBe('scan_timeout');
    // the overrun scan still holds the only worker: the next one waits for it to finish
    const next = await p.recognize(scan(1, 2));
    expect(next.boxes[0]?.text).toBe('2');
    expect(next.queueMs).toBeGreaterThan(150);
  });

  it("answers scan_timeout past a look's own deadline when it is shorter than the pool's", async () => {
    const p = make({ threads: 1, maxQueue: 4, deadlineMs: 10_000 });
    await p.warmUp();
    const started = performance.now();
    // The scan takes 1500 ms: answered well before it ends, though timers run late under load.
    expect(await codeOf(p.recognize(scan(150, 1), { deadlineMs: 100 }))).toBe('scan_timeout');
    expect(performance.now() - started).toBeLessThan(1000);
    // a longer look deadline than the pool's does not extend it
    expect((await p.recognize(scan(1, 3), { deadlineMs: 60_000 })).boxes[0]?.text).toBe('3');
  });

  it('lets a waiting scan whose caller went away leave the queue at once, and the next one move up', async () => {
    const p = make({ threads: 1, maxQueue: 4 });
    await p.warmUp();
    let firstDone = false;
    const first = p.recognize(scan(30, 1)).finally(() => (firstDone = true));
    const gone = new AbortController();
    const abandoned = codeOf(p.recognize(scan(250, 2), { signal: gone.signal }));
    const next = p.recognize(scan(1, 3));
    gone.abort();
    expect(await abandoned).toBe('scan_cancelled');
    expect(firstDone).toBe(false);
    await first;
    // the next waiter started right after the first: it did not wait for the abandoned scan
    const { boxes, queueMs } = await next;
    expect(boxes[0]?.text).toBe('3');
    expect(queueMs).toBeLessThan(2000); // about 300 ms; 2800 had it waited for the abandoned one
    // a caller already gone is not queued at all, and a running scan is left to finish
    expect(await codeOf(p.recognize(scan(1), { signal: AbortSignal.abort() }))).toBe(
      'scan_cancelled',
    );
    const late = new AbortController();
    const running = p.recognize(scan(10, 4), { signal: late.signal });
    await new Promise((r) => setTimeout(r, 20));
    late.abort();
    expect((await running).boxes[0]?.text).toBe('4');
  });

  it('close() refuses waiting scans and lets the running one finish', async () => {
    const p = make({ threads: 1, maxQueue: 4 });
    await p.warmUp();
    const running = p.recognize(scan(20, 1));
    const waiting = codeOf(p.recognize(scan(1, 2)));
    await new Promise((r) => setTimeout(r, 20));
    const closing = p.close();
    expect(await waiting).toBe('service_unavailable');
    expect((await running).boxes[0]?.text).toBe('1');
    await closing;
    expect(await codeOf(p.recognize(scan(1)))).toBe('service_unavailable');
    pool = undefined;
  });

  it("reads a page's lines on every thread and gives them back in the page's order", async () => {
    const p = make({ threads: 2 });
    await p.warmUp();
    const { boxes } = await p.recognize(scan(1, 10, 5));
    expect(boxes.map((b) => b.text)).toEqual(['10', '11', '12', '13', '14']);
    // Runs [10, 11], [12], [13], [14]: the first two at once on the two threads.
    const threadOf = boxes.map((b) => b.score);
    expect(new Set(threadOf).size).toBe(2);
    expect(threadOf[0]).toBe(threadOf[1]);
    expect(threadOf[2]).not.toBe(threadOf[0]);
  });

  it('gives the lines still to read to the thread that is free while the other is held up', async () => {
    const p = make({ threads: 2 });
    await p.warmUp();
    // Line 100 takes 1500 ms; its run is lines 100 to 104, and the other 8 runs take 20 ms each.
    const { boxes } = await p.recognize(scan(0, 100, 20));
    expect(boxes.map((b) => Number(b.text))).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
    const held = boxes[0]!.score;
    // Dealt out every other line, the held-up thread would have had 10 of the 20.
    expect(boxes.filter((b) => b.score === held)).toHaveLength(5);
  });

  it('settles a scan whose run of lines failed only once the other run is done', async () => {
    const p = make({ threads: 2 });
    await p.warmUp();
    const started = performance.now();
    // Lines 249 (slow, 200 ms) and 250 (fails at once) go to different threads.
    await expect(p.recognize(scan(0, 249, 2))).rejects.toThrow('unreadable line');
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    // The pool still scans afterwards.
    expect((await p.recognize(scan(0, 3, 2))).boxes.map((b) => b.text)).toEqual(['3', '4']);
  });

  it('reads a page without lines, and one with a single line, on one thread', async () => {
    const p = make({ threads: 2 });
    await p.warmUp();
    expect((await p.recognize(scan(1, 0, 0))).boxes).toEqual([]);
    expect((await p.recognize(scan(1, 3, 1))).boxes.map((b) => b.text)).toEqual(['3']);
  });
});

describe('readingRuns', () => {
  it('covers every line once, in order, in runs that only get shorter, down to one line', () => {
    for (const [count, threads] of [
      [0, 2],
      [1, 2],
      [2, 2],
      [171, 2],
      [40, 1],
      [100, 4],
    ] as const) {
      const runs = readingRuns(count, threads);
      expect(
        runs.flatMap(([from, to]) => Array.from({ length: to - from }, (_, i) => from + i)),
      ).toEqual(Array.from({ length: count }, (_, i) => i));
      const sizes = runs.map(([from, to]) => to - from);
      for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]!);
      if (count > 0) expect(sizes.at(-1)).toBe(1);
    }
  });

  it('gives out a quarter of the lines left at a time on two threads, a few dozen tasks at most', () => {
    expect(readingRuns(171, 2).slice(0, 3)).toEqual([
      [0, 43],
      [43, 75],
      [75, 99],
    ]);
    expect(readingRuns(171, 2).length).toBeLessThan(20);
    expect(readingRuns(2, 2)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});
