import type { OcrBox } from '../../../domain/receipt/types';
import {
  createPaddleEngine,
  type Detected,
  type Look,
  type PaddleEngine,
  type PaddleOptions,
} from './paddle';

// One OCR engine per worker thread, loaded on the first task and kept for the thread's life. A scan
// is two kinds of task (pool.ts): `detect` finds the text lines of a page, then `read` reads some of
// them, so that the lines of one page can be read on every thread at once.

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
export type DetectResult = Detected;

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
  return (await engineWith(settings)).detect(Buffer.from(image), look);
}

export async function read({ settings, page, lines }: ReadTask): Promise<ReadResult> {
  return (await engineWith(settings)).read(page, lines);
}
