import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderReceipt, UK_RECEIPT } from '../../testing/receipt-fixtures';
import { estimateSkewDegrees, type Gray } from './deskew';

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
