import type { ReceiptReading } from '../../../contracts/receipts';
import type { OcrPool } from '../../adapters/ocr/pool';
import { AppError, notFound } from '../../http/errors';
import { scanReceipt, toReading } from './pipeline';
import type { ReceiptsRepo } from './repo';

/**
 * Scans one account may have under way at once, from upload to answer. The OCR queue is shared by
 * everyone (2 reading, 8 waiting, pool.ts): without this, one account sending photos in a loop
 * would keep it full and every other user would get 503. A person reads one receipt at a time, or
 * two when they retake a photo before the first answer.
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

export function createReceiptsService(repo: ReceiptsRepo, ocr: OcrPool) {
  /** Scans under way per account, in this process. */
  const underWay = new Map<string, number>();

  return {
    /** Reads one uploaded photo and keeps the scan for its owner. */
    async scan(ownerId: string, bytes: Buffer): Promise<ReceiptReading> {
      const running = underWay.get(ownerId) ?? 0;
      if (running >= SCANS_PER_USER) throw tooManyScans();
      underWay.set(ownerId, running + 1);
      try {
        const outcome = await scanReceipt(bytes, ocr);
        const id = await repo.insert({
          ownerId,
          image: outcome.image.jpeg,
          mime: 'image/jpeg',
          ocrText: outcome.boxes.map((b) => b.text).join('\n'),
          parsed: outcome.parsed,
          timings: outcome.timings,
        });
        return toReading(id, outcome);
      } finally {
        const left = underWay.get(ownerId)! - 1;
        if (left > 0) underWay.set(ownerId, left);
        else underWay.delete(ownerId);
      }
    },
    async image(ownerId: string, id: string) {
      const found = await repo.findImage(ownerId, id);
      if (!found) throw notFound('Receipt not found');
      return found;
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
