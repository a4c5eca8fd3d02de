import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { syntheticReceipt } from './synthetic-receipts';

describe('the synthetic UK set: labels say what the photo shows', () => {
  it('gives the paper’s real share of the frame, less than asked for a receipt too long for it', async () => {
    const long = await syntheticReceipt(303, {
      kind: 'supermarket',
      productCodes: true,
      faults: { paperShare: 0.8, angle: 0, curl: 0 },
    });
    // About 120 printed lines photographed whole: the frame is as tall as the paper.
    expect(long.label.photo.printedLines).toBeGreaterThan(90);
    expect(long.label.photo.paperShareInFrame).toBeLessThan(0.3);
    const short = await syntheticReceipt(404, {
      kind: 'cafe',
      faults: { paperShare: 0.7, angle: 0, curl: 0 },
    });
    expect(short.label.photo.paperShareInFrame).toBeCloseTo(0.7, 1);
  }, 60_000);

  it('gives the same photo, lossless for a HEIC encoder, and says which format it is', async () => {
    const jpeg = await syntheticReceipt(22, { kind: 'restaurant' });
    const png = await syntheticReceipt(22, { kind: 'restaurant', lossless: true });
    expect((await sharp(jpeg.jpeg).metadata()).format).toBe('jpeg');
    expect((await sharp(png.jpeg).metadata()).format).toBe('png');
    expect(png.label.photo.format).toBe('heic');
    expect(jpeg.label.photo.format).toBe('jpeg');
    expect({ ...png.label, photo: null }).toEqual({ ...jpeg.label, photo: null });
  }, 60_000);
});
