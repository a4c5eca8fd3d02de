import fs from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderReceipt } from '../../testing/receipt-fixtures';
import { fuseModel } from './fused-model';
import { dictionaryOf, models } from './paddle';

/** The image as the recognisers' and detector's input: RGB planes, (v - 127.5) / 127.5. */
async function planes(image: Buffer, width: number, height: number) {
  const rgb = await sharp(image)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const data = new Float32Array(3 * width * height);
  for (let i = 0; i < width * height; i++)
    for (let c = 0; c < 3; c++) data[c * width * height + i] = (rgb[i * 3 + c]! - 127.5) / 127.5;
  return new ort.Tensor('float32', data, [1, 3, height, width]);
}

async function outputs(model: Uint8Array, input: ort.Tensor) {
  const session = await ort.InferenceSession.create(model);
  const out = await session.run({ [session.inputNames[0]!]: input });
  return out[session.outputNames[0]!]!;
}

describe('the OCR models with their blocks fused', () => {
  it.each([
    // Every PP-LCNetV3 block: its affine into its convolution, its hard-swish in two operators;
    // a few of its weights are denormal.
    [
      'PP-OCRv4',
      models.recognitionPath,
      models.dictionaryPath,
      { convAffine: 28, hardSwish: 28, denormals: 31_350 },
    ],
    // Batch normalisation where PP-OCRv4 has affines (onnxruntime fuses those itself); a third of
    // its weights are denormal (its last convolutions' most of all), and become zero.
    [
      'English PP-OCRv3',
      models.englishRecognitionPath,
      models.englishDictionaryPath,
      { convAffine: 0, hardSwish: 27, denormals: 789_250 },
    ],
  ])(
    'reads a receipt line as the %s recogniser does, in fewer operators',
    async (_, path, dictionaryFile, made) => {
      const file = new Uint8Array(await fs.readFile(path));
      const fused = fuseModel(file);
      expect(fused.made).toMatchObject(made);
      // A printed line, black on white, at the recognisers' input size.
      const line = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="48">' +
          '<rect width="240" height="48" fill="white"/>' +
          '<text x="6" y="34" font-family="DejaVu Sans Mono, monospace" font-size="26">Chips 14.50</text>' +
          '</svg>',
      );
      const input = await planes(line, 240, 48);
      const [before, after] = [await outputs(file, input), await outputs(fused.model, input)];
      expect(after.dims).toEqual(before.dims);
      const a = before.data as Float32Array;
      const b = after.data as Float32Array;
      let most = 0;
      for (let i = 0; i < a.length; i++) most = Math.max(most, Math.abs(a[i]! - b[i]!));
      expect(most).toBeLessThan(1e-4);
      // The same character at every step.
      const [, steps, classes] = before.dims as number[];
      const best = (d: Float32Array, t: number) => {
        let k = 0;
        for (let c = 1; c < classes!; c++) if (d[t * classes! + c]! > d[t * classes! + k]!) k = c;
        return k;
      };
      const read = (d: Float32Array) => Array.from({ length: steps! }, (_, t) => best(d, t));
      expect(read(b)).toEqual(read(a));
      const dictionary = dictionaryOf(await fs.readFile(dictionaryFile, 'utf8'));
      const text = read(a)
        .filter((k, t, all) => k !== 0 && k !== all[t - 1])
        .map((k) => dictionary[k - 1])
        .join('');
      expect(text).toBe('Chips 14.50');
    },
  );

  it('finds the same text on a page as the PP-OCRv4 detector does', async () => {
    const file = new Uint8Array(await fs.readFile(models.detectionPath));
    const fused = fuseModel(file);
    expect(fused.made.convAffine).toBeGreaterThan(0);
    const input = await planes(await renderReceipt(), 320, 480);
    const [before, after] = [await outputs(file, input), await outputs(fused.model, input)];
    const a = before.data as Float32Array;
    const b = after.data as Float32Array;
    let most = 0;
    let text = 0;
    for (let i = 0; i < a.length; i++) {
      most = Math.max(most, Math.abs(a[i]! - b[i]!));
      if (a[i]! > 0.3) text++;
    }
    expect(text).toBeGreaterThan(100);
    expect(most).toBeLessThan(1e-4);
  });

  it.each([
    ['PP-OCRv4', models.recognitionPath],
    ['English PP-OCRv3', models.englishRecognitionPath],
  ])(
    'gives back a %s model it has nothing left to fuse or flush in, byte for byte',
    async (_, path) => {
      const once = fuseModel(new Uint8Array(await fs.readFile(path))).model;
      const twice = fuseModel(once);
      expect(twice.made).toEqual({ convAffine: 0, hardSwish: 0, affineConv: 0, denormals: 0 });
      expect(twice.model).toBe(once);
    },
  );
});
