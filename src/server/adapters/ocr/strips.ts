import { isPriceBox } from '../../../domain/receipt/lines-from-boxes';
import type { OcrBox } from '../../../domain/receipt/types';
import type { TextLine } from './paddle';
import type { Rect } from './paper';

// A price column the detector missed in places: on a small or soft photo it finds most of a
// column's prices but not every one ('2 x Coca-Cola' read, its '£3.90' not found at all). Where a
// line's words stand left of the receipt's price column and nothing was found beside them in the
// column, the strip of the column on that line is read again on its own (paddle.ts): a price read
// there is added to the page's boxes, and the row lines pair it with its name as any other. Not
// where a price with no words beside it stands just under the name: that is the name's own price
// on a line of its own (a supermarket's code line), a layout and not a miss. Measured in decision
// 014.

/**
 * A box of the price column this many times the page's typical box height, beside two lines of
 * words or more, is their rows' prices read as one box (on a large photo the detector runs a
 * column's rows together, and the recogniser then reads one of them, or only the pence): it finds
 * nothing beside those lines, so their strips are read again, and it gives way to their prices.
 */
const MERGED_ROWS_HEIGHT = 1.8;
/** The rows of such a box have their middles this share of its height or more from its edges. */
const INSIDE_SHARE = 0.15;
/** A column is a column from this many prices on. */
const MIN_COLUMN_PRICES = 3;
/** At most this many strips are read again on a page (about 15 ms each). */
export const MAX_STRIPS = 24;
/** Lines this many text heights above the column's first price may still be its items. */
const ROWS_ABOVE = 8;

interface Placed {
  left: number;
  right: number;
  top: number;
  bottom: number;
  centre: number;
}

function place(b: OcrBox): Placed {
  const xs = b.box.map((p) => p[0]);
  const ys = b.box.map((p) => p[1]);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  return {
    left: Math.min(...xs),
    right: Math.max(...xs),
    top,
    bottom,
    centre: (top + bottom) / 2,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const lettered = (text: string) => /\p{L}{2,}/u.test(text) && !isPriceBox(text);

/**
 * The boxes that are several rows read as one: at least MERGED_ROWS_HEIGHT times the page's
 * typical box height, figures without words, with the middles of two boxes of words or more left of
 * them well inside their height. A price printed large beside a large 'TOTAL' has one.
 */
export function rowsReadAsOne(boxes: readonly OcrBox[]): Set<OcrBox> {
  if (boxes.length === 0) return new Set();
  const placed = boxes.map((b) => ({ box: b, at: place(b) }));
  const height = median(placed.map((p) => p.at.bottom - p.at.top));
  const words = placed.filter((p) => lettered(p.box.text));
  const merged = placed.filter(({ box, at }) => {
    const tall = at.bottom - at.top;
    if (tall < MERGED_ROWS_HEIGHT * height || !/\d/.test(box.text) || lettered(box.text))
      return false;
    // Well inside its height: a large price's box reaches into the rows above and below it.
    const inside = (w: (typeof words)[number]) =>
      w.at.right <= at.left &&
      w.at.centre > at.top + INSIDE_SHARE * tall &&
      w.at.centre < at.bottom - INSIDE_SHARE * tall;
    return words.filter(inside).length >= 2;
  });
  return new Set(merged.map((p) => p.box));
}

/**
 * The strips of a page's price column to read again: one per line of words left of the column
 * with nothing found beside it in the column and no unnamed price just under it, between a few
 * rows above the column's first price and its last. Empty when the page has no column of prices
 * (fewer than three, right-aligned). `merged`: the page's boxes of rows read as one, when the
 * caller has them already.
 */
export function missedPriceStrips(
  boxes: readonly OcrBox[],
  page: { width: number; height: number },
  merged: ReadonlySet<OcrBox> = rowsReadAsOne(boxes),
): Rect[] {
  const placed = boxes.map((b) => ({ box: b, at: place(b) }));
  const prices = placed.filter((p) => isPriceBox(p.box.text) && !merged.has(p.box));
  if (prices.length < MIN_COLUMN_PRICES) return [];
  const height = median(placed.map((p) => p.at.bottom - p.at.top));
  // The column: the prices whose right edges line up with the most common right edge.
  const right = median(prices.map((p) => p.at.right));
  const column = prices.filter((p) => Math.abs(p.at.right - right) <= 1.5 * height);
  if (column.length < MIN_COLUMN_PRICES) return [];
  const left = Math.min(...column.map((p) => p.at.left));
  const columnRight = Math.max(...column.map((p) => p.at.right));
  const first = Math.min(...column.map((p) => p.at.top));
  const last = Math.max(...column.map((p) => p.at.bottom));
  // Anything found in the column's span of x, on any line: a strip there would read it again.
  const inColumn = placed.filter(
    (p) => p.at.right > left && p.at.left < columnRight && !merged.has(p.box),
  );
  const words = placed.filter((p) => lettered(p.box.text) && p.at.right <= left - height / 2);
  // A price with no words beside it, printed under a name: the name's own price on a line of its
  // own (a product code beside it, or nothing), a layout rather than a price the detector missed.
  const unnamed = column.filter(
    (p) => !words.some((w) => Math.abs(w.at.centre - p.at.centre) < 0.6 * height),
  );
  const strips: Rect[] = [];
  for (const { box, at } of placed) {
    if (strips.length >= MAX_STRIPS) break;
    if (!lettered(box.text)) continue;
    if (at.right > left - height / 2) continue; // reaches into the column: its price is its own
    if (at.centre < first - ROWS_ABOVE * height || at.centre > last) continue;
    const near = (centre: number) => Math.abs(centre - at.centre) < 0.6 * height;
    // Something found beside it in the column, or its line's strip taken already (its words
    // read as two boxes, '2 x' and 'Coca-Cola').
    if (inColumn.some((p) => near(p.at.centre)) || strips.some((s) => near(s.top + s.height / 2)))
      continue;
    const below = (centre: number) => centre > at.centre && centre - at.centre < 2.5 * height;
    if (unnamed.some((p) => below(p.at.centre))) continue;
    const x = Math.max(0, Math.floor(Math.max(at.right + 2, left - height / 2)));
    const y = Math.max(0, Math.floor(at.top));
    const width = Math.min(page.width, Math.ceil(columnRight + height / 2)) - x;
    const stripHeight = Math.min(page.height, Math.ceil(at.bottom)) - y;
    if (width > height && stripHeight > 4)
      strips.push({ left: x, top: y, width, height: stripHeight });
  }
  return strips;
}

/** A strip as a text line for the recogniser. */
export const rectLine = (r: Rect): TextLine => ({
  x: r.left,
  y: r.top,
  width: r.width,
  height: r.height,
});

/** What a strip's reading must be to be kept: a price alone, read surely. */
export const STRIP_PRICE_SCORE = 0.9;

export function isStripPrice(box: OcrBox | null): box is OcrBox {
  return box !== null && box.score >= STRIP_PRICE_SCORE && isPriceBox(box.text);
}

/**
 * The page's boxes with the prices read again in the strips of a price column the detector missed
 * (the one step the pool's scan and the engine's recognize both take); `read` recognises lines.
 */
export async function withMissedPrices(
  boxes: OcrBox[],
  page: { width: number; height: number },
  read: (lines: TextLine[]) => Promise<readonly (OcrBox | null)[]>,
): Promise<OcrBox[]> {
  const merged = rowsReadAsOne(boxes);
  const strips = missedPriceStrips(boxes, page, merged);
  if (strips.length === 0) return boxes;
  const found = (await read(strips.map(rectLine))).filter(isStripPrice);
  // A box of rows read as one gives way when two of its rows' prices or more were read again.
  const readAgain = (box: OcrBox) => {
    const { top, bottom } = place(box);
    return found.filter((f) => place(f).centre > top && place(f).centre < bottom).length >= 2;
  };
  return [...boxes.filter((b) => !merged.has(b) || !readAgain(b)), ...found];
}
