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

/** The points that look like ink: dark against a bright neighbourhood (text strokes, not shadows). */
export function inkPoints({ data, width, height }: Gray): { xs: Int32Array; ys: Int32Array } {
  // Local maximum over a (2r+1)^2 square, as two 1-D passes.
  const r = INK_RADIUS;
  const horizontal = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let dx = Math.max(0, x - r); dx <= Math.min(width - 1, x + r); dx++) {
        const v = data[row + dx]!;
        if (v > max) max = v;
      }
      horizontal[row + x] = max;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let dy = Math.max(0, y - r); dy <= Math.min(height - 1, y + r); dy++) {
        const v = horizontal[dy * width + x]!;
        if (v > max) max = v;
      }
      if (max - data[y * width + x]! >= INK_CONTRAST) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys) };
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
