import type { ReceiptBox, ReceiptReading } from '../../../contracts/receipts';
import { parseReceipt } from '../../../domain/receipt/parse-receipt';
import { unsureReasons } from '../../../domain/receipt/pairing';
import type { OcrBox, ParsedReceipt, ReceiptRect } from '../../../domain/receipt/types';
import { toDecimalString } from '../../../domain/money';
import { toImagePoint, toImageRect, type FrameStep } from '../../adapters/ocr/frame';
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

// A sharper look: a photo sent larger than the stored MAX_SIDE (a phone camera's 12 MP) is read
// from its 2000 px copy first. When that reading does not add up and the OCR found the paper small
// in its frame (less than half of it, the case of a long receipt photographed whole; a close-up
// gains nothing and costs a 12 MP decode), the photo is read once more from
// up to SHARPER_LOOK_SIDE of its own pixels: a long receipt photographed whole takes a third of the
// frame's width or less, and at 2000 px its text is too few pixels high to read, while the photo
// itself had twice as many. The OCR finds the paper and reads it at a legible scale either way
// (adapters/ocr/paper.ts); the receipt's own sums choose between the two readings (betterReading).

/** The most of a photo's own pixels a sharper look reads (longest side). */
export const SHARPER_LOOK_SIDE = 4096;

/** Photos smaller than this (longest side) get a closer look at this size when they do not add up. */
export const CLOSER_LOOK_SIDE = 960;

/**
 * A closer look must end within this many ms of the scan's start, well inside the client's 15 s
 * wait for a reading (PROCESSING_TIMEOUT_MS), upload and polling included. It is only started when
 * the time left is over twice what the first look took; else the first reading is answered.
 */
export const CLOSER_LOOK_BUDGET_MS = 9_000;

/**
 * A second look the scan wanted (its first reading did not add up): kept, read but not kept, or
 * not had (no time left for it, no idle thread, or it failed). Whether one is had depends on how
 * long the first look took, so on the machine and its load.
 */
export interface SecondLook {
  kind: 'sharper' | 'closer';
  outcome: 'kept' | 'not kept' | 'not had';
}

export interface ScanOutcome {
  image: NormalisedImage;
  boxes: OcrBox[];
  parsed: ParsedReceipt;
  /** where the reading's boxes sit on the photo (see onPhoto) */
  placement: Placement;
  timings: ReceiptReading['timings'];
  /** the second looks wanted, in the order tried (bench/receipts counts them) */
  secondLooks: SecondLook[];
}

export async function scanReceipt(
  bytes: Buffer,
  ocr: OcrPool,
  {
    closerLook = true,
    sharperLook = true,
    signal,
  }: {
    closerLook?: boolean;
    sharperLook?: boolean;
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
  let reading = { ...first, parsed: parse(first.boxes), size: sizeOf(image) };
  let { ocrMs, queueMs } = first;
  const timeLeft = () => CLOSER_LOOK_BUDGET_MS - (performance.now() - started);
  /** A second look is only started when it can take as long as the first, twice over. */
  const affordable = () => !signal?.aborted && timeLeft() > 2 * first.ocrMs;
  /** A second look never waits for a thread, runs only for the time left, and may fail quietly. */
  const secondLook = async (
    jpeg: Buffer,
    size: { width: number; height: number },
    magnifyTo?: number,
  ) => {
    if (!affordable()) return null;
    const look = await ocr
      .recognize(jpeg, { magnifyTo, ifIdle: true, deadlineMs: Math.round(timeLeft()) })
      .catch(() => null);
    if (!look) return null;
    ocrMs += look.ocrMs;
    queueMs += look.queueMs;
    return { ...look, parsed: parse(look.boxes), size };
  };
  const secondLooks: SecondLook[] = [];
  /** A second look's reading (null when not had) and whether it was kept, noted. */
  const tried = (kind: SecondLook['kind'], look: unknown, kept: boolean) =>
    secondLooks.push({ kind, outcome: !look ? 'not had' : kept ? 'kept' : 'not kept' });
  if (
    sharperLook &&
    first.paperCropped &&
    !reading.parsed.checks.itemsMatchTotal &&
    image.sourceSide > Math.max(image.width, image.height)
  ) {
    // Decoding up to 16 MP takes a few tenths of a second: not for a look there is no time for.
    const sharp = affordable()
      ? await normaliseReceiptImage(bytes, { maxSide: SHARPER_LOOK_SIDE }).catch(() => null)
      : null;
    const sharper = sharp && (await secondLook(sharp.jpeg, sizeOf(sharp)));
    const kept = !!sharper && betterReading(sharper.parsed, reading.parsed);
    tried('sharper', sharper, kept);
    if (sharper && kept) reading = sharper;
  }
  if (
    closerLook &&
    !reading.parsed.checks.itemsMatchTotal &&
    Math.max(image.width, image.height) < CLOSER_LOOK_SIDE
  ) {
    // The first reading stands if the closer look cannot be had in time; a failure here is not
    // the user's.
    const closer = await secondLook(image.jpeg, sizeOf(image), CLOSER_LOOK_SIDE);
    const kept = !!closer?.parsed.checks.itemsMatchTotal;
    tried('closer', closer, kept);
    if (closer && kept) reading = closer;
  }
  const round = (n: number) => Math.round(n);
  return {
    image,
    boxes: reading.boxes,
    parsed: reading.parsed,
    placement: { frame: reading.frame ?? [], ...reading.size },
    timings: {
      imageMs: round(imageMs),
      queueMs: round(Math.max(0, queueMs)),
      ocrMs: round(ocrMs),
      parseMs: round(parseMs),
      totalMs: round(performance.now() - started),
    },
    secondLooks,
  };
}

/**
 * Whether a second reading of the same photo is the better one, by the receipt's own sums: one
 * whose items add up to its printed total beats one that does not; else one that found a total
 * beats one that found none; else the one whose items come nearer their total.
 */
export function betterReading(second: ParsedReceipt, first: ParsedReceipt): boolean {
  if (first.checks.itemsMatchTotal !== second.checks.itemsMatchTotal)
    return second.checks.itemsMatchTotal;
  if ((first.totalPence === null) !== (second.totalPence === null))
    return second.totalPence !== null;
  if (first.totalPence === null) return second.items.length > first.items.length;
  return Math.abs(second.checks.differencePence) < Math.abs(first.checks.differencePence);
}

const sizeOf = ({ width, height }: { width: number; height: number }) => ({ width, height });

/**
 * How the boxes of a reading sit on the photo: the OCR's page made from the image it was given
 * (frame.ts), and that image's size (the stored photo, or a larger copy of the same photo).
 */
export interface Placement {
  frame: FrameStep[];
  width: number;
  height: number;
}

/**
 * A rectangle of the OCR's page as fractions of the photo (the contract's ReceiptBox), clamped to
 * it; null when none was given or it falls off the photo.
 */
export function onPhoto(rect: ReceiptRect | undefined, placement: Placement): ReceiptBox | null {
  if (!rect || !(placement.width > 0 && placement.height > 0)) return null;
  const r = toImageRect(placement.frame, rect);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const [left, right] = [clamp(r.left / placement.width), clamp(r.right / placement.width)];
  const [top, bottom] = [clamp(r.top / placement.height), clamp(r.bottom / placement.height)];
  if (right <= left || bottom <= top) return null;
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  // The page's rows are level; on the photo they are turned as the page was (its top edge's turn).
  const [a, b] = [
    toImagePoint(placement.frame, [rect.left, rect.top]),
    toImagePoint(placement.frame, [rect.right, rect.top]),
  ];
  const angle = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  return {
    x: round(left),
    y: round(top),
    width: round(right - left),
    height: round(bottom - top),
    angle: Math.abs(angle) <= 45 ? Math.round(angle * 100) / 100 : 0,
  };
}

/** The domain result (pence) as the API's reading (2-decimal strings). */
export function toReading(
  receiptId: string,
  outcome: Pick<ScanOutcome, 'parsed' | 'timings'> & Partial<Pick<ScanOutcome, 'placement'>>,
): ReceiptReading {
  const placement = outcome.placement ?? { frame: [], width: 0, height: 0 };
  const p = outcome.parsed;
  const money = (v: number | null) => (v === null ? null : toDecimalString(v));
  const n = p.items.length;
  return {
    receiptId,
    items: p.items.map((i) => {
      const why = unsureReasons(i);
      return {
        name: i.name,
        amount: toDecimalString(i.amountPence),
        unsure: why.length > 0,
        unsureWhy: why,
        box: onPhoto(i.box, placement),
        quantity: i.quantity !== undefined && i.quantity > 1 ? i.quantity : null,
        note: i.note ?? null,
      };
    }),
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
    // Stored readings from before the field have none.
    unusedLines: (p.unusedLines ?? []).map((l) => ({
      text: l.text,
      name: l.name,
      amount: toDecimalString(l.amountPence),
      box: onPhoto(l.box, placement),
    })),
    message: n === 0 ? 'No items found' : `${n} ${n === 1 ? 'item' : 'items'} found`,
    error: null,
    rawText: p.rawText,
    timings: outcome.timings,
  };
}
