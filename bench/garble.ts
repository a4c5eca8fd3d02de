// The total's fallbacks, measured without new photos: OCR often garbles the words of a receipt's
// totals block ('TOTAL' as 'TKTQK', 'SUBTOTAL' as 'SBT7L') while reading its figures right. On
// each receipt whose total is read right, the words of every line of the given kinds are garbled
// (letters swapped for others, seeded, until the line no longer reads as its kind), and the text
// parsed again: how often the total is still found says how well the other figures stand in.
import { trailingAmount } from '../src/domain/receipt/amounts';
import { keywordKind, type LineKind } from '../src/domain/receipt/keywords';
import { parseReceiptText } from '../src/domain/receipt/parse-receipt';
import type { Pence } from '../src/domain/money';

const STRANGERS = 'XQZJKV';

/** A seeded generator of numbers in [0, 1) (a linear congruential one: enough to garble). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/**
 * The lines with the words of every line of one of `kinds` garbled, or null when no line is of
 * those kinds.
 */
export function garbleWords(
  texts: readonly string[],
  kinds: readonly LineKind[],
  seed = 3,
): string[] | null {
  const random = seeded(seed);
  const garble = (words: string) =>
    words.replace(/[A-Za-z]/g, (c) =>
      random() < 0.5 ? STRANGERS[Math.floor(random() * STRANGERS.length)]! : c,
    );
  let changed = false;
  const garbled = texts.map((text) => {
    const amount = trailingAmount(text);
    const words = amount ? text.slice(0, amount.start) : text;
    const kind = keywordKind(words.toUpperCase());
    if (kind === null || !kinds.includes(kind)) return text;
    let read = garble(words);
    for (let tries = 0; tries < 5 && keywordKind(read.toUpperCase()) === kind; tries++) {
      read = garble(read);
    }
    changed = true;
    return read + (amount ? text.slice(amount.start) : '');
  });
  return changed ? garbled : null;
}

/** Right totals, and how many of them are still found with those words garbled. */
export class GarbledTotals {
  tried = 0;
  found = 0;
  constructor(readonly kinds: readonly LineKind[]) {}

  add(lines: readonly string[], total: Pence): void {
    const garbled = garbleWords(lines, this.kinds);
    if (!garbled) return;
    this.tried++;
    if (parseReceiptText(garbled).totalPence === total) this.found++;
  }
}
