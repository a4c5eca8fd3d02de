import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderReceipt, UK_RECEIPT } from '../../testing/receipt-fixtures';
import { estimateSkewDegrees, inkMask, type Gray } from './deskew';

async function gray(image: Buffer, width = 600): Promise<Gray> {
  const { data, info } = await sharp(image)
    .resize({ width })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe('estimateSkewDegrees', () => {
  it('finds no tilt on a straight receipt', async () => {
    const flat = await renderReceipt(UK_RECEIPT);
    expect(Math.abs(estimateSkewDegrees(await gray(flat)))).toBeLessThanOrEqual(0.3);
  });

  it.each([4, -3, 7.5])('finds a tilt of %s degrees on a dark table', async (degrees) => {
    const flat = await renderReceipt(UK_RECEIPT);
    // sharp rotates clockwise for positive angles: text lines then run down to the right.
    const tilted = await sharp(flat).rotate(degrees, { background: '#3b3228' }).jpeg().toBuffer();
    expect(estimateSkewDegrees(await gray(tilted))).toBeCloseTo(degrees, 0);
  });

  it('gives 0 for an image without text', async () => {
    const blank = await sharp({
      create: { width: 400, height: 600, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    expect(estimateSkewDegrees(await gray(blank, 400))).toBe(0);
  });
});

describe('inkMask', () => {
  it('marks as ink what is darker by 48 than the brightest pixel within 2, at edges too', () => {
    // A seeded noise image, odd sizes, against the definition computed pixel by pixel.
    let state = 7;
    const width = 37;
    const height = 23;
    const data = Uint8Array.from({ length: width * height }, () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state % 256;
    });
    const expected = Uint8Array.from(data, (v, i) => {
      const x = i % width;
      const y = Math.floor(i / width);
      let max = 0;
      for (let yy = Math.max(0, y - 2); yy <= Math.min(height - 1, y + 2); yy++) {
        for (let xx = Math.max(0, x - 2); xx <= Math.min(width - 1, x + 2); xx++) {
          max = Math.max(max, data[yy * width + xx]!);
        }
      }
      return max - v >= 48 ? 1 : 0;
    });
    const mask = inkMask({ data, width, height });
    expect(mask.reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    expect([...mask]).toEqual([...expected]);
  });
});
