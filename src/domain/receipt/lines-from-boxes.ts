import { findAmounts } from './amounts';
import { isOn } from './switches';
import { digitsOf, letterCount } from './text';
import type { OcrBox, ReceiptRect } from './types';

// Builds text lines from OCR boxes. PaddleOCR gives one box per run of text, so a receipt row such as
// "Fish & Chips ........ 12.50" usually arrives as two boxes (name, price) that must be put back on
// one line. Phone photos are rarely straight: a skew of 3 degrees moves the right-hand price 15 px
// up or down over 300 px, about the height of a line, so grouping by raw y mixes neighbouring rows;
// a curled or bent receipt moves its price column up here and down there, which no one rotation
// undoes.
//
// So the rows are fitted from the geometry (decision 014):
// 1. The tilt: from the boxes' own top and bottom edges (a tilted quadrilateral), and from the
//    columns when the detector gives upright rectangles that say nothing of the tilt: the price
//    column's right edges and the names' left margin run square to the rows (when the two agree:
//    see priceColumnAngle). The layout of each angle tried is fitted; the best is kept.
// 2. The rows: the boxes other than prices are grouped into rows.
// 3. The pairing: each price column is laid along the rows in order (prices never cross rows), its
//    offset from the rows allowed to drift smoothly down the receipt (a curl, a bend) but not to
//    jump (dynamic programming over the prices, top to bottom). A price that fits no row without a
//    jump stays a line of its own (the parser joins a price printed under its name).
// 4. How sure each pairing is: how far the price sits from where its neighbours' offsets put it,
//    against half the row pitch (at half a pitch it could as well belong to the next row).
// 5. The text: a row's boxes left to right, less a box read unsure beside one read sure (a stain).

/** A built line: its text, its boxes' texts left to right, and where it sits once deskewed. */
export interface ReceiptLine {
  text: string;
  segments: { text: string; left: number; right: number }[];
  /** deskewed vertical centre and typical box height, in image pixels */
  y: number;
  height: number;
  /** the line's boxes as one upright rectangle, in the OCR boxes' own pixels (not deskewed) */
  box: ReceiptRect;
  /**
   * How sure the pairing of the line's price (a box of its own) with the rest of the line is, 0 to
   * 1; absent when there was nothing to pair (no price box, or a line read as one box).
   */
  pairing?: number;
}

interface Placed {
  /** the box's index among those given */
  source: number;
  text: string;
  x: number;
  y: number;
  left: number;
  right: number;
  height: number;
  price?: boolean;
  /** the recogniser's confidence in the box's text */
  score: number;
  /** the box as given, upright, in the image's pixels */
  bounds: ReceiptRect;
}

/** Boxes whose text the recogniser was unsure of are mostly noise (stains, logos). */
const MIN_SCORE = 0.3;
/** Skew beyond this is not a tilted photo but a sideways one; we do not try to correct it. */
const MAX_SKEW_RADIANS = (20 * Math.PI) / 180;
/**
 * A box read less sure than this on a row with a box read surer is a stain, a pen mark, handwriting
 * or a column's marker ('NAPPIES loynicbn ouy 3.75'): it is left out of the row's text. Alone on its
 * row, or beside a price only, it may be the row's name, faded, and stays.
 */
export const UNSURE_BESIDE_SURE = 0.7;
/** A gap wider than this many line heights separates columns; it is kept as a wider space. */
const COLUMN_GAP_HEIGHTS = 1.5;

/** The text lines of a receipt, top to bottom, boxes joined left to right. */
export function linesFromBoxes(boxes: readonly OcrBox[]): string[] {
  return buildLines(boxes).map((line) => line.text);
}

/** A built line and the boxes it was built from, so it can be built again with a text changed. */
interface Built {
  line: ReceiptLine;
  members: Placed[];
  /** the row's fitted centre; none for a price no row took */
  rowY?: number;
  /** how sure the row's pairing with its price is */
  sure?: number;
}

interface Layout {
  lines: Built[];
  /** rows with a price paired */
  paired: number;
  /** how far the layout strays from straight rows and a smooth price column (lower is better) */
  misfit: number;
}

/** Groups boxes into lines (see the file comment). Pure and deterministic. */
export function buildLines(boxes: readonly OcrBox[]): ReceiptLine[] {
  return layoutLines(boxes).lines;
}

/** A receipt's lines, and the same lines with one box read another way. */
export interface LaidOut {
  lines: ReceiptLine[];
  /**
   * The lines built from the boxes with box `index` reading `text`. The same as buildLines over
   * the changed boxes; but where the change cannot move a box (the text is still a price, or still
   * not one: nothing else of a box's text decides the layout), only its own line is built again.
   */
  withText(index: number, text: string): ReceiptLine[];
}

/** buildLines, kept for building again with one box's text changed (LaidOut). */
export function layoutLines(boxes: readonly OcrBox[]): LaidOut {
  const best = fitBest(boxes);
  const lines = best?.lines.map((b) => b.line) ?? [];
  return {
    lines,
    withText(index, text) {
      const original = boxes[index];
      const at = best?.lines.findIndex((b) => b.members.some((m) => m.source === index)) ?? -1;
      if (
        !original ||
        at < 0 ||
        text.trim() === '' ||
        isPriceBox(text) !== isPriceBox(original.text)
      ) {
        return buildLines(boxes.map((b, k) => (k === index ? { ...b, text } : b)));
      }
      const { members, rowY, sure } = best!.lines[at]!;
      const changed = members.map((m) => (m.source === index ? { ...m, text: text.trim() } : m));
      return lines.map((line, k) => (k === at ? built(changed, rowY, sure).line : line));
    },
  };
}

function fitBest(boxes: readonly OcrBox[]): Layout | null {
  const usable = boxes
    .map((b, source) => ({ ...b, source }))
    .filter((b) => b.text.trim() !== '' && b.score >= MIN_SCORE && isQuad(b));
  if (usable.length === 0) return null;
  // The angles tried: none, the boxes' edges' (and half of it: on a curled receipt the long name
  // boxes on the left slope more than the rows do), and the price column's. The layout pairing the
  // most prices wins, then the one with the fewest lines, then the straightest.
  const estimated = dominantAngle(usable);
  const angles = [0, estimated / 2, estimated];
  const column = priceColumnAngle(usable);
  if (column !== null) angles.push(column);
  let best: Layout | null = null;
  for (const [k, angle] of angles.entries()) {
    if (angles.slice(0, k).some((a) => Math.abs(a - angle) < 1e-4)) continue;
    const layout = fitRows(usable, angle);
    const better =
      !best ||
      layout.paired > best.paired ||
      (layout.paired === best.paired && layout.lines.length < best.lines.length) ||
      (layout.paired === best.paired &&
        layout.lines.length === best.lines.length &&
        layout.misfit < best.misfit - 0.01);
    if (better) best = layout;
  }
  return best;
}

/** The rows and their prices with the boxes turned back by `angle` (steps 2 to 4 above). */
function fitRows(usable: readonly (OcrBox & { source: number })[], angle: number): Layout {
  const placed = usable.map((b) => place(b, angle));
  const h = median(placed.map((p) => p.height));
  const middle =
    (Math.min(...placed.map((p) => p.left)) + Math.max(...placed.map((p) => p.right))) / 2;
  const prices: Placed[] = [];
  const others: Placed[] = [];
  placed.forEach((p, i) => {
    if (isPriceBox(usable[i]!.text) && p.left > middle) prices.push({ ...p, price: true });
    else others.push(p);
  });
  const rows = groupIntoLines(others).map((members) => ({
    members,
    y: members.reduce((s, m) => s + m.y, 0) / members.length,
  }));
  rows.sort((a, b) => a.y - b.y);
  const pitch = rowPitch(
    rows.map((r) => r.y),
    h,
  );
  const pairing = new Map<number, number>();
  const loose: Placed[] = [];
  let misfit = rows.reduce((sum, r) => sum + spread(r.members), 0);
  for (const column of priceColumns(prices, h)) {
    const fit = alignColumn(column, rows, pitch);
    misfit += fit.cost;
    column.forEach((price, i) => {
      const row = fit.rows[i]!;
      if (row === null) {
        loose.push({ ...price, y: price.y - fit.offsets[i]! });
        return;
      }
      rows[row]!.members.push(price);
      pairing.set(row, Math.min(pairing.get(row) ?? 1, fit.confidence[i]!));
    });
  }
  const lines = rows.map((r, i) => built(r.members, r.y, pairing.get(i)));
  lines.push(...groupIntoLines(loose).map((members) => built(members)));
  lines.sort((a, b) => a.line.y - b.line.y);
  return { lines, paired: pairing.size, misfit };
}

/** A line of `members`, its pairing told when it pairs a price with the rest of its row. */
function built(members: Placed[], rowY?: number, sure?: number): Built {
  const line = toLine(withoutOverlays(withoutStains(members)), rowY);
  return {
    line: sure === undefined || members.length < 2 ? line : { ...line, pairing: round(sure) },
    members,
    rowY,
    sure,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * A row's boxes less those read unsure beside a box of words read sure (UNSURE_BESIDE_SURE); a
 * figure ('15,20 EUR') vouches for no word beside it.
 */
function withoutStains(members: Placed[]): Placed[] {
  if (!isOn('marks over the print')) return members;
  const sure = (m: Placed) => m.price || m.score >= UNSURE_BESIDE_SURE;
  const words = (m: Placed) => !m.price && letterCount(m.text) > digitsOf(m.text).length;
  if (!members.some((m) => words(m) && sure(m))) return members;
  return members.filter(sure);
}

/**
 * A row's boxes less words twice as tall as the row's typical box: a till prints a row in one
 * size, so such a word is a stamp, a watermark or handwriting laid over the print ('Cafe Latte
 * you $4.75'), no part of the name. A row of fewer than three boxes has no typical one.
 */
function withoutOverlays(members: Placed[]): Placed[] {
  if (members.length < 3 || !isOn('marks over the print')) return members;
  const heights = members.map((m) => m.height).sort((a, b) => a - b);
  const typical = heights[Math.floor((heights.length - 1) / 2)]!;
  const words = (m: Placed) => !m.price && letterCount(m.text) > digitsOf(m.text).length;
  return members.filter((m) => !words(m) || m.height < 2 * typical);
}

/**
 * The typical distance between neighbouring rows: the median gap between rows (boxes often
 * overlap the next row's: a detector's box is taller than its text).
 */
function rowPitch(ys: number[], h: number): number {
  const gaps = ys.slice(1).map((y, i) => y - ys[i]!);
  const real = gaps.filter((g) => g > 0.6 * h);
  return real.length ? median(real) : 1.4 * h;
}

/**
 * The price boxes in columns by their right edges (amounts are right-aligned): a unit-price column
 * and a line-total column are laid along the rows separately. A column's right edges lie within a
 * character of each other; two columns' are a price's width apart, so a gap of a text height
 * between neighbouring edges starts a new column (a VAT letter after some prices may split one
 * column in two, which only loses the two halves' smoothness together).
 */
function priceColumns(prices: Placed[], h: number): Placed[][] {
  const byRight = [...prices].sort((a, b) => a.right - b.right);
  const columns: Placed[][] = [];
  let last = -Infinity;
  for (const p of byRight) {
    if (p.right - last > h || columns.length === 0) columns.push([]);
    columns.at(-1)!.push(p);
    last = p.right;
  }
  return columns.map((c) => c.sort((a, b) => a.y - b.y));
}

/** Costs of the alignment, in row pitches (see alignColumn). */
const ALIGN = {
  /** the farthest a price may sit from the row it is paired with */
  maxOffset: 1.6,
  /** per pitch of offset: of two fits otherwise alike, the one keeping prices nearer their rows */
  offset: 0.1,
  /** per pitch the offset changes between neighbouring prices beyond the drift allowed */
  jump: 1,
  /** the drift allowed, in pitches of offset per pitch down the receipt (a curl) */
  drift: 0.05,
  /**
   * a price left unpaired: as dear as a jump of a whole row, so a price is paired when it sits
   * within about half a row of where its neighbours put it (it jumps there and back)
   */
  unpaired: 1,
  /** how many prices back a pairing may look past unpaired ones */
  lookBack: 6,
};

/**
 * Pairs a column's prices (top to bottom) with rows, each row at most once and in order, minimising
 * the offsets' size and their jumps from price to price. Returns each price's row (or null), its
 * offset (for an unpaired one, its neighbours'), how sure each pairing is, and the fit's cost.
 */
export function alignColumn(
  prices: readonly { y: number }[],
  rows: readonly { y: number }[],
  pitch: number,
): { rows: (number | null)[]; offsets: number[]; confidence: number[]; cost: number } {
  const m = prices.length;
  // Candidate rows of each price, and the best way to reach each (price, candidate).
  const reach = ALIGN.maxOffset * pitch;
  const candidates = prices.map((p) => {
    const near: { row: number; offset: number }[] = [];
    for (const [j, r] of rows.entries()) {
      const offset = p.y - r.y;
      if (Math.abs(offset) <= reach) near.push({ row: j, offset });
    }
    return near;
  });
  type State = { cost: number; from: [number, number] | null };
  const states: State[][] = candidates.map((c) => c.map(() => ({ cost: Infinity, from: null })));
  for (let i = 0; i < m; i++) {
    for (const [c, cand] of candidates[i]!.entries()) {
      // A tie (a price exactly between two rows) goes to the row below the price: the earlier
      // behaviour of the row building, kept so that equal fits are decided the same way.
      const own = (ALIGN.offset * Math.abs(cand.offset)) / pitch + (cand.offset > 0 ? 1e-6 : 0);
      // Start here: every price above unpaired.
      let best: State = { cost: own + i * ALIGN.unpaired, from: null };
      for (let k = i - 1; k >= 0 && k >= i - ALIGN.lookBack; k--) {
        const skipped = (i - k - 1) * ALIGN.unpaired;
        for (const [d, prev] of candidates[k]!.entries()) {
          if (prev.row >= cand.row) continue;
          const before = states[k]![d]!.cost;
          if (!Number.isFinite(before)) continue;
          const drift = (ALIGN.drift * Math.abs(prices[i]!.y - prices[k]!.y)) / pitch;
          const change = Math.max(0, Math.abs(cand.offset - prev.offset) / pitch - drift);
          const cost = before + skipped + own + ALIGN.jump * change;
          if (cost < best.cost) best = { cost, from: [k, d] };
        }
      }
      states[i]![c] = best;
    }
  }
  // The best end: a pairing followed by unpaired prices, or none paired at all.
  let end: [number, number] | null = null;
  let total = m * ALIGN.unpaired;
  for (let i = 0; i < m; i++) {
    for (const [c, state] of states[i]!.entries()) {
      const cost = state.cost + (m - 1 - i) * ALIGN.unpaired;
      if (cost < total - 1e-9) {
        total = cost;
        end = [i, c];
      }
    }
  }
  const chosen: (number | null)[] = Array.from({ length: m }, () => null);
  const offsets: (number | null)[] = Array.from({ length: m }, () => null);
  for (let at = end; at; at = states[at[0]]![at[1]]!.from) {
    const cand = candidates[at[0]]![at[1]]!;
    chosen[at[0]] = cand.row;
    offsets[at[0]] = cand.offset;
  }
  // What the neighbours say the offset should be here: the middle of the nearest paired ones, up
  // to three either side (one odd neighbour does not make its neighbours unsure).
  const expected = (i: number): number => {
    const near: number[] = [];
    for (let k = i - 1; k >= 0 && near.length < 3; k--)
      if (offsets[k] !== null) near.push(offsets[k]!);
    const up = near.length;
    for (let k = i + 1; k < m && near.length < up + 3; k++)
      if (offsets[k] !== null) near.push(offsets[k]!);
    if (near.length === 0) return 0;
    near.sort((a, b) => a - b);
    const half = near.length / 2;
    return near.length % 2 ? near[Math.floor(half)]! : (near[half - 1]! + near[half]!) / 2;
  };
  const confidence = offsets.map((o, i) =>
    o === null ? 0 : Math.max(0, Math.min(1, 1 - Math.abs(o - expected(i)) / (0.5 * pitch))),
  );
  return {
    rows: chosen,
    offsets: offsets.map((o, i) => o ?? expected(i)),
    confidence,
    cost: total,
  };
}

/**
 * The tilt told by the columns, for boxes that do not tell it themselves (the detector gives upright
 * rectangles on a tilted photo): the right edges of the price column and the left edges of the
 * names both run square to the rows. Only when the two agree: a photo taken at a slant (the paper's
 * far end smaller) makes the columns lean towards each other while its rows stay level, and turning
 * by either would pair prices with the wrong rows. Null when either column cannot tell.
 */
export function priceColumnAngle(boxes: readonly OcrBox[]): number | null {
  const xs = boxes.flatMap((b) => [b.box[0][0], b.box[1][0], b.box[2][0], b.box[3][0]]);
  const middle = (Math.min(...xs) + Math.max(...xs)) / 2;
  const h = median(boxes.map((b) => Math.abs(b.box[3][1] - b.box[0][1]) || 1));
  const centreY = (b: OcrBox) => (b.box[0][1] + b.box[1][1] + b.box[2][1] + b.box[3][1]) / 4;
  const prices = boxes.filter(
    (b) => isPriceBox(b.text) && Math.min(b.box[0][0], b.box[3][0]) > middle,
  );
  const names = boxes.filter(
    (b) => !isPriceBox(b.text) && Math.max(b.box[1][0], b.box[2][0]) < middle,
  );
  const right = columnAngle(
    prices.map((b) => ({ x: Math.max(b.box[1][0], b.box[2][0]), y: centreY(b) })),
    h,
  );
  const left = columnAngle(
    names.map((b) => ({ x: Math.min(b.box[0][0], b.box[3][0]), y: centreY(b) })),
    h,
  );
  if (right === null || left === null) return null;
  return Math.abs(right - left) <= AGREE_RADIANS ? (right + left) / 2 : null;
}

/** How far the two columns' angles may differ and still be one rotation's. */
const AGREE_RADIANS = (1.5 * Math.PI) / 180;

/**
 * The angle square to a column of aligned edges: the largest run of edges with no gap wider than a
 * text height between them, a least-squares line through it. Null when the run is too small or too
 * short to tell, or not straight (its edges stray from the line by more than a fifth of a text
 * height: not one column).
 */
function columnAngle(edges: { x: number; y: number }[], h: number): number | null {
  const sorted = [...edges].sort((a, b) => a.x - b.x);
  const runs: { x: number; y: number }[][] = [];
  for (const [i, e] of sorted.entries()) {
    if (i === 0 || e.x - sorted[i - 1]!.x > h) runs.push([]);
    runs.at(-1)!.push(e);
  }
  const column = runs.sort((a, b) => b.length - a.length)[0];
  if (!column || column.length < 4) return null;
  const span = Math.max(...column.map((p) => p.y)) - Math.min(...column.map((p) => p.y));
  if (span < 6 * h) return null;
  const fit = lineFit(column);
  const stray = Math.sqrt(
    column.reduce((s, p) => s + (p.x - (fit.intercept + fit.slope * p.y)) ** 2, 0) / column.length,
  );
  const angle = Math.atan(-fit.slope);
  return stray <= 0.2 * h && Math.abs(angle) <= MAX_SKEW_RADIANS ? angle : null;
}

/** x = intercept + slope * y, least squares. */
function lineFit(points: { x: number; y: number }[]) {
  const n = points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.y - my) * (p.x - mx);
    den += (p.y - my) ** 2;
  }
  const slope = den > 0 ? num / den : 0;
  return { slope, intercept: mx - slope * my };
}

/**
 * A box that is only an amount, allowing a currency or VAT letter either side ('£4.50', '4.50 A'),
 * or a currency sign and digits whose point OCR lost ('$395', read as $3.95 by the parser: amounts.ts
 * amountWithoutPoint): a price all the same, laid along the rows with the others, not joined to
 * whichever row is nearest.
 */
export function isPriceBox(text: string): boolean {
  const t = text.trim();
  const found = findAmounts(t);
  if (found.length === 1 && found[0]!.start <= 2 && t.length - found[0]!.end <= 2) return true;
  return found.length === 0 && /^[£$€]\d{1,5}$/.test(t);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 1;
}

function isQuad(box: OcrBox): boolean {
  return (
    Array.isArray(box.box) &&
    box.box.length === 4 &&
    box.box.every((p) => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]))
  );
}

/**
 * The skew of the photo: the median angle of the boxes' top and bottom edges, weighted towards wide
 * boxes (a long edge gives a precise angle; a one-character box says nothing).
 */
export function dominantAngle(boxes: readonly OcrBox[]): number {
  const samples: { angle: number; weight: number }[] = [];
  for (const { box } of boxes) {
    const [tl, tr, br, bl] = box;
    for (const [a, b] of [
      [tl, tr],
      [bl, br],
    ] as const) {
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const length = Math.hypot(dx, dy);
      if (length < 1 || dx <= 0) continue;
      const angle = Math.atan2(dy, dx);
      if (Math.abs(angle) <= MAX_SKEW_RADIANS) samples.push({ angle, weight: length });
    }
  }
  if (samples.length === 0) return 0;
  samples.sort((a, b) => a.angle - b.angle);
  const half = samples.reduce((sum, s) => sum + s.weight, 0) / 2;
  let seen = 0;
  for (const s of samples) {
    seen += s.weight;
    if (seen >= half) return s.angle;
  }
  return 0;
}

/** Rotates the box by -angle about the origin and keeps its centre, extent and height. */
function place(b: OcrBox & { source: number }, angle: number): Placed {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const rotate = ([x, y]: readonly [number, number]) =>
    [x * cos + y * sin, -x * sin + y * cos] as const;
  const [tl, tr, br, bl] = [rotate(b.box[0]), rotate(b.box[1]), rotate(b.box[2]), rotate(b.box[3])];
  const xs = [tl[0], tr[0], br[0], bl[0]];
  const ys = [tl[1], tr[1], br[1], bl[1]];
  const height = Math.max(1, (Math.abs(bl[1] - tl[1]) + Math.abs(br[1] - tr[1])) / 2);
  return {
    source: b.source,
    score: b.score,
    text: b.text.trim(),
    x: (Math.min(...xs) + Math.max(...xs)) / 2,
    y: ys.reduce((s, v) => s + v, 0) / 4,
    left: Math.min(...xs),
    right: Math.max(...xs),
    height,
    bounds: {
      left: Math.min(...b.box.map((p) => p[0])),
      top: Math.min(...b.box.map((p) => p[1])),
      right: Math.max(...b.box.map((p) => p[0])),
      bottom: Math.max(...b.box.map((p) => p[1])),
    },
  };
}

interface Group {
  members: Placed[];
  y: number;
  height: number;
}

/**
 * Greedy grouping top to bottom: a box joins the line whose centre is closest to its own, if the two
 * overlap vertically by more than half the smaller height and the box does not sit on top of a box
 * already in the line (two boxes at the same x are on different rows).
 */
function groupIntoLines(placed: Placed[]): Placed[][] {
  const sorted = [...placed].sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: Group[] = [];
  for (const box of sorted) {
    let best: Group | null = null;
    let bestDistance = Infinity;
    // Only recent lines can match: the boxes come in y order.
    for (let i = groups.length - 1; i >= 0 && i >= groups.length - 4; i--) {
      const g = groups[i]!;
      const distance = Math.abs(g.y - box.y);
      const limit = Math.min(g.height, box.height) * 0.5;
      if (distance > limit || distance >= bestDistance) continue;
      if (g.members.some((m) => overlapsHorizontally(m, box))) continue;
      best = g;
      bestDistance = distance;
    }
    if (best) {
      best.members.push(box);
      const n = best.members.length;
      best.y = (best.y * (n - 1) + box.y) / n;
      best.height = (best.height * (n - 1) + box.height) / n;
    } else {
      groups.push({ members: [box], y: box.y, height: box.height });
    }
  }
  return groups.map((g) => g.members);
}

/** How far a line's boxes stray from its centre line, in box heights. */
function spread(members: Placed[]): number {
  const y = members.reduce((sum, m) => sum + m.y, 0) / members.length;
  return members.reduce((sum, m) => sum + Math.abs(m.y - y) / m.height, 0);
}

function overlapsHorizontally(a: Placed, b: Placed): boolean {
  const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  return overlap > 0.3 * Math.min(a.right - a.left, b.right - b.left);
}

/**
 * A price split in two where its point should be ('£55' and '95'): a pen line down the price
 * column, a fold or faded print hides the point, and the detector reads the pounds and the pence as
 * two boxes side by side. Only the line's last two boxes, after words, the gap narrower than a
 * character or two, the pence exactly two digits: prices carry pence, and nothing else on a
 * receipt's line ends in whole digits then two digits so close.
 */
function splitPrice(a: Placed, b: Placed, height: number, last: boolean): boolean {
  return (
    last &&
    /^[£$€]?\d{1,4}\.?$/.test(a.text) &&
    /^\.?\d{2}$/.test(b.text) &&
    b.left - a.right < 1.2 * height
  );
}

function toLine(members: Placed[], y?: number): ReceiptLine {
  const sorted = [...members].sort((a, b) => a.left - b.left);
  const heights = sorted.map((m) => m.height).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)]!;
  let text = '';
  let previous: Placed | null = null;
  for (const [k, m] of sorted.entries()) {
    if (previous && splitPrice(previous, m, height, k === sorted.length - 1)) {
      // Pounds and pence read apart, the point between them hidden: one price again.
      text = `${text.endsWith('.') ? text.slice(0, -1) : text}.${m.text.startsWith('.') ? m.text.slice(1) : m.text}`;
      previous = m;
      continue;
    }
    if (previous) {
      // A wide gap (a price column) is kept as a double space, so "Coke  2.50" still shows the
      // column; a narrow one is an ordinary word space.
      text += m.left - previous.right > COLUMN_GAP_HEIGHTS * height ? '  ' : ' ';
    }
    text += m.text;
    previous = m;
  }
  return {
    text,
    segments: sorted.map((m) => ({ text: m.text, left: m.left, right: m.right })),
    y: y ?? sorted.reduce((s, m) => s + m.y, 0) / sorted.length,
    height,
    box: {
      left: Math.min(...sorted.map((m) => m.bounds.left)),
      top: Math.min(...sorted.map((m) => m.bounds.top)),
      right: Math.max(...sorted.map((m) => m.bounds.right)),
      bottom: Math.max(...sorted.map((m) => m.bounds.bottom)),
    },
  };
}
