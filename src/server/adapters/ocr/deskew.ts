// Straightens a tilted receipt photo before text detection. A tilt of a few degrees makes the
// detector join a name on the left with the price of the row above it on the right (both sit at the
// same image height), and no line building afterwards can undo a wrong box. So the angle is found
// on the pixels: ink marks (pixels clearly darker than their surroundings, which a plain dark table
// is not) are projected onto rows at each candidate angle, and the angle whose rows are sharpest
// (highest sum of squared row counts) is the tilt of the text lines.

/** A greyscale image, one byte a pixel, row by row. */
export interface Gray {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface SkewOptions {
  /** largest tilt tried, in degrees either way */
  maxDegrees?: number;
  /** coarse search step, in degrees; refined tenfold around the best */
  stepDegrees?: number;
}

/** How much darker than the brightest pixel within `INK_RADIUS` a pixel must be to count as ink. */
const INK_CONTRAST = 48;
const INK_RADIUS = 2;
/** Share of the paper's brightness an ink pixel's neighbourhood must reach. */
const PAPER_SHARE = 0.8;
/** Pixels this close to the paper's edge (at the measuring width) are not used. */
const EDGE_MARGIN = 6;
/** Radius that fills a letter's strokes when finding the paper. */
const PAPER_RADIUS = 5;

function percentile(data: Uint8Array, q: number): number {
  const counts = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) counts[data[i]!]!++;
  const target = q * data.length;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += counts[v]!;
    if (seen >= target) return v;
  }
  return 255;
}

/** 1 where every pixel within `radius` (a square) is 1: a mask shrunk by `radius` on every side. */
function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  // A hole anywhere in the square is the square's maximum of the holes.
  const holes = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) holes[i] = 1 - mask[i]!;
  const anyHole = localMax({ data: holes, width, height }, radius);
  const out = new Uint8Array(mask.length);
  // Pixels whose square reaches past the image's edge are not inside.
  for (let y = radius; y < height - radius; y++)
    for (let i = y * width + radius; i < (y + 1) * width - radius; i++) out[i] = 1 - anyHole[i]!;
  return out;
}

/**
 * Local maximum over a (2r+1)^2 square (clipped to the image), as a pass along the rows and a
 * pass down the columns, each in time independent of r (van Herk and Gil-Werman): in blocks of
 * 2r + 1, the maximum from each block's start and to each block's end; a whole window spans at
 * most two blocks, so it is the larger of the two at its ends. The pass down the columns works on
 * whole rows at a time, in memory order.
 */
function localMax({ data, width, height }: Gray, r: number): Uint8Array {
  const horizontal = new Uint8Array(data.length);
  const prefix = new Uint8Array(Math.max(width, 1));
  const suffix = new Uint8Array(Math.max(width, 1));
  for (let y = 0; y < height; y++) maxAlong(data, horizontal, y * width, width, r, prefix, suffix);
  const out = new Uint8Array(data.length);
  maxDown(horizontal, out, width, height, r);
  return out;
}

/** The maximum over [i - r, i + r] (clipped) of each of the n values from `start`, into `out`. */
function maxAlong(
  src: Uint8Array,
  out: Uint8Array,
  start: number,
  n: number,
  r: number,
  prefix: Uint8Array,
  suffix: Uint8Array,
): void {
  const w = 2 * r + 1;
  for (let b = 0; b < n; b += w) {
    const end = Math.min(n, b + w);
    let m = 0;
    for (let i = b; i < end; i++) {
      const v = src[start + i]!;
      if (v > m) m = v;
      prefix[i] = m;
    }
    m = 0;
    for (let i = end - 1; i >= b; i--) {
      const v = src[start + i]!;
      if (v > m) m = v;
      suffix[i] = m;
    }
  }
  for (let i = r; i < n - r; i++) {
    const a = suffix[i - r]!;
    const c = prefix[i + r]!;
    out[start + i] = a > c ? a : c;
  }
  // Windows clipped by the line's ends, directly.
  for (let i = 0; i < n && i < r; i++)
    out[start + i] = rangeMax(src, start, 0, Math.min(n - 1, i + r));
  for (let i = Math.max(r, n - r); i < n; i++)
    out[start + i] = rangeMax(src, start, Math.max(0, i - r), n - 1);
}

function rangeMax(src: Uint8Array, start: number, lo: number, hi: number): number {
  let m = 0;
  for (let i = lo; i <= hi; i++) if (src[start + i]! > m) m = src[start + i]!;
  return m;
}

/** maxAlong down the columns: the same blocks, over whole rows. */
function maxDown(src: Uint8Array, out: Uint8Array, width: number, height: number, r: number) {
  const w = 2 * r + 1;
  const prefix = new Uint8Array(src.length);
  const suffix = new Uint8Array(src.length);
  const rowMax = (
    into: Uint8Array,
    to: number,
    a: Uint8Array,
    from: number,
    b: Uint8Array,
    other: number,
  ) => {
    for (let x = 0; x < width; x++) {
      const u = a[from + x]!;
      const v = b[other + x]!;
      into[to + x] = u > v ? u : v;
    }
  };
  for (let b = 0; b < height; b += w) {
    const end = Math.min(height, b + w);
    prefix.set(src.subarray(b * width, (b + 1) * width), b * width);
    for (let y = b + 1; y < end; y++)
      rowMax(prefix, y * width, prefix, (y - 1) * width, src, y * width);
    suffix.set(src.subarray((end - 1) * width, end * width), (end - 1) * width);
    for (let y = end - 2; y >= b; y--)
      rowMax(suffix, y * width, suffix, (y + 1) * width, src, y * width);
  }
  for (let y = r; y < height - r; y++)
    rowMax(out, y * width, suffix, (y - r) * width, prefix, (y + r) * width);
  // Rows whose window is clipped by the top or the bottom, directly.
  const clipped = (y: number) => {
    const lo = Math.max(0, y - r);
    const hi = Math.min(height - 1, y + r);
    out.set(src.subarray(lo * width, (lo + 1) * width), y * width);
    for (let k = lo + 1; k <= hi; k++) rowMax(out, y * width, out, y * width, src, k * width);
  };
  for (let y = 0; y < height && y < r; y++) clipped(y);
  for (let y = Math.max(r, height - r); y < height; y++) clipped(y);
}

/**
 * The points that look like ink: dark against a bright neighbourhood, well inside the paper. The
 * paper is what is near its brightest (the 95th percentile), so the grain of a wooden table does not
 * count; and a margin is kept from its edges, whose long straight lines would outvote the text rows.
 */
export function inkPoints(image: Gray): { xs: Int32Array; ys: Int32Array } {
  const { data, width, height } = image;
  const paper = percentile(data, 0.95) * PAPER_SHARE;
  const max = localMax(image, INK_RADIUS);
  // Paper with its print filled in (a wider maximum closes letters), then shrunk from its edges.
  const wide = localMax(image, PAPER_RADIUS);
  const onPaper = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) onPaper[i] = wide[i]! >= paper ? 1 : 0;
  const inside = erode(onPaper, width, height, PAPER_RADIUS + EDGE_MARGIN);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (inside[i] && max[i]! - data[i]! >= INK_CONTRAST) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys) };
}

/**
 * How many ink pixels each row holds, ink being darker than the brightest pixel near it by
 * INK_CONTRAST: the print, whatever the light, and not a plain dark table or the white corners a
 * rotation leaves (a global threshold splits those from the rest and calls a dim paper all ink).
 */
export function inkPerRow(image: Gray): Float64Array {
  const ink = inkMask(image);
  const { width, height } = image;
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let i = y * width; i < (y + 1) * width; i++) n += ink[i]!;
    rows[y] = n;
  }
  return rows;
}

/** 1 where a pixel is ink: darker than the brightest pixel near it by INK_CONTRAST (inkPerRow). */
export function inkMask(image: Gray): Uint8Array {
  const { data } = image;
  const max = localMax(image, INK_RADIUS);
  const ink = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) ink[i] = max[i]! - data[i]! >= INK_CONTRAST ? 1 : 0;
  return ink;
}

/** Sharpness of the row profile of the points seen at `degrees`: the sum of squared row counts. */
function profileScore(xs: Int32Array, ys: Int32Array, degrees: number, bins: Int32Array): number {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const offset = bins.length / 2;
  bins.fill(0);
  for (let i = 0; i < xs.length; i++) {
    const row = Math.round(ys[i]! - xs[i]! * slope + offset);
    if (row >= 0 && row < bins.length) bins[row]!++;
  }
  let score = 0;
  for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
  return score;
}

/**
 * The tilt of the text lines in degrees: positive when they run down to the right (image y grows
 * to the right). 0 when there is too little ink to tell.
 */
export function estimateSkewDegrees(image: Gray, options: SkewOptions = {}): number {
  const maxDegrees = options.maxDegrees ?? 12;
  const step = options.stepDegrees ?? 0.5;
  const { xs, ys } = inkPoints(image);
  if (xs.length < 200) return 0;
  const bins = new Int32Array(image.height * 2 + image.width);
  let best = 0;
  let bestScore = -1;
  const search = (from: number, to: number, by: number) => {
    for (let d = from; d <= to + 1e-9; d += by) {
      const score = profileScore(xs, ys, d, bins);
      // Ties go to the smaller tilt: a straight photo stays untouched.
      if (score > bestScore || (score === bestScore && Math.abs(d) < Math.abs(best))) {
        bestScore = score;
        best = d;
      }
    }
  };
  search(-maxDegrees, maxDegrees, step);
  search(best - step, best + step, step / 10);
  return Math.round(best * 100) / 100;
}
