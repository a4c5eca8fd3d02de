import type { ParsedReceiptItem } from './types';

// Which items a reading is unsure of. A price read as a box of its own is paired with a name along
// the row lines (lines-from-boxes.ts), and the pairing says how sure that is: 1 when the price sits
// where its neighbours' offsets put it, 0 when it is half a row off, where it could as well be the
// next row's price.

/**
 * Below this a pairing is unsure, and the user is asked to check the price against the receipt: the
 * price sits more than a quarter of a row from where its neighbours put it, nearer the point where
 * it could be the next row's than its own row's line. A tilt or curl the fit follows keeps a price
 * near its line (pairing near 1), so only a price out of step with its neighbours is flagged.
 */
export const UNSURE_PAIRING = 0.5;

/** Whether the user should check an item's price: its pairing is known and below UNSURE_PAIRING. */
export function isPairingUnsure(item: Pick<ParsedReceiptItem, 'pairing'>): boolean {
  return item.pairing !== undefined && item.pairing < UNSURE_PAIRING;
}

/**
 * Why a reading is unsure of an item, as the parser knows it: its price sat between two rows (a
 * pairing below UNSURE_PAIRING), or its figures were read two ways and the sums chose one.
 */
export type UnsureReason = 'between rows' | 'read two ways';

/** The reasons to check an item's price; none for an item the reading is sure of. */
export function unsureReasons(
  item: Pick<ParsedReceiptItem, 'pairing' | 'readTwoWays'>,
): UnsureReason[] {
  const reasons: UnsureReason[] = [];
  if (isPairingUnsure(item)) reasons.push('between rows');
  if (item.readTwoWays) reasons.push('read two ways');
  return reasons;
}
