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
 * its confidence in order, and, where `heights` gives them, each that tall about the row's middle
 * (20 px otherwise).
 */
export const boxesOfScoredLines = (
  lines: string[],
  scores: Record<number, readonly number[]>,
  alternatives: Record<number, string[]> = {},
  heights: Record<number, readonly number[]> = {},
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
    const middle = (top + bottom) / 2;
    return parts.map((text, k) => {
      const right = x + 8 * text.length;
      const half = (heights[i]?.[k] ?? bottom - top) / 2;
      const part: OcrBox = {
        text,
        score: confidences[k]!,
        box: [
          [x, middle - half],
          [right, middle - half],
          [right, middle + half],
          [x, middle + half],
        ],
      };
      x = right + 24;
      return part;
    });
  });
