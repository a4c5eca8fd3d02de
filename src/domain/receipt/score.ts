// One score ranks every reading of a receipt. A reading is what the parser makes of the lines under
// a set of choices (another reading of an unsure box, the prices a row up, a figure read as the
// total, whole units rather than pence...); each choice costs what it strays from the text as read,
// and the printed sums, the words and the geometry say how well the reading fits. No choice is
// kept before the items are read: the readings are compared whole (parse-receipt.ts).
import { UNKNOWN_ITEM_NAME } from '../money';
import { isPairingUnsure } from './pairing';
import { isOn } from './switches';
import { LARGEST_AMOUNT } from './totals';
import type { ParsedReceipt } from './types';

/** A candidate reading: the parsed receipt, and the choices that made it, each with its cost. */
export interface Reading {
  readonly parsed: ParsedReceipt;
  /** what the choices stray from the text as read: 0 for the plain reading */
  readonly cost: number;
  /** the choices, by name ('another total', 'prices a row up') */
  readonly steps: readonly string[];
  /** names among the items left without a price (words the reading did not pair with a figure) */
  readonly namesWithoutPrice: number;
  /** prices (and the total) the plain reading of the same lines read that this reading lost */
  readonly pricesLost?: number;
}

/** One named, weighted term of the score. */
export interface ScoreTerm {
  readonly name: string;
  readonly weight: number;
  /** why it holds on any receipt */
  readonly reason: string;
  readonly value: (r: Reading) => number;
}

/**
 * The items add up to a figure printed apart from them. Not when the total is only the largest
 * amount and that is an item's own price: a lone item then adds up to itself, whatever the reading.
 */
export function addsUp(r: ParsedReceipt): boolean {
  if (!r.checks.itemsMatchTotal || r.items.length === 0) return false;
  return !(
    r.totalStrategy === LARGEST_AMOUNT && r.items.some((i) => i.amountPence === r.totalPence)
  );
}

export const SCORE_TERMS: readonly ScoreTerm[] = [
  {
    name: 'sums agree',
    weight: 10,
    reason:
      'A till adds its items up: items that make the printed subtotal or total to the penny are ' +
      'read right far more often than by chance, whatever the layout.',
    value: (r) => (addsUp(r.parsed) ? 1 : 0),
  },
  {
    name: 'total found',
    weight: 2,
    reason: 'Every receipt prints what was paid: a reading that finds no total has lost a figure.',
    value: (r) => (r.parsed.totalPence === null ? 0 : 1),
  },
  {
    name: 'every price named',
    weight: 2,
    reason:
      'Every price on a receipt is printed beside what it is for: a price left without a name was ' +
      'paired wrong; the last one left over alone, under the last name, is the mark of a price ' +
      'column a row out of step, and counts twice.',
    value: (r) => {
      const items = r.parsed.items;
      const unnamed = items.filter((i) => i.name === UNKNOWN_ITEM_NAME).length;
      const leftOver = unnamed === 1 && items.at(-1)?.name === UNKNOWN_ITEM_NAME;
      return -unnamed - (leftOver ? 1 : 0);
    },
  },
  {
    name: 'every figure kept',
    weight: 10,
    reason:
      'Moving prices between rows changes what they pay for, never which prices and total were ' +
      'printed: a reading that loses an item price or changes the total has thrown money away.',
    value: (r) => -(r.pricesLost ?? 0),
  },
  {
    name: 'names keep their prices',
    weight: 1.25,
    reason:
      'Among the items, a name with no price beside or under it has lost its price to a neighbour.',
    value: (r) => -r.namesWithoutPrice,
  },
  {
    name: 'pairing confidence',
    weight: 0.5,
    reason:
      "A price half a row from where its neighbours put it may be the next row's (lines-from-boxes.ts).",
    value: (r) => -r.parsed.items.filter(isPairingUnsure).length,
  },
  {
    name: 'reading as printed',
    weight: 1,
    reason:
      'The text as read is right more often than any one change to it: each change must be paid ' +
      'for by what the sums and the words gain.',
    value: (r) => -r.cost,
  },
];

/** The score of a reading: its terms, weighted, summed (a term switched off counts nothing). */
export function score(r: Reading): number {
  let total = 0;
  for (const term of SCORE_TERMS) if (isOn(term.name)) total += term.weight * term.value(r);
  return total;
}

/** The most a reading of this cost can score: every term but the cost at its best. */
export function bestPossible(cost: number): number {
  let total = 0;
  for (const term of SCORE_TERMS) {
    if (!isOn(term.name)) continue;
    if (term.name === 'reading as printed') total -= term.weight * cost;
    else if (term.name === 'sums agree' || term.name === 'total found') total += term.weight;
  }
  return total;
}

/** The best reading: the highest score, the cheaper on a tie, the earlier on a tie again. */
export function best(readings: readonly Reading[]): Reading {
  let chosen = readings[0]!;
  let top = score(chosen);
  for (const r of readings.slice(1)) {
    const s = score(r);
    if (s > top || (s === top && r.cost < chosen.cost)) {
      chosen = r;
      top = s;
    }
  }
  return chosen;
}
