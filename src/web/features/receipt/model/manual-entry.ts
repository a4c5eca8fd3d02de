import { amountTextProblem, itemNameProblem } from '../../../../domain/bill-rules';
import { toPence, type Pence } from '../../../../domain/money';

// The 'Manual Receipt Entry' dialog's rows (capture-split-history.md §2, §5). A row is read exactly
// or not at all: one the bill rules cannot read ('12abc.50', '3.333', a name with no price, a price
// with no name) is marked with what is wrong, never changed into something else or dropped.

export interface ManualRow {
  key: number;
  name: string;
  price: string;
}

export const PRICE_MISSING_MESSAGE = 'Add the price, or clear this row';
export const NAME_MISSING_MESSAGE = 'Add the item’s name, or clear this row';

/** The price as typed, less a leading '£' (the field already shows one) and spaces. */
const priceText = (price: string) => price.trim().replace(/^£\s*/, '');

const isBlank = (row: ManualRow) => row.name.trim() === '' && priceText(row.price) === '';

/** What is wrong with a row's name and price; both null for a row that is fine or left empty. */
export function manualRowProblems(row: ManualRow): { name: string | null; price: string | null } {
  if (isBlank(row)) return { name: null, price: null };
  const name = row.name.trim() === '' ? NAME_MISSING_MESSAGE : itemNameProblem(row.name);
  const price =
    priceText(row.price) === ''
      ? PRICE_MISSING_MESSAGE
      : amountTextProblem(priceText(row.price), { allowNegative: true });
  return { name, price };
}

/** A row the dialog adds: its name trimmed and its price in pence. */
export interface ManualItem {
  name: string;
  amountPence: Pence;
}

/**
 * The rows to add to the bill, or null while any filled row is marked (Add stays disabled): every
 * row with a name and a price, in order; rows left wholly empty are skipped.
 */
export function keptManualItems(rows: readonly ManualRow[]): ManualItem[] | null {
  const kept: ManualItem[] = [];
  for (const row of rows) {
    if (isBlank(row)) continue;
    const problems = manualRowProblems(row);
    if (problems.name || problems.price) return null;
    kept.push({ name: row.name.trim(), amountPence: toPence(priceText(row.price)) });
  }
  return kept;
}
