// npm run fixtures:receipt -- out.jpg [--flat | --heic]
// npm run fixtures:receipt -- --synthetic DIR [--count N] [--seed S] [--heic-share P]
//   The synthetic UK set: N seeded receipts (supermarket lists of 40-60 lines, with product codes
//   between name and price on some, restaurants with service and VAT tables, pubs, cafes, discounts,
//   multi-buys, card slips), photographed small in frame, tilted, bowed, dim, shadowed and JPEG-
//   compressed, each with a label bench/receipts reads (src/server/testing/synthetic-receipts.ts).
//   A share P of them (0.15 unless given; chosen by seed, the others' photos do not change) is
//   saved as HEIC as iPhones do, encoded by heif-enc (Debian: apt-get install libheif-examples).
// npm run fixtures:receipt -- --synthetic DIR --world [--count N] [--seed S]
//   Receipts brought back from abroad instead (src/server/testing/world-receipts.ts): continental
//   tills with decimal commas and tax codes, US groceries with codes and '.89', bills printing a
//   second currency's total, Asian restaurant bills printed as a table (a count, a unit price and
//   an amount on each row); a quarter of each, photographed as the UK set is.
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
import {
  seeded,
  syntheticReceipt,
  type ReceiptKind,
} from '../src/server/testing/synthetic-receipts';

const KINDS: readonly ReceiptKind[] = [
  'supermarket',
  'supermarket',
  'restaurant',
  'pub',
  'supermarket',
  'restaurant',
  'cafe',
  'restaurant',
  'supermarket',
  'pub',
];
const WORLD_KINDS: readonly ReceiptKind[] = [
  'continental',
  'us-grocery',
  'two-currencies',
  'table',
];
const args = process.argv.slice(2);
const syntheticAt = args.indexOf('--synthetic');
if (syntheticAt >= 0) {
  const dir = path.resolve(args[syntheticAt + 1] ?? 'synthetic');
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const count = option('count', 300);
  const first = option('seed', 1);
  const world = args.includes('--world');
  const heicShare = option('heic-share', world ? 0 : 0.15);
  fs.mkdirSync(dir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'synthetic-heic-'));
  for (let seed = first; seed < first + count; seed++) {
    // Four in ten are supermarket lists (one of them with a product code between each name and
    // its price), three restaurants, two pubs, one cafe.
    const kind = world ? WORLD_KINDS[seed % WORLD_KINDS.length]! : KINDS[seed % 10]!;
    const heic = seeded(seed * 31 + 17).next() < heicShare;
    const { jpeg, label } = await syntheticReceipt(seed, {
      kind,
      productCodes: !world && seed % 10 === 0,
      tillStyles: true,
      lossless: heic,
    });
    const stem = path.join(
      dir,
      `${world ? 'world' : 'uk'}-${String(seed).padStart(4, '0')}-${label.kind}`,
    );
    if (heic) {
      // The phone's own encoder at about the JPEG's quality: iPhones save HEIC at 50-60%.
      const png = path.join(work, 'photo.png');
      fs.writeFileSync(png, jpeg);
      const quality = String(Math.round(40 + label.photo.jpegQuality / 4));
      execFileSync('heif-enc', ['--quality', quality, '--output', `${stem}.heic`, png]);
    } else {
      fs.writeFileSync(`${stem}.jpg`, jpeg);
    }
    fs.writeFileSync(`${stem}.json`, JSON.stringify(label, null, 1));
  }
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`wrote ${count} receipts to ${dir}`);
  process.exit(0);
}
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
