import type { OcrBox } from '../../../domain/receipt/types';

/** Reads text from one image. Implementations load their models once and are reused. */
export interface OcrEngine {
  /** `image` is an encoded image (the image stage's normalised JPEG). */
  recognize(image: Buffer): Promise<OcrBox[]>;
}
