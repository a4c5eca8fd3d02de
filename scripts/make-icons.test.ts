import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ICON_DIR, makeIcons } from './make-icons';

async function pixel(file: string, x: number, y: number) {
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]!, a: data[i + 3]! };
}

describe('makeIcons', () => {
  it('draws every size, with a maskable icon whose background reaches the corners', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-icons-'));
    try {
      const files = await makeIcons(undefined, out);
      const sizes = await Promise.all(
        files.map(async (f) => [path.basename(f), (await sharp(f).metadata()).width]),
      );
      expect(Object.fromEntries(sizes)).toEqual({
        'icon-192.png': 192,
        'icon-512.png': 512,
        'maskable-512.png': 512,
        'apple-touch-icon.png': 180,
      });
      // The rounded icon is transparent in its corner; the maskable one is the brand colour there.
      expect((await pixel(path.join(out, 'icon-512.png'), 1, 1)).a).toBe(0);
      expect(await pixel(path.join(out, 'maskable-512.png'), 1, 1)).toEqual({
        r: 0x0f,
        g: 0x76,
        b: 0x6e,
        a: 255,
      });
      // The glyph (white) is drawn in the middle.
      expect(await pixel(path.join(out, 'maskable-512.png'), 200, 180)).toMatchObject({
        r: 255,
        g: 255,
        b: 255,
      });
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('has its output committed beside the SVG', () => {
    for (const name of ['icon-192.png', 'icon-512.png', 'maskable-512.png', 'apple-touch-icon.png'])
      expect(fs.existsSync(path.join(ICON_DIR, name)), name).toBe(true);
  });
});
