import type { OcrBox } from '../domain/receipt/types';

/**
 * OCR boxes for text lines, for tests: one upright box per line, 30 px apart. A line given
 * `alternatives` (by index) is an unsure one (score 0.7) with those other readings.
 */
export const boxesOfLines = (
  lines: string[],
  alternatives: Record<number, string[]> = {},
): OcrBox[] =>
  lines.map((text, i) => ({
    text,
    score: i in alternatives ? 0.7 : 0.99,
    box: [
      [10, 10 + 30 * i],
      [300, 10 + 30 * i],
      [300, 30 + 30 * i],
      [10, 30 + 30 * i],
    ],
    ...(i in alternatives ? { alternatives: alternatives[i] } : {}),
  }));
