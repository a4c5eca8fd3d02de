// How bench/receipts scores a reading against a label. Kept apart so it can be read (and tested) on
// its own: a change here changes every figure the bench prints.
import type { ParsedReceiptItem } from '../src/domain/receipt/types';

/** A labelled item: WildReceipt gives some names without a price (the labeller could not pair them). */
export interface LabelItem {
  name: string;
  price_value: number | null;
}

export const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** A name without spaces, punctuation or product codes (runs of six or more digits). */
const nameKey = (s: string) => squash(s.replace(/\d{6,}/g, ''));

/**
 * Names match after removing spaces, punctuation and product codes (labels keep a code printed in
 * the name's box, '000000023003STORMTROOPERBEAR'; the parser leaves it out): containment, or
 * normalised Levenshtein >= 0.8.
 */
export function namesMatch(a: string, b: string): boolean {
  const x = nameKey(a);
  const y = nameKey(b);
  if (!x || !y) return x === y;
  if (x.includes(y) || y.includes(x)) return Math.min(x.length, y.length) >= 3 || x === y;
  return 1 - levenshtein(x, y) / Math.max(x.length, y.length) >= 0.8;
}

export const pence = (v: number) => Math.round(v * 100);
export const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/**
 * Items right (price exact, name matching), read and labelled, and of those right how many are
 * named with the label's very letters and digits (`named`: a name cut short or misread still
 * matches, 'RED PEPPE' for 'RED PEPPERS', and only this says so). What the label cannot judge is not
 * counted either way: a read item named like a labelled item whose price the label does not give,
 * and a read item at the price of a labelled price that no name was paired with.
 */
export function scoreItems(
  found: readonly ParsedReceiptItem[],
  labelled: readonly LabelItem[],
  unpairedPrices: readonly number[] = [],
) {
  const priced = labelled.filter((t): t is LabelItem & { price_value: number } =>
    Number.isFinite(t.price_value),
  );
  const used = new Set<number>();
  let right = 0;
  let named = 0;
  for (const t of priced) {
    const i = found.findIndex(
      (f, k) =>
        !used.has(k) && f.amountPence === pence(t.price_value) && namesMatch(f.name, t.name),
    );
    if (i >= 0) {
      used.add(i);
      right++;
      if (nameKey(found[i]!.name) === nameKey(t.name)) named++;
    }
  }
  let unscored = 0;
  for (const t of labelled.filter((t) => !Number.isFinite(t.price_value))) {
    const i = found.findIndex((f, k) => !used.has(k) && namesMatch(f.name, t.name));
    if (i >= 0) {
      used.add(i);
      unscored++;
    }
  }
  for (const price of unpairedPrices) {
    const i = found.findIndex((f, k) => !used.has(k) && f.amountPence === pence(price));
    if (i >= 0) {
      used.add(i);
      unscored++;
    }
  }
  return { right, named, found: found.length - unscored, truth: priced.length };
}
