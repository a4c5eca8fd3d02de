// Draws the home-screen icons from src/web/public/icon.svg with sharp: 192 and 512 px, a
// full-bleed maskable 512 px (the glyph inside the safe zone, the corners filled for any mask),
// and a 180 px apple-touch-icon. The PNGs are committed; run `npm run icons` after changing the SVG.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const ICON_SVG = 'src/web/public/icon.svg';
export const ICON_DIR = 'src/web/public/icons';

/** The icon as a full-bleed square: the rounded background becomes square, the glyph stays. */
export function fullBleed(svg: string): string {
  return svg.replace(/<rect([^>]*?)\srx="[^"]*"/, '<rect$1');
}

export async function makeIcons(svgPath = ICON_SVG, outDir = ICON_DIR): Promise<string[]> {
  const svg = fs.readFileSync(svgPath, 'utf8');
  const square = fullBleed(svg);
  fs.mkdirSync(outDir, { recursive: true });
  const render = (source: string, size: number, file: string) =>
    sharp(Buffer.from(source), { density: Math.ceil((72 * size) / 64) * 2 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(outDir, file))
      .then(() => path.join(outDir, file));
  return Promise.all([
    render(svg, 192, 'icon-192.png'),
    render(svg, 512, 'icon-512.png'),
    // Maskable: platforms crop to a circle or squircle inside the middle 80%; the glyph sits there
    // already, and the background must reach every edge.
    render(square, 512, 'maskable-512.png'),
    // iOS rounds the corners itself and shows transparency as black.
    render(square, 180, 'apple-touch-icon.png'),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of await makeIcons()) console.log(`wrote ${file}`);
}
