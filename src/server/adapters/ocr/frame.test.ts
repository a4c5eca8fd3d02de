import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toImagePoint, toImageRect, type FrameStep } from './frame';

/** The centre of the dark pixels of a raw RGB image. */
function darkCentre(data: Buffer, width: number, height: number): [number, number] {
  let [sx, sy, n] = [0, 0, 0];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[(y * width + x) * 3]! < 100) [sx, sy, n] = [sx + x, sy + y, n + 1];
  return [sx / n, sy / n];
}

describe('a page back on its image', () => {
  it('undoes a crop, a resize and a turn as sharp makes them', async () => {
    const [width, height] = [300, 200];
    const pixels = Buffer.alloc(width * height * 3, 255);
    // A dark square centred on (220.5, 40.5).
    for (let y = 38; y < 43; y++)
      for (let x = 218; x < 223; x++) pixels.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
    const raw = { raw: { width, height, channels: 3 as const } };
    const crop = { left: 20, top: 10, width: 260, height: 180 };
    const cropped = await sharp(pixels, raw).extract(crop).raw().toBuffer();
    const enlarged = await sharp(cropped, { raw: { ...raw.raw, width: 260, height: 180 } })
      .resize(520, 360)
      .raw()
      .toBuffer();
    const { data, info } = await sharp(enlarged, { raw: { ...raw.raw, width: 520, height: 360 } })
      .rotate(-7, { background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const steps: FrameStep[] = [
      { kind: 'crop', x: 20, y: 10 },
      { kind: 'scale', x: 2, y: 2 },
      {
        kind: 'rotate',
        degrees: -7,
        from: { width: 520, height: 360 },
        to: { width: info.width, height: info.height },
      },
    ];
    const [x, y] = toImagePoint(steps, darkCentre(data, info.width, info.height));
    expect(x).toBeCloseTo(220.5, 0);
    expect(y).toBeCloseTo(40.5, 0);
  });

  it('leaves a page that is the image as it is, and holds a turned rectangle whole', () => {
    expect(toImagePoint([], [12, 34])).toEqual([12, 34]);
    const turned = toImageRect(
      [
        {
          kind: 'rotate',
          degrees: 90,
          from: { width: 100, height: 50 },
          to: { width: 50, height: 100 },
        },
      ],
      { left: 0, top: 0, right: 50, bottom: 10 },
    );
    expect(turned.left).toBeCloseTo(0);
    expect(turned.right).toBeCloseTo(10);
    expect(turned.top).toBeCloseTo(0);
    expect(turned.bottom).toBeCloseTo(50);
  });
});
