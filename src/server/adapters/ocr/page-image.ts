import { Image } from 'paddleocr';

/**
 * The `paddleocr` package's Image, with the three steps every detector band and every recognised
 * line goes through (crop, bilinear resize, tensor) done the same way in fewer operations: the
 * package computes each output pixel's source columns and weights again for every row and copies a
 * crop pixel by pixel through a new subarray each, and those steps were a tenth of a long
 * receipt's reading (a CPU profile, 2026-11-29). The results are the package's own to the bit: the
 * same arithmetic in the same order, only hoisted out of the loops (page-image.test.ts compares
 * them). A crop, rotated or not, and a resize give a PageImage, so the next step is the fast one.
 */
export class PageImage extends Image {
  static of(image: Image): PageImage {
    return image instanceof PageImage
      ? image
      : new PageImage(image.width, image.height, image.channels, image.data);
  }

  override crop(options: Parameters<Image['crop']>[0]): PageImage {
    const { x, y, width, height } = options;
    if (x < 0 || y < 0 || x + width > this.width || y + height > this.height)
      throw new Error('Crop area is out of bounds');
    const channels = this.channels;
    const rowBytes = width * channels;
    const out = new Uint8Array(height * rowBytes);
    for (let j = 0; j < height; j++) {
      const from = ((y + j) * this.width + x) * channels;
      out.set(this.data.subarray(from, from + rowBytes), j * rowBytes);
    }
    return new PageImage(width, height, channels, out);
  }

  override cropRotated(points: Parameters<Image['cropRotated']>[0]): PageImage {
    return PageImage.of(super.cropRotated(points));
  }

  override resize(options: Parameters<Image['resize']>[0]): PageImage {
    const { width, height, filter } = options;
    // Only the bilinear resize to a given size is done here; the package checks and does the rest.
    if (
      filter === 'triangle' ||
      width === undefined ||
      height === undefined ||
      !Number.isInteger(width) ||
      width <= 0 ||
      !Number.isInteger(height) ||
      height <= 0
    )
      return PageImage.of(super.resize(options));
    return this.bilinear(width, height);
  }

  /** The package's resizeBilinear: each source row's and column's pair and weights found once. */
  private bilinear(dstW: number, dstH: number): PageImage {
    const srcW = this.width;
    const srcH = this.height;
    const channels = this.channels;
    const src = this.data;
    const out = new Uint8Array(dstW * dstH * channels);
    const scaleX = srcW / dstW;
    const scaleY = srcH / dstH;
    // Per output column: the two source columns (as byte offsets in a row) and their weights.
    const left = new Int32Array(dstW);
    const right = new Int32Array(dstW);
    const wRight = new Float64Array(dstW);
    const wLeft = new Float64Array(dstW);
    for (let x = 0; x < dstW; x++) {
      const [x1, x2, xWeight] = sourcePair(x, scaleX, srcW);
      left[x] = x1 * channels;
      right[x] = x2 * channels;
      wRight[x] = xWeight;
      wLeft[x] = 1 - xWeight;
    }
    for (let y = 0; y < dstH; y++) {
      const [y1, y2, yWeight] = sourcePair(y, scaleY, srcH);
      const upper = y1 * srcW * channels;
      const lower = y2 * srcW * channels;
      const wLower = yWeight;
      const wUpper = 1 - yWeight;
      let at = y * dstW * channels;
      for (let x = 0; x < dstW; x++) {
        const l = left[x]!;
        const r = right[x]!;
        const wl = wLeft[x]!;
        const wr = wRight[x]!;
        for (let c = 0; c < channels; c++) {
          const ul = upper + l + c;
          const ur = upper + r + c;
          const ll = lower + l + c;
          const lr = lower + r + c;
          const top = src[ul]! * wl + src[ur]! * wr;
          const bottom = src[ll]! * wl + src[lr]! * wr;
          const v = top * wUpper + bottom * wLower;
          // Math.round, clamped to a byte: below 0.5 is 0 (where v + 0.5 could round up to 1), else
          // v + 0.5 floored (positive, so | 0 floors).
          out[at++] = v < 0.5 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
        }
      }
    }
    return new PageImage(dstW, dstH, channels, out);
  }

  /** The package's tensor (planes of normalised channels): each byte's value looked up, not worked out. */
  override tensor(options: Parameters<Image['tensor']>[0]): Float32Array {
    const mean = options.mean_values;
    const norm = options.norm_values;
    const bgr = (options.channel_order ?? 'rgb') === 'bgr';
    const plane = this.width * this.height;
    const channels = this.channels;
    const data = this.data;
    const tensor = new Float32Array(plane * 3);
    // The package's value for byte v in channel c, rounded to float32 as its tensor stores it.
    const table = new Float32Array(3 * 256);
    for (let c = 0; c < 3; c++)
      for (let v = 0; v < 256; v++) table[c * 256 + v] = v * norm[c]! - mean[c]! * norm[c]!;
    for (let c = 0; c < 3; c++) {
      const from = bgr ? 2 - c : c;
      const base = c * 256;
      const to = c * plane;
      for (let i = 0, p = from; i < plane; i++, p += channels)
        tensor[to + i] = table[base + data[p]!]!;
    }
    return tensor;
  }
}

/**
 * The package's two source rows (or columns) for output row i of a resize by `scale` from `size`,
 * and the second's weight: the nearer edge alone, weight 0, at either end.
 */
function sourcePair(i: number, scale: number, size: number): [number, number, number] {
  const source = (i + 0.5) * scale - 0.5;
  const first = Math.floor(source);
  if (first < 0) return [0, Math.min(size - 1, 1), 0];
  if (first >= size - 1) return [size - 1, size - 1, 0];
  return [first, first + 1, source - first];
}
