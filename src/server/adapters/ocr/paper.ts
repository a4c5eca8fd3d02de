import { inkMask, inkPerRow, type Gray } from './deskew';

// Finds the receipt in a photo and plans how to read it at a legible scale.
//
// A long receipt photographed whole is a narrow bright strip in a large frame: shrunk to the text
// detector's 960 px, its lines are a few pixels high and the detector loses them. So the paper is
// found first (the bright region that stands out from the table: Otsu's threshold on a small
// greyscale copy, then the longest run of rows and of columns that are mostly paper) and cropped to,
// or, where the paper does not stand out from a pale table, by its print (the part of the page the
// detector's lines take); then, from the text height measured, the crop is read in overlapping
// tiles small enough that the detector sees its text at a legible height.

/** A rectangle in image pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Share of a row's (or column's) pixels that must be paper for it to count as paper. */
const PAPER_LINE_SHARE = 0.2;
/** A paper taking this much of the photo or more is a close-up: nothing to crop. */
const CLOSE_UP_AREA = 0.8;
/** Less than this is not a receipt found but a bright spot: no crop. */
const MIN_PAPER_AREA = 0.04;
/** Margin kept around the paper, as a share of its size (tilted corners, curl). */
const MARGIN = 0.04;

/** Otsu's threshold: the grey level that best splits the pixels into two classes. */
export function otsu(data: Uint8Array): number {
  const counts = new Float64Array(256);
  for (let i = 0; i < data.length; i++) counts[data[i]!]!++;
  let total = 0;
  for (let v = 0; v < 256; v++) total += v * counts[v]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 127;
  for (let v = 0; v < 256; v++) {
    below += counts[v]!;
    if (below === 0) continue;
    const above = data.length - below;
    if (above === 0) break;
    belowSum += v * counts[v]!;
    const meanBelow = belowSum / below;
    const meanAbove = (total - belowSum) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  return threshold;
}

/**
 * The longest run of indexes whose share is at least `min`, [start, end), bridging gaps of at most
 * `gap` indexes: a receipt's paper is crossed by dark print (a logo, a barcode, a black bar, a fold's
 * shadow) and must not be cut there, while the table around it is wider than any such band.
 */
function longestRun(shares: Float64Array, min: number, gap = 0): [number, number] {
  let best: [number, number] = [0, 0];
  let start = -1;
  let lastOn = -1;
  for (let i = 0; i <= shares.length; i++) {
    const on = i < shares.length && shares[i]! >= min;
    if (on) {
      if (start < 0) start = i;
      lastOn = i;
      continue;
    }
    if (start >= 0 && (i === shares.length || i - lastOn > gap)) {
      if (lastOn + 1 - start > best[1] - best[0]) best = [start, lastOn + 1];
      start = -1;
    }
  }
  return best;
}

/** Dark bands up to this share of the photo's side are bridged inside the paper (longestRun). */
const BRIDGED_BAND_SHARE = 0.06;

/**
 * The receipt's rectangle in a greyscale photo (at any scale: the caller scales it back), or null
 * when the photo is a close-up or no paper stands out.
 */
export function findPaper(gray: Gray): Rect | null {
  const { data, width, height } = gray;
  if (width < 16 || height < 16) return null;
  const threshold = otsu(data);
  // Paper must be clearly brighter than what surrounds it; a flat photo has no such split.
  let brightSum = 0;
  let bright = 0;
  let darkSum = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i]! > threshold) {
      brightSum += data[i]!;
      bright++;
    } else darkSum += data[i]!;
  }
  const dark = data.length - bright;
  if (bright === 0 || dark === 0 || brightSum / bright - darkSum / dark < 40) return null;
  const rows = new Float64Array(height);
  const columns = new Float64Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! > threshold) {
        rows[y]!++;
        columns[x]!++;
      }
    }
  }
  // The paper's columns first (a receipt is a tall strip), then its rows within those columns.
  for (let x = 0; x < width; x++) columns[x]! /= height;
  const [x0, x1] = longestRun(columns, PAPER_LINE_SHARE, Math.floor(width * BRIDGED_BAND_SHARE));
  if (x1 - x0 < 4) return null;
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) if (data[y * width + x]! > threshold) n++;
    rows[y] = n / (x1 - x0);
  }
  const [y0, y1] = longestRun(rows, PAPER_LINE_SHARE * 2, Math.floor(height * BRIDGED_BAND_SHARE));
  if (y1 - y0 < 4) return null;
  const area = ((x1 - x0) * (y1 - y0)) / (width * height);
  if (area >= CLOSE_UP_AREA || area < MIN_PAPER_AREA) return null;
  const mx = Math.round((x1 - x0) * MARGIN) + 1;
  const my = Math.round((y1 - y0) * MARGIN) + 1;
  const left = Math.max(0, x0 - mx);
  const top = Math.max(0, y0 - my);
  return {
    left,
    top,
    width: Math.min(width, x1 + mx) - left,
    height: Math.min(height, y1 + my) - top,
  };
}

/** Fewer lines than this say nothing of where a receipt's print is. */
export const MIN_TEXT_LINES = 8;
/** The lines beyond this share on each side are strays (the table's grain, a label nearby). */
const STRAY_SHARE = 0.02;

/**
 * The part of a page its print takes, with a margin (MARGIN), from the detector's lines: where a
 * receipt lies when its paper does not stand out from the table (white on white). The extreme
 * lines on each side (STRAY_SHARE of them) are left out as strays. Null when fewer than
 * MIN_TEXT_LINES lines were found, or when the print takes more than `maxShare` of the page (a
 * close-up: nothing to crop).
 */
export function textRegion(
  lines: readonly { x: number; y: number; width: number; height: number }[],
  width: number,
  height: number,
  maxShare: number,
): Rect | null {
  if (lines.length < MIN_TEXT_LINES) return null;
  const skip = Math.floor(lines.length * STRAY_SHARE);
  const ascending = (values: number[]) => values.sort((a, b) => a - b);
  const lefts = ascending(lines.map((l) => l.x));
  const rights = ascending(lines.map((l) => l.x + l.width));
  const tops = ascending(lines.map((l) => l.y));
  const bottoms = ascending(lines.map((l) => l.y + l.height));
  const x0 = lefts[skip]!;
  const x1 = rights[rights.length - 1 - skip]!;
  const y0 = tops[skip]!;
  const y1 = bottoms[bottoms.length - 1 - skip]!;
  return withMargin({ x0, x1, y0, y1 }, width, height, maxShare);
}

/** Columns (and rows) with less ink than this share of the busiest's are not the print. */
const PRINT_SHARE_OF_BUSIEST = 0.15;
/**
 * Blank columns up to this share of the page's width are bridged within the print: the space
 * between a receipt's names and its prices, on a paper a sixth of the frame wide or more.
 */
const PRINT_GAP_SHARE = 0.12;

/**
 * The part of a page its ink takes, with a margin: where a receipt lies when its paper does not
 * stand out from the table and its print is too small for the detector to find lines in at all.
 * The print is the longest run of columns holding ink (gaps between a name and its price
 * bridged), then of rows within them. Null when the page holds no ink, or when the print takes
 * more than `maxShare` of it.
 */
export function printRegion(gray: Gray, maxShare: number): Rect | null {
  const { width, height } = gray;
  if (width < 16 || height < 16) return null;
  const ink = inkMask(gray);
  const columns = new Float64Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) columns[x]! += ink[y * width + x]!;
  }
  const busiest = (counts: Float64Array) =>
    [...counts].sort((a, b) => b - a)[Math.floor(counts.length / 50)]!;
  const busiestColumn = busiest(columns);
  if (busiestColumn === 0) return null;
  const [x0, x1] = longestRun(
    columns,
    busiestColumn * PRINT_SHARE_OF_BUSIEST,
    Math.floor(width * PRINT_GAP_SHARE),
  );
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    for (let x = x0; x < x1; x++) rows[y]! += ink[y * width + x]!;
  }
  const [y0, y1] = longestRun(
    rows,
    busiest(rows) * PRINT_SHARE_OF_BUSIEST,
    Math.floor(height * BRIDGED_BAND_SHARE),
  );
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  return withMargin({ x0, x1, y0, y1 }, width, height, maxShare);
}

/** A region widened by MARGIN on each side, or null when it takes more than `maxShare` of the page. */
function withMargin(
  { x0, x1, y0, y1 }: { x0: number; x1: number; y0: number; y1: number },
  width: number,
  height: number,
  maxShare: number,
): Rect | null {
  const mx = Math.round((x1 - x0) * MARGIN) + 1;
  const my = Math.round((y1 - y0) * MARGIN) + 1;
  const left = Math.max(0, Math.floor(x0 - mx));
  const top = Math.max(0, Math.floor(y0 - my));
  const region = {
    left,
    top,
    width: Math.min(width, Math.ceil(x1 + mx)) - left,
    height: Math.min(height, Math.ceil(y1 + my)) - top,
  };
  if (region.width < 16 || region.height < 16) return null;
  return (region.width * region.height) / (width * height) > maxShare ? null : region;
}

/**
 * The text height the detector reads reliably, in its own (resized) pixels. Small text is enlarged
 * to it and no further: the recogniser scales each line to 48 px high anyway, so more pixels only
 * cost detection time and memory. On 98 generated long receipts small in their frame, 14 px gave
 * item F1 0.984 at a median 2.81 s, p95 4.75 s, peak 1.09 GB; 12 px 0.984 at 2.27 s, 4.28 s,
 * 0.89 GB; 10 px 0.986 at 2.30 s, 3.50 s, 0.75 GB; 8 px lost items (0.973) and, read twice more
 * often, p95 5.10 s (decision 014).
 */
export const LEGIBLE_TEXT_PX = 10;
/** Below this measured height (at the detector's scale) a page is read again in tiles. */
export const SMALL_TEXT_PX = 7;
/** The detector's input side (PaddleOCR's limit_side_len). */
export const DETECTOR_SIDE = 960;

/**
 * The horizontal bands to detect a page in, so that text `textHeight` px high (in page pixels)
 * reaches LEGIBLE_TEXT_PX at the detector's side; each band overlaps the next by three text
 * heights, so every line lies whole in one band. Null when one look at the whole page is enough
 * (its text is legible already, or the page is too wide for bands to enlarge it).
 */
export function tilesFor(
  width: number,
  height: number,
  textHeight: number,
  detectorSide = DETECTOR_SIDE,
): { top: number; height: number }[] | null {
  const scale = Math.min(1, detectorSide / Math.max(width, height));
  if (!(textHeight > 0) || textHeight * scale >= SMALL_TEXT_PX) return null;
  // A band's longest side maps to detectorSide; never beyond the page's own pixels.
  const wanted = Math.min(1, LEGIBLE_TEXT_PX / textHeight);
  const side = Math.max(width, Math.round(detectorSide / wanted));
  if (side >= height) return null;
  const overlap = Math.round(Math.min(side / 3, textHeight * 3));
  const bands: { top: number; height: number }[] = [];
  for (let top = 0; ; top += side - overlap) {
    const bottom = Math.min(height, top + side);
    bands.push({ top, height: bottom - top });
    if (bottom >= height) break;
  }
  return bands;
}

/**
 * Whether a box found in band `k` is that band's to keep: its centre lies in the band's own part
 * (half the overlap with each neighbour is the neighbour's), so no line is kept twice.
 */
export function ownsCentre(
  bands: readonly { top: number; height: number }[],
  k: number,
  centreY: number,
): boolean {
  const band = bands[k]!;
  const previous = bands[k - 1];
  const next = bands[k + 1];
  const from = previous ? (band.top + previous.top + previous.height) / 2 : -Infinity;
  const to = next ? (next.top + band.top + band.height) / 2 : Infinity;
  return centreY >= from && centreY < to;
}

/**
 * The printed lines' pitch in pixels, from the rows' ink (pixels darker than the paper near them,
 * deskew.ts inkPerRow): the lag, between 6 and 120 px, at which the row profile, its slow trend
 * taken away, best matches itself shifted. Null when no lag stands out (a page without regular
 * lines). The detector's own boxes cannot tell this when the text is tiny: it runs several rows
 * into one box.
 */
export function linePitch(gray: Gray): number | null {
  const { height } = gray;
  if (height < 40) return null;
  const profile = inkPerRow(gray);
  const maxLag = Math.min(120, Math.floor(height / 4));
  // The rows' ink rises and falls slowly with what is not text (the table beside a tilted paper, a
  // shadow, a fold): that trend, its running mean over more rows than the longest pitch, is taken
  // away, so only the lines' own rhythm is left to match.
  const half = maxLag + 1;
  const sums = new Float64Array(height + 1);
  for (let y = 0; y < height; y++) sums[y + 1] = sums[y]! + profile[y]!;
  let energy = 0;
  for (let y = 0; y < height; y++) {
    const from = Math.max(0, y - half);
    const to = Math.min(height, y + half + 1);
    profile[y]! -= (sums[to]! - sums[from]!) / (to - from);
    energy += profile[y]! ** 2;
  }
  if (energy === 0) return null;
  let best = 0;
  let bestLag = 0;
  const correlation = new Float64Array(maxLag + 2);
  for (let lag = 4; lag <= maxLag + 1; lag++) {
    let c = 0;
    for (let y = 0; y + lag < height; y++) c += profile[y]! * profile[y + lag]!;
    correlation[lag] = c / energy;
  }
  // The first clear peak: a local maximum above 0.25 (its multiples peak too, less).
  for (let lag = 6; lag <= maxLag; lag++) {
    const c = correlation[lag]!;
    if (c > 0.25 && c >= correlation[lag - 1]! && c >= correlation[lag + 1]! && c > best) {
      best = c;
      bestLag = lag;
      break;
    }
  }
  return bestLag > 0 ? bestLag : null;
}

/** Printed text is about this share of its line pitch high. */
export const TEXT_SHARE_OF_PITCH = 0.55;
