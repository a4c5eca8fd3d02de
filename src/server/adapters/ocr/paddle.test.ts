import fs from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderReceipt, UK_RECEIPT_EXPECTED } from '../../testing/receipt-fixtures';
import { parseReceipt } from '../../../domain/receipt/parse-receipt';
import type { OcrBox } from '../../../domain/receipt/types';
import { createPaddleEngine, dictionaryOf, models } from './paddle';
import { isStripPrice, missedPriceStrips, rectLine } from './strips';

describe('the PaddleOCR engine', () => {
  it.each([
    ['PP-OCRv4', models.recognitionPath, models.dictionaryPath],
    ['English', models.englishRecognitionPath, models.englishDictionaryPath],
  ])('gives the %s recogniser a character for every class it outputs', async (_, model, dict) => {
    const session = await ort.InferenceSession.create(model);
    const blank = new ort.Tensor('float32', new Float32Array(3 * 48 * 240), [1, 3, 48, 240]);
    const output = (await session.run({ [session.inputNames[0]!]: blank }))[
      session.outputNames[0]!
    ]!;
    // Class 0 is CTC's blank; one more or one fewer character shifts every letter read.
    expect(output.dims[2]).toBe(dictionaryOf(await fs.readFile(dict, 'utf8')).length + 1);
  });

  it('enlarges a small photo for a closer look, and never shrinks a larger one', async () => {
    const full = await renderReceipt();
    const { width = 0, height = 0 } = await sharp(full).metadata();
    const small = await sharp(full)
      .resize({ width: Math.round(width / 2) })
      .jpeg({ quality: 90 })
      .toBuffer();
    const engine = await createPaddleEngine({ deskew: false });
    const plain = await engine.detect(small);
    expect(Math.max(plain.page.width, plain.page.height)).toBe(Math.round(height / 2));
    const closer = await engine.detect(small, { magnifyTo: 960 });
    expect(Math.max(closer.page.width, closer.page.height)).toBe(960);
    expect(closer.page.width / closer.page.height).toBeCloseTo(width / height, 2);
    const text = (await engine.read(closer.page, closer.lines)).map((b) => b?.text).join('\n');
    expect(text).toContain(UK_RECEIPT_EXPECTED.total);
    const large = await engine.detect(full, { magnifyTo: Math.round(height / 2) });
    expect(large.page.height).toBe(height);
  });

  it('reads again the strips of a price column where the detector missed prices', async () => {
    const engine = await createPaddleEngine();
    const { page, lines } = await engine.detect(await renderReceipt());
    const boxes = (await engine.read(page, lines)).filter((b): b is OcrBox => b !== null);
    // Two prices lost, as the detector loses some of a column on a small or soft photo.
    const lost = ['14.50', '9.75'];
    const kept = boxes.filter((b) => !lost.some((price) => b.text.includes(price)));
    expect(kept).toHaveLength(boxes.length - 2);
    const strips = missedPriceStrips(kept, page);
    const found = (await engine.read(page, strips.map(rectLine))).filter(isStripPrice);
    expect(found.map((b) => b.text.replace(/^£/, ''))).toEqual(lost);
    // Read back into the rows of their names.
    const parsed = parseReceipt([...kept, ...found]);
    expect(parsed.items.slice(0, 3).map((i) => [i.name, i.amountPence])).toEqual([
      ['Fish and Chips', 1450],
      ['Steak Pie', 1395],
      ['Caesar Salad', 975],
    ]);
  });

  it('reads every price of a rendered receipt when each line also gets the second opinion', async () => {
    const image = await renderReceipt();
    for (const secondOpinionBelow of [0, 1.01]) {
      const engine = await createPaddleEngine({ secondOpinionBelow });
      const text = (await engine.recognize(image)).map((b) => b.text).join('\n');
      for (const amount of [
        ...UK_RECEIPT_EXPECTED.items.map((i) => i.amount.replace('-', '')),
        UK_RECEIPT_EXPECTED.subtotal,
        UK_RECEIPT_EXPECTED.total,
      ]) {
        expect(text, `threshold ${secondOpinionBelow}`).toContain(amount);
      }
    }
  });

  it('keeps every name of a rendered receipt when each name line also gets the English reading', async () => {
    const image = await renderReceipt();
    for (const nameSecondOpinionBelow of [0, 1.01]) {
      const engine = await createPaddleEngine({ nameSecondOpinionBelow });
      const boxes = await engine.recognize(image);
      const names = parseReceipt(boxes).items.map((i) => i.name);
      expect(names, `threshold ${nameSecondOpinionBelow}`).toEqual(
        UK_RECEIPT_EXPECTED.items.map((i) => i.name),
      );
    }
  });
});
