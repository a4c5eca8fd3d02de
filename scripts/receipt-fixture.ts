// npm run fixtures:receipt -- out.jpg [--flat | --heic]
// Writes the UK test receipt as a phone-like JPEG (or a flat PNG with --flat) for e2e tests.
// With --heic, the phone-like photo (turned upright) as an iPhone-style HEIC, encoded by heif-enc
// (Debian: apt-get install libheif-examples); that is how src/server/testing/fixtures/
// uk-receipt.heic was made, since no npm package encodes HEVC.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { phonePhoto, renderReceipt } from '../src/server/testing/receipt-fixtures';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--')) ?? 'receipt.jpg';
const flat = await renderReceipt();
if (args.includes('--heic')) {
  const png = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heic-')), 'receipt.png');
  await sharp(await phonePhoto(flat))
    .rotate()
    .png()
    .toFile(png);
  execFileSync('heif-enc', ['--quality', '50', '--output', out, png]);
} else {
  fs.writeFileSync(out, args.includes('--flat') ? flat : await phonePhoto(flat));
}
console.log(`wrote ${out}`);
