import { findAmounts } from './amounts';
import type { OcrBox } from './types';

// Builds text lines from OCR boxes. PaddleOCR gives one box per run of text, so a receipt row such as
// "Fish & Chips ........ 12.50" usually arrives as two boxes (name, price) that must be put back on
// one line. Phone photos are rarely straight: a skew of 3 degrees moves the right-hand price 15 px
// up or down over 300 px, about the height of a line, so grouping by raw y mixes neighbouring rows.
// We estimate the dominant angle from the boxes' own top and bottom edges, rotate the box centres
// back by it, and group in that frame.

/** A built line: its text, its boxes' texts left to right, and where it sits once deskewed. */
export interface ReceiptLine {
  text: string;
  segments: { text: string; left: number; right: number }[];
  /** deskewed vertical centre and typical box height, in image pixels */
  y: number;
  height: number;
}

interface Placed {
  text: string;
  x: number;
  y: number;
  left: number;
  right: number;
  height: number;
  price?: boolean;
}

/** Boxes whose text the recogniser was unsure of are mostly noise (stains, logos). */
const MIN_SCORE = 0.3;
/** Skew beyond this is not a tilted photo but a sideways one; we do not try to correct it. */
const MAX_SKEW_RADIANS = (20 * Math.PI) / 180;
/** A gap wider than this many line heights separates columns; it is kept as a wider space. */
const COLUMN_GAP_HEIGHTS = 1.5;

/** The text lines of a receipt, top to bottom, boxes joined left to right. */
export function linesFromBoxes(boxes: readonly OcrBox[]): string[] {
  return buildLines(boxes).map((line) => line.text);
}

/** Groups boxes into lines (see the file comment). Pure and deterministic. */
export function buildLines(boxes: readonly OcrBox[]): ReceiptLine[] {
  const usable = boxes.filter((b) => b.text.trim() !== '' && b.score >= MIN_SCORE && isQuad(b));
  if (usable.length === 0) return [];
  // Box edges tell the skew of a flat photo, but on a curled receipt the long name boxes on the left
  // slope more than the rows do, and rotating by their angle would lift the price column a whole
  // row. So we try the estimated angle, half of it and none. A receipt bent between its name and
  // price columns (photographed in the hand) has its prices ride up or down by up to half a row,
  // which no rotation fixes, so for each angle we also try moving the price column (the boxes that
  // are only an amount, right of the middle) up or down by a fraction of a line. We keep the layout
  // that gives the most prices a row beside them, then the fewest lines; on a tie between angles,
  // the one whose lines are straightest (a wrong angle can pair every price with the row above and
  // still make as many lines). A moved column must pair more prices or make fewer lines to win.
  const estimated = dominantAngle(usable);
  let best: { groups: Placed[][]; misfit: number; paired: number } | null = null;
  for (const angle of estimated === 0 ? [0] : [0, estimated / 2, estimated]) {
    const placed = usable.map((b) => place(b, angle));
    const h = median(placed.map((p) => p.height));
    const middle =
      (Math.min(...placed.map((p) => p.left)) + Math.max(...placed.map((p) => p.right))) / 2;
    const prices = placed.map((p, i) => isPriceBox(usable[i]!.text) && p.left > middle);
    for (const shift of PRICE_SHIFTS) {
      if (shift !== 0 && !prices.some(Boolean)) continue;
      const shifted = placed.map((p, i) =>
        prices[i] ? { ...p, y: p.y + shift * h, price: true } : p,
      );
      const groups = groupIntoLines(shifted);
      const misfit = groups.reduce((sum, g) => sum + spread(g), 0);
      const paired = groups.filter((g) => g.some((m) => m.price) && g.some((m) => !m.price)).length;
      const better =
        !best ||
        paired > best.paired ||
        (paired === best.paired && groups.length < best.groups.length) ||
        (shift === 0 &&
          paired === best.paired &&
          groups.length === best.groups.length &&
          misfit < best.misfit - 0.01);
      if (better) best = { groups, misfit, paired };
    }
  }
  return best!.groups.map(toLine).sort((a, b) => a.y - b.y);
}

/** How far the price column is moved, in box heights: nearest first, so the least move wins a tie. */
const PRICE_SHIFTS = [0, 0.15, -0.15, 0.3, -0.3, 0.45, -0.45, 0.6, -0.6];

/** A box that is only an amount, allowing a currency or VAT letter either side ('£4.50', '4.50 A'). */
function isPriceBox(text: string): boolean {
  const t = text.trim();
  const found = findAmounts(t);
  return found.length === 1 && found[0]!.start <= 2 && t.length - found[0]!.end <= 2;
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
function place(b: OcrBox, angle: number): Placed {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const rotate = ([x, y]: readonly [number, number]) =>
    [x * cos + y * sin, -x * sin + y * cos] as const;
  const [tl, tr, br, bl] = [rotate(b.box[0]), rotate(b.box[1]), rotate(b.box[2]), rotate(b.box[3])];
  const xs = [tl[0], tr[0], br[0], bl[0]];
  const ys = [tl[1], tr[1], br[1], bl[1]];
  const height = Math.max(1, (Math.abs(bl[1] - tl[1]) + Math.abs(br[1] - tr[1])) / 2);
  return {
    text: b.text.trim(),
    x: (Math.min(...xs) + Math.max(...xs)) / 2,
    y: ys.reduce((s, v) => s + v, 0) / 4,
    left: Math.min(...xs),
    right: Math.max(...xs),
    height,
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

function toLine(members: Placed[]): ReceiptLine {
  const sorted = [...members].sort((a, b) => a.left - b.left);
  const heights = sorted.map((m) => m.height).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)]!;
  let text = '';
  let previous: Placed | null = null;
  for (const m of sorted) {
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
    y: sorted.reduce((s, m) => s + m.y, 0) / sorted.length,
    height,
  };
}
