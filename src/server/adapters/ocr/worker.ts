import type { OcrBox } from '../../../domain/receipt/types';
import {
  createPaddleEngine,
  type Band,
  type Banded,
  type Detected,
  type Look,
  type PaddleEngine,
  type PaddleOptions,
} from './paddle';

// One OCR engine per worker thread, loaded on the first task and kept for the thread's life. A scan
// is up to three kinds of task (pool.ts): `detect` finds the text lines of a page (or, when its
// print is too small for one look, the bands to find them in, each then a `detectBand` task), and
// `read` reads some of them, so that the bands and lines of one page are worked on by every thread
// at once.

/** The engine's settings; the first task a thread runs loads its engine with them. */
export type OcrSettings = Pick<
  PaddleOptions,
  'detectionMaxSide' | 'detectionThreads' | 'deskew' | 'secondOpinionBelow'
>;

export interface DetectTask {
  settings: OcrSettings;
  image: Uint8Array;
  look: Look;
}
/** The page's lines, or the bands to find them in. */
export type DetectResult = Detected | Banded;

export interface DetectBandTask {
  settings: OcrSettings;
  page: Detected['page'];
  bands: Band[];
  /** the band to look at */
  k: number;
}
export type DetectBandResult = Detected['lines'];

export interface ReadTask {
  settings: OcrSettings;
  page: Detected['page'];
  lines: Detected['lines'];
}
/** One box per line given, null where nothing legible was read. */
export type ReadResult = (OcrBox | null)[];

let engine: Promise<PaddleEngine> | null = null;
/** The thread's engine, loaded once; a load that failed is tried again by the next task. */
const engineWith = (settings: OcrSettings) =>
  (engine ??= createPaddleEngine({ ...settings, threads: 1 }).catch((err: unknown) => {
    engine = null;
    throw err;
  }));

export async function detect({ settings, image, look }: DetectTask): Promise<DetectResult> {
  return (await engineWith(settings)).survey(Buffer.from(image), look);
}

export async function detectBand({
  settings,
  page,
  bands,
  k,
}: DetectBandTask): Promise<DetectBandResult> {
  return (await engineWith(settings)).detectBand(page, bands, k);
}

export async function read({ settings, page, lines }: ReadTask): Promise<ReadResult> {
  return (await engineWith(settings)).read(page, lines);
}
