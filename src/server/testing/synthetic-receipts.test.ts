import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '../../domain/receipt/parse-receipt';
import { draftReceipt, syntheticReceipt } from './synthetic-receipts';

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

describe('the synthetic UK set: how its tills print', () => {
  it('varies codes after a minus, counts before the name and reduced prices under it, and its labels are what is printed', () => {
    const texts = (seed: number, kind: 'supermarket' | 'restaurant', tillStyles: boolean) =>
      draftReceipt(seed, kind, { tillStyles }).lines.map((l) => `${l.left} ${l.right ?? ''}`);
    const styled = Array.from({ length: 40 }, (_, k) => k + 1).flatMap((seed) => [
      texts(seed, 'supermarket', true),
      texts(seed, 'restaurant', true),
    ]);
    const all = styled.flat();
    expect(all.some((t) => /\d\.\d{2}-[ABZ]\s*$/.test(t))).toBe(true);
    expect(all.some((t) => /^\d @ \d+\.\d{2} [A-Z]/.test(t))).toBe(true);
    expect(all.some((t) => /^\s*WAS £\d+\.\d{2} NOW £\d+\.\d{2}/.test(t))).toBe(true);
    // Loose produce, its price on the weight's line or on the name's.
    expect(all.some((t) => /^\s*\d\.\d{3} kg @ £\d\.\d{2}\/kg \d+\.\d{2}/.test(t))).toBe(true);
    expect(all.some((t) => /^\s*\d\.\d{3} kg @ £\d\.\d{2}\/kg\s*$/.test(t))).toBe(true);
    // Without the option a seed's receipt is printed as before.
    expect(texts(7, 'supermarket', false).some((t) => /-[ABZ]\s*$/.test(t))).toBe(false);
    // The parser reads the printed text of each style to its labels (the seeds below print all
    // three).
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const printed = seeds.flatMap((seed) => texts(seed, 'supermarket', true));
    expect(printed.some((t) => /^\s*WAS £/.test(t))).toBe(true);
    for (const seed of seeds) {
      for (const kind of ['supermarket', 'restaurant'] as const) {
        const drafted = draftReceipt(seed, kind, { tillStyles: true });
        const parsed = parseReceiptText(drafted.lines.map((l) => `${l.left} ${l.right ?? ''}`));
        expect(parsed.items.map((i) => [i.name, i.amountPence])).toEqual(
          drafted.items.map((i) => [i.name, i.pence]),
        );
      }
    }
  });
});

describe('the world set: receipts brought back from abroad', () => {
  const printed = (lines: { left: string; right?: string }[]) =>
    lines.map((l) => `${l.left} ${l.right ?? ''}`);

  it('prints decimal commas with tax codes, barcodes with cents, a second currency, tables', () => {
    const all = (kind: 'continental' | 'us-grocery' | 'two-currencies' | 'table') =>
      Array.from({ length: 20 }, (_, k) => printed(draftReceipt(k + 1, kind).lines)).flat();
    const continental = all('continental');
    expect(continental.some((t) => /\d,\d{2}[12]\s*$/.test(t))).toBe(true); // the code glued on
    expect(continental.some((t) => /\d,\d{2} [AB12]\s*$/.test(t))).toBe(true);
    expect(continental.some((t) => /\d x \d+,\d{2}/.test(t))).toBe(true);
    const us = all('us-grocery');
    expect(us.some((t) => /\d{12} +\.\d{2} [NFX]\s*$/.test(t))).toBe(true);
    expect(us.some((t) => /^\s*\d AT 1 FOR /.test(t))).toBe(true);
    const two = all('two-currencies');
    expect(two.some((t) => /^TOTAL USD/.test(t))).toBe(true);
    // A count, a unit price and the row's amount on every row of a table.
    const table = all('table');
    expect(table.some((t) => /^\d {2}[A-Z][\w ]+ {2}\d+\.\d{2} \d+\.\d{2}$/.test(t))).toBe(true);
    expect(table.some((t) => /^[A-Z][\w ]+ {2}\d {2}\d+\.\d{2} \d+\.\d{2}$/.test(t))).toBe(true);
  });

  it('reads to its labels as printed, whatever the kind', () => {
    for (const kind of ['continental', 'us-grocery', 'two-currencies', 'table'] as const) {
      for (let seed = 1; seed <= 20; seed++) {
        const drafted = draftReceipt(seed, kind);
        const parsed = parseReceiptText(printed(drafted.lines));
        expect(parsed.items.map((i) => [i.name, i.amountPence])).toEqual(
          drafted.items.map((i) => [i.name, i.pence]),
        );
        expect(parsed.totalPence).toBe(drafted.total);
      }
    }
  });
});
