import type { ReceiptReading } from '../../../contracts/receipts';
import { parseReceipt } from '../../../domain/receipt/parse-receipt';
import { isPairingUnsure } from '../../../domain/receipt/pairing';
import type { OcrBox, ParsedReceipt } from '../../../domain/receipt/types';
import { toDecimalString } from '../../../domain/money';
import type { OcrPool } from '../../adapters/ocr/pool';
import { normaliseReceiptImage, type NormalisedImage } from './image';

// The whole scan, as the upload handler and bench/receipts both run it:
// image stage -> OCR (worker pool) -> parser, each stage timed.
//
// A closer look: when a small photo's items do not add up to its printed subtotal or total, it is
// read once more, enlarged, and that reading is kept if its items do add up. In a photo a few
// hundred pixels high the text is 6 to 8 px tall, and the detector can run two rows of a price
// column into one box or lose the column; enlarged, it separates them. Enlarging every small photo
// reads worse overall (it splits and misreads other lines), so it is only a second look, and the
// receipt's own sums decide (docs/decisions/009-closer-look.md).

/** Photos smaller than this (longest side) get a closer look at this size when they do not add up. */
export const CLOSER_LOOK_SIDE = 960;

/**
 * A closer look must end within this many ms of the scan's start, well inside the client's 15 s
 * wait for a reading (PROCESSING_TIMEOUT_MS), upload and polling included. It is only started when
 * the time left is over twice what the first look took; else the first reading is answered.
 */
export const CLOSER_LOOK_BUDGET_MS = 9_000;

export interface ScanOutcome {
  image: NormalisedImage;
  boxes: OcrBox[];
  parsed: ParsedReceipt;
  timings: ReceiptReading['timings'];
}

export async function scanReceipt(
  bytes: Buffer,
  ocr: OcrPool,
  {
    closerLook = true,
    signal,
  }: {
    closerLook?: boolean;
    /** aborted when nobody wants the reading any more: no queueing, no closer look */
    signal?: AbortSignal;
  } = {},
): Promise<ScanOutcome> {
  const started = performance.now();
  const image = await normaliseReceiptImage(bytes);
  const imageMs = performance.now() - started;
  let parseMs = 0;
  const parse = (boxes: OcrBox[]) => {
    const parseStarted = performance.now();
    const parsed = parseReceipt(boxes);
    parseMs += performance.now() - parseStarted;
    return parsed;
  };
  const first = await ocr.recognize(image.jpeg, { signal });
  let reading = { ...first, parsed: parse(first.boxes) };
  let { ocrMs, queueMs } = first;
  const timeLeft = CLOSER_LOOK_BUDGET_MS - (performance.now() - started);
  if (
    closerLook &&
    !signal?.aborted &&
    !reading.parsed.checks.itemsMatchTotal &&
    Math.max(image.width, image.height) < CLOSER_LOOK_SIDE &&
    timeLeft > 2 * first.ocrMs
  ) {
    // The first reading stands if the closer look cannot be had in time: it never waits for a
    // thread (other people's scans come first), it may run only for the time left, and a failure
    // here is not the user's.
    const closer = await ocr
      .recognize(image.jpeg, {
        magnifyTo: CLOSER_LOOK_SIDE,
        ifIdle: true,
        deadlineMs: Math.round(timeLeft),
      })
      .catch(() => null);
    if (closer) {
      ocrMs += closer.ocrMs;
      queueMs += closer.queueMs;
      const parsed = parse(closer.boxes);
      if (parsed.checks.itemsMatchTotal) reading = { ...closer, parsed };
    }
  }
  const round = (n: number) => Math.round(n);
  return {
    image,
    boxes: reading.boxes,
    parsed: reading.parsed,
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
    items: p.items.map((i) => ({
      name: i.name,
      amount: toDecimalString(i.amountPence),
      unsure: isPairingUnsure(i),
    })),
    subtotal: money(p.subtotalPence),
    tax: money(p.taxPence),
    addedTax: money(p.addedTaxPence),
    serviceCharge: money(p.serviceChargePence),
    serviceChargePercent: p.serviceChargePercent,
    tip: money(p.tipPence),
    total: money(p.totalPence),
    establishmentName: p.establishmentName,
    checks: {
      itemsMatchTotal: p.checks.itemsMatchTotal,
      difference: toDecimalString(p.checks.differencePence),
      against: p.checks.against,
      figure: money(p.checks.figurePence),
      label: p.checks.figureLabel,
    },
    message: n === 0 ? 'No items found' : `${n} ${n === 1 ? 'item' : 'items'} found`,
    error: null,
    rawText: p.rawText,
    timings: outcome.timings,
  };
}
