import type { ReceiptReading } from '../../../contracts/receipts';
import { parseReceipt } from '../../../domain/receipt/parse-receipt';
import type { OcrBox, ParsedReceipt } from '../../../domain/receipt/types';
import { toDecimalString } from '../../../domain/money';
import type { OcrPool } from '../../adapters/ocr/pool';
import { normaliseReceiptImage, type NormalisedImage } from './image';

// The whole scan, as the upload handler and bench/receipts both run it:
// image stage -> OCR (worker pool) -> parser, each stage timed.

export interface ScanOutcome {
  image: NormalisedImage;
  boxes: OcrBox[];
  parsed: ParsedReceipt;
  timings: ReceiptReading['timings'];
}

export async function scanReceipt(bytes: Buffer, ocr: OcrPool): Promise<ScanOutcome> {
  const started = performance.now();
  const image = await normaliseReceiptImage(bytes);
  const imageMs = performance.now() - started;
  const { boxes, ocrMs, queueMs } = await ocr.recognize(image.jpeg);
  const parseStarted = performance.now();
  const parsed = parseReceipt(boxes);
  const parseMs = performance.now() - parseStarted;
  const round = (n: number) => Math.round(n);
  return {
    image,
    boxes,
    parsed,
    timings: {
      imageMs: round(imageMs),
      queueMs: round(Math.max(0, queueMs)),
      ocrMs: round(ocrMs),
      parseMs: round(parseMs),
      totalMs: round(performance.now() - started),
    },
  };
}

/** The domain result (pence) as the API's reading (2-decimal strings). */
export function toReading(
  receiptId: string,
  outcome: Pick<ScanOutcome, 'parsed' | 'timings'>,
): ReceiptReading {
  const p = outcome.parsed;
  const money = (v: number | null) => (v === null ? null : toDecimalString(v));
  const n = p.items.length;
  return {
    receiptId,
    items: p.items.map((i) => ({ name: i.name, amount: toDecimalString(i.amountPence) })),
    subtotal: money(p.subtotalPence),
    tax: money(p.taxPence),
    serviceCharge: money(p.serviceChargePence),
    serviceChargePercent: p.serviceChargePercent,
    tip: money(p.tipPence),
    total: money(p.totalPence),
    establishmentName: p.establishmentName,
    checks: {
      itemsMatchTotal: p.checks.itemsMatchTotal,
      difference: toDecimalString(p.checks.differencePence),
      against: p.checks.against,
    },
    message: n === 0 ? 'No items found' : `${n} ${n === 1 ? 'item' : 'items'} found`,
    error: null,
    rawText: p.rawText,
    timings: outcome.timings,
  };
}
