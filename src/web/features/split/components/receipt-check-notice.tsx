import { TriangleAlert, X } from 'lucide-react';
import { formatPence } from '../../../../domain/money';
import type { ReceiptCheck, receiptMismatch } from '../model/editor-state';

/** What the editor says when a receipt's items do not add up to its printed figure. */
export function mismatchText(itemsPence: number, expectedPence: number): string {
  return `Items add up to ${formatPence(itemsPence)} but the receipt says ${formatPence(expectedPence)} — check for missed lines`;
}

/** Which printed figure the items were checked against, in the receipt's own words when read. */
export function checkedAgainstText({ against, label, figurePence }: ReceiptCheck): string {
  const printed =
    label && figurePence !== undefined
      ? ` (printed as ‘${label}’ ${formatPence(figurePence)})`
      : figurePence !== undefined
        ? ` (${formatPence(figurePence)})`
        : '';
  return against === 'subtotal'
    ? `Checked against the receipt's subtotal${printed}.`
    : `Checked against the receipt's total${printed}, less service charge and tip.`;
}

/** The receipt's items against its printed figure, while they differ, until dismissed. */
export function ReceiptCheckNotice({
  mismatch,
  onDismiss,
}: {
  mismatch: NonNullable<ReturnType<typeof receiptMismatch>>;
  onDismiss: () => void;
}) {
  return (
    <div
      role="status"
      className="mt-3 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 py-3 pl-4 pr-1 text-amber-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold" data-testid="receipt-mismatch">
          {mismatchText(mismatch.itemsPence, mismatch.expectedPence)}
        </p>
        <p className="mt-1 text-sm" data-testid="receipt-mismatch-against">
          {checkedAgainstText(mismatch)}
        </p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss the receipt check"
        className="-my-2 grid size-11 shrink-0 place-items-center rounded-full hover:bg-amber-100"
      >
        <X aria-hidden className="size-5" />
      </button>
    </div>
  );
}
