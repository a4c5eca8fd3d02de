import type { OcrBox } from '../../../domain/receipt/types';
import type { OcrEngine } from './engine';
import { createPaddleEngine } from './paddle';

// One OCR engine per worker thread, loaded on the first task and kept for the thread's life.

export interface OcrTask {
  image: Uint8Array;
  detectionMaxSide?: number;
  deskew?: boolean;
  secondOpinionBelow?: number;
}
export interface OcrTaskResult {
  boxes: OcrBox[];
  ocrMs: number;
}

let engine: Promise<OcrEngine> | null = null;

export default async function recognizeTask(task: OcrTask): Promise<OcrTaskResult> {
  engine ??= createPaddleEngine({
    detectionMaxSide: task.detectionMaxSide,
    deskew: task.deskew,
    secondOpinionBelow: task.secondOpinionBelow,
    threads: 1,
  });
  const ready = await engine;
  const started = performance.now();
  const boxes = await ready.recognize(Buffer.from(task.image));
  return { boxes, ocrMs: performance.now() - started };
}
