// The parser's working values: a receipt line as classified, and an item as read. Each stage of
// the parser (classify.ts, items.ts, totals.ts, name.ts) takes these and returns new ones; none is
// changed in place.
import type { Pence } from '../money';
import type { FoundAmount } from './amounts';
import type { LineKind } from './keywords';
import type { ParsedReceiptItem, ReceiptRect } from './types';

export interface Line {
  readonly index: number;
  readonly text: string;
  /** the price the line ends with, if any */
  readonly amount: FoundAmount | null;
  /** the text before that price */
  readonly label: string;
  /** keyword kind, 'item' for a priced ordinary line, 'text' for an unpriced one */
  readonly kind: LineKind | 'item' | 'text' | 'quantity' | 'running';
  /** decided by the subtotal: an item even if it equals the items above it */
  readonly isItem?: boolean;
  /** how sure the pairing of its price with its name is, 0 to 1, when they were separate boxes */
  readonly pairing?: number;
  /** where the line sits on the photo, when it was built from boxes */
  readonly box?: ReceiptRect;
}

export interface Item extends ParsedReceiptItem {
  line: number;
  /** the line the name was taken from, when not the price's own (a name above or below it) */
  nameLine?: number;
  /** after the subtotal: a discount on the whole bill, not checked against the subtotal */
  afterSubtotal?: boolean;
}

/** A line that starts or continues the items: a priced line, or a count on a line of its own. */
export const isItemLine = (l: Line) => l.kind === 'item' || l.kind === 'quantity';

/** The items the subtotal counts: all but discounts printed after it. */
export function countedPence(items: readonly Item[]): Pence {
  return sum(items.filter((i) => !i.afterSubtotal).map((i) => i.amountPence));
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The smallest rectangle holding all of `rects` (those given); undefined when none is. */
export function unionRect(...rects: (ReceiptRect | undefined)[]): ReceiptRect | undefined {
  const given = rects.filter((r): r is ReceiptRect => r !== undefined);
  if (given.length === 0) return undefined;
  return {
    left: Math.min(...given.map((r) => r.left)),
    top: Math.min(...given.map((r) => r.top)),
    right: Math.max(...given.map((r) => r.right)),
    bottom: Math.max(...given.map((r) => r.bottom)),
  };
}
