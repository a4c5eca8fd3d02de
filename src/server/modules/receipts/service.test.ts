import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { boxesOfLines } from '../../../testing/ocr-boxes';
import type { OcrPool } from '../../adapters/ocr/pool';
import type { ReceiptsRepo } from './repo';
import { createReceiptsService, SCANS_PER_USER } from './service';

const READING = boxesOfLines(['Tea 2.50', 'TOTAL 2.50']);

/** An OCR pool whose scans wait until `release()`, and fail when asked to. */
function heldOcr() {
  const waiting: { done: () => void; fail: () => void }[] = [];
  const pool: OcrPool = {
    recognize: () =>
      new Promise((resolve, reject) => {
        waiting.push({
          done: () => resolve({ boxes: READING, ocrMs: 1, queueMs: 0 }),
          fail: () => reject(new Error('worker died')),
        });
      }),
    warmUp: async () => {},
    close: async () => {},
  };
  return {
    pool,
    started: () => waiting.length,
    release: () => waiting.splice(0).forEach((w) => w.done()),
    failAll: () => waiting.splice(0).forEach((w) => w.fail()),
  };
}

const repo: ReceiptsRepo = {
  insert: async () => crypto.randomUUID(),
  findImage: async () => null,
};

const photo = () =>
  sharp({ create: { width: 200, height: 300, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();

/** Lets the image stage of every scan started so far reach the OCR pool. */
async function untilStarted(ocr: ReturnType<typeof heldOcr>, n: number) {
  for (let i = 0; i < 200 && ocr.started() < n; i++) await new Promise((r) => setTimeout(r, 5));
  expect(ocr.started()).toBe(n);
}

describe('receipt scans per account', () => {
  it(`lets one account have ${SCANS_PER_USER} scans under way, answers 503 beyond, and leaves others theirs`, async () => {
    const ocr = heldOcr();
    const service = createReceiptsService(repo, ocr.pool);
    const image = await photo();
    const alice = Array.from({ length: SCANS_PER_USER }, () => service.scan('alice', image));
    await untilStarted(ocr, SCANS_PER_USER);

    await expect(service.scan('alice', image)).rejects.toMatchObject({
      status: 503,
      code: 'too_many_scans',
      message: 'Your other receipts are still being read - please wait for them to finish',
    });
    const bob = service.scan('bob', image);
    await untilStarted(ocr, SCANS_PER_USER + 1);

    ocr.release();
    for (const reading of [...alice, bob]) {
      expect((await reading).items).toEqual([{ name: 'Tea', amount: '2.50' }]);
    }
    // Finished scans free their places.
    const again = service.scan('alice', image);
    await untilStarted(ocr, 1);
    ocr.release();
    expect((await again).total).toBe('2.50');
  });

  it('frees the place of a scan that failed', async () => {
    const ocr = heldOcr();
    const service = createReceiptsService(repo, ocr.pool);
    const image = await photo();
    const failing = Array.from({ length: SCANS_PER_USER }, () =>
      service.scan('alice', image).catch((err: Error) => err),
    );
    await untilStarted(ocr, SCANS_PER_USER);
    ocr.failAll();
    for (const result of failing) expect(await result).toBeInstanceOf(Error);

    const next = service.scan('alice', image);
    await untilStarted(ocr, 1);
    ocr.release();
    expect((await next).items).toHaveLength(1);
  });
});
