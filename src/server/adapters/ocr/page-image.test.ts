import { Image } from 'paddleocr';
import { describe, expect, it } from 'vitest';
import { PageImage } from './page-image';

/** Pixels from a seeded generator: every value of a byte, edges and flat runs alike. */
function pixels(width: number, height: number, channels: number, seed: number): Uint8Array {
  const data = new Uint8Array(width * height * channels);
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = i % 7 === 0 ? 255 : (s >>> 16) & 0xff;
  }
  return data;
}

const both = (width: number, height: number, channels = 3, seed = 1) => {
  const data = pixels(width, height, channels, seed);
  return [new Image(width, height, channels, data), new PageImage(width, height, channels, data)];
};

describe('PageImage', () => {
  it("resizes to the package's very bytes, shrinking, enlarging and to one pixel", () => {
    for (const [w, h, tw, th] of [
      [97, 31, 240, 48],
      [640, 37, 48 * 12, 48],
      [300, 900, 96, 320],
      [13, 7, 1, 1],
      [1, 1, 5, 3],
      [120, 40, 120, 40],
    ] as const) {
      const [image, page] = both(w, h, 3, w * h);
      const theirs = image!.resize({ width: tw, height: th });
      const ours = page!.resize({ width: tw, height: th });
      expect(ours).toBeInstanceOf(PageImage);
      expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
      expect(Buffer.from(ours.data).equals(Buffer.from(theirs.data))).toBe(true);
    }
  });

  it("makes the package's very tensor, in RGB and BGR order, from 3 and 4 channels", () => {
    const options = {
      mean_values: [0.5, 0.5, 0.5],
      norm_values: [1 / 127.5, 1 / 127.5, 1 / 127.5],
    };
    const detector = {
      mean_values: [123.675, 116.28, 103.53],
      norm_values: [1 / 58.395, 1 / 57.12, 1 / 57.375],
      channel_order: 'bgr',
    };
    for (const channels of [3, 4])
      for (const o of [options, detector] as Parameters<Image['tensor']>[0][]) {
        const [image, page] = both(33, 17, channels, channels);
        expect(page!.tensor(o)).toEqual(image!.tensor(o));
      }
  });

  it("crops the package's very pixels, straight or turned, and refuses a crop off the page", () => {
    const [image, page] = both(80, 60);
    const box = { x: 7, y: 11, width: 50, height: 23 };
    expect(Buffer.from(page!.crop(box).data).equals(Buffer.from(image!.crop(box).data))).toBe(true);
    const corners: Parameters<Image['cropRotated']>[0] = [
      { x: 10, y: 12 },
      { x: 70, y: 18 },
      { x: 69, y: 40 },
      { x: 9, y: 34 },
    ];
    const turned = page!.cropRotated(corners);
    expect(turned).toBeInstanceOf(PageImage);
    expect(Buffer.from(turned.data).equals(Buffer.from(image!.cropRotated(corners).data))).toBe(
      true,
    );
    expect(() => page!.crop({ x: 40, y: 0, width: 50, height: 10 })).toThrow('out of bounds');
  });

  it('leaves the triangle filter and a size worked out from one side to the package', () => {
    const [image, page] = both(64, 32);
    const triangle = { width: 20, height: 10, filter: 'triangle' } as const;
    expect(page!.resize(triangle).data).toEqual(image!.resize(triangle).data);
    expect(page!.resize({ height: 16 }).width).toBe(32);
  });
});
