import { parseMoney, toDecimalString } from '../../../../domain/money';

// The 'Manual Receipt Entry' dialog's rows (capture-split-history.md §2, §5).

export interface ManualRow {
  key: number;
  name: string;
  price: string;
}

/** A price field counts as filled when it holds a digit: '£' alone or '.' is still empty. */
const hasDigit = (text: string) => /\d/.test(text);

/**
 * The rows to add to the bill: only those with both a name and a price (spec §5), the name trimmed
 * and the price as 2-decimal pounds, read the way every typed amount is (non-numeric stripped).
 */
export function keptManualItems(rows: readonly ManualRow[]): { name: string; amount: string }[] {
  return rows
    .filter((row) => row.name.trim() !== '' && hasDigit(row.price))
    .map((row) => ({ name: row.name.trim(), amount: toDecimalString(parseMoney(row.price)) }));
}
