import fs from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { renderReceipt, UK_RECEIPT_EXPECTED } from '../../testing/receipt-fixtures';
import { createPaddleEngine, dictionaryOf, models } from './paddle';

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
});
