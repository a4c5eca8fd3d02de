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

/**
 * OCR boxes for text lines as `boxesOfLines` lays them out, except that a line given `scores` (by
 * index) is read as several boxes, split at its double spaces, side by side on its row, each with
 * its confidence in order.
 */
export const boxesOfScoredLines = (
  lines: string[],
  scores: Record<number, readonly number[]>,
  alternatives: Record<number, string[]> = {},
): OcrBox[] =>
  boxesOfLines(lines, alternatives).flatMap((box, i) => {
    const confidences = scores[i];
    if (!confidences) return [box];
    const parts = box.text.split(/ {2,}/);
    if (parts.length !== confidences.length)
      throw new Error(`line ${i}: ${parts.length} boxes, ${confidences.length} scores`);
    const [[left, top], , [, bottom]] = box.box;
    // Each box as wide as its text, a gap of three characters between them.
    let x = left;
    return parts.map((text, k) => {
      const right = x + 8 * text.length;
      const part: OcrBox = {
        text,
        score: confidences[k]!,
        box: [
          [x, top],
          [right, top],
          [right, bottom],
          [x, bottom],
        ],
      };
      x = right + 24;
      return part;
    });
  });
