import type { ReceiptReading } from '../../../contracts/receipts';
import { cancelled, OcrPoolError, type OcrPool } from '../../adapters/ocr/pool';
import { AppError, notFound } from '../../http/errors';
import { scanReceipt, toReading } from './pipeline';
import type { ReceiptsRepo } from './repo';

/**
 * Scans one account may have under way at once, from the first byte of the upload to the answer.
 * The OCR queue is shared by everyone (2 reading, 8 waiting, pool.ts): without this, one account
 * sending photos in a loop would keep it full and every other user would get 503. A person reads
 * one receipt at a time, or two when they retake a photo before the first answer.
 */
export const SCANS_PER_USER = 2;

const tooManyScans = () =>
  new AppError(
    503,
    'too_many_scans',
    'Your other receipts are still being read - please wait for them to finish',
    undefined,
    { 'retry-after': '5' },
  );

/**
 * How long a scan place is held at most, should its process die before giving it back: longer than
 * any scan can take (a 60 s upload, 20 s in the queue, the OCR's 30 s deadline).
 */
export const SCAN_PLACE_LEASE_MS = 3 * 60_000;

/** The pool's refusal as the client hears it: 503, with a retry hint when the pool was full. */
const unreadable = (err: OcrPoolError) =>
  new AppError(
    503,
    err.code,
    err.message,
    undefined,
    err.code === 'service_unavailable' ? { 'retry-after': '5' } : undefined,
  );

interface Logger {
  warn(obj: object, msg: string): void;
}

export function createReceiptsService(
  repo: ReceiptsRepo,
  ocr: OcrPool,
  opts: {
    /** Count scan places in the database, shared by every process (a PostgreSQL server). */
    sharedPlaces?: boolean;
    log?: Logger;
  } = {},
) {
  /** Scans under way per account, in this process (the embedded database: one process). */
  const underWay = new Map<string, number>();

  function admitInMemory(ownerId: string): () => void {
    const count = underWay.get(ownerId) ?? 0;
    if (count >= SCANS_PER_USER) throw tooManyScans();
    underWay.set(ownerId, count + 1);
    return () => {
      const left = underWay.get(ownerId)! - 1;
      if (left > 0) underWay.set(ownerId, left);
      else underWay.delete(ownerId);
    };
  }

  return {
    /**
     * Takes one of the account's scan places, before its photo is read: 503 when all are taken.
     * Call the returned function when the scan is over, however it ended.
     */
    async admit(ownerId: string): Promise<() => void> {
      if (!opts.sharedPlaces) return admitInMemory(ownerId);
      const place = await repo.takeScanPlace(ownerId, SCANS_PER_USER, SCAN_PLACE_LEASE_MS);
      if (!place) throw tooManyScans();
      return () => {
        // If this fails (the database went away), the lease runs out on its own.
        repo.releaseScanPlace(place).catch((err: unknown) => {
          opts.log?.warn({ err }, 'could not give back a scan place');
        });
      };
    },
    /**
     * Reads one uploaded photo and keeps the scan for its owner. `signal` is aborted when the client
     * has gone: a scan still queued is dropped, and a reading nobody will see is not kept.
     */
    async scan(ownerId: string, bytes: Buffer, signal?: AbortSignal): Promise<ReceiptReading> {
      const outcome = await scanReceipt(bytes, ocr, { signal }).catch((err: unknown) => {
        throw err instanceof OcrPoolError ? unreadable(err) : err;
      });
      if (signal?.aborted) throw unreadable(cancelled());
      const id = await repo.insert({
        ownerId,
        image: outcome.image.jpeg,
        mime: 'image/jpeg',
        ocrText: outcome.boxes.map((b) => b.text).join('\n'),
        parsed: outcome.parsed,
        timings: outcome.timings,
      });
      return toReading(id, outcome);
    },
    async image(ownerId: string, id: string) {
      const found = await repo.findImage(ownerId, id);
      if (!found) throw notFound('Receipt not found');
      return found;
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
