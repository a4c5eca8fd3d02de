import type { ReceiptReading } from '../../../contracts/receipts';
import type { OcrPool } from '../../adapters/ocr/pool';
import { notFound } from '../../http/errors';
import { scanReceipt, toReading } from './pipeline';
import type { ReceiptsRepo } from './repo';

export function createReceiptsService(repo: ReceiptsRepo, ocr: OcrPool) {
  return {
    /** Reads one uploaded photo and keeps the scan for its owner. */
    async scan(ownerId: string, bytes: Buffer): Promise<ReceiptReading> {
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
    },
    async image(ownerId: string, id: string) {
      const found = await repo.findImage(ownerId, id);
      if (!found) throw notFound('Receipt not found');
      return found;
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
