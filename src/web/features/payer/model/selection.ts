import type { PublicBill } from '../../../../contracts/payments';
import { toPence, type Pence } from '../../../../domain/money';
import { payableFor } from '../../../../domain/shares';

// Paying for several people (/secure-payment, payments-accounts.md §2, §5, §9): who can be chosen,
// who starts chosen, and what the chosen cost: each one's share plus their fee share.

/** nothing: a share of £0.00, which has no link and nothing to pay. */
export type PayeeState = 'payable' | 'paid' | 'nothing' | 'unavailable';

export interface PayeeRow {
  id: string;
  name: string;
  amountPence: Pence;
  feePence: Pence;
  totalPence: Pence;
  state: PayeeState;
  isLinkOwner: boolean;
}

/** Everyone on the bill but its creator, in the bill's order. */
export function payeeRows(bill: PublicBill): PayeeRow[] {
  return bill.participants
    .filter((p) => !p.isCreator)
    .map((p) => ({
      id: p.id,
      name: p.participantName,
      amountPence: toPence(p.amountDue),
      feePence: toPence(p.fee),
      totalPence: toPence(p.amountDueIncludingFee),
      // A share already paid cannot be chosen; one with no open link (expired, never made)
      // cannot be paid here either, and the server would refuse it.
      state: p.payable
        ? 'payable'
        : p.status === 'paid'
          ? 'paid'
          : toPence(p.amountDueIncludingFee) === 0
            ? 'nothing'
            : 'unavailable',
      isLinkOwner: p.id === bill.linkParticipantId,
    }));
}

/** The link's own person, when they can still be paid for. */
export function initialSelection(rows: readonly PayeeRow[]): string[] {
  return rows.filter((r) => r.isLinkOwner && r.state === 'payable').map((r) => r.id);
}

/** `selected` with `id` added or taken out; people who cannot be paid for are never added. */
export function toggleSelection(
  rows: readonly PayeeRow[],
  selected: readonly string[],
  id: string,
): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  const row = rows.find((r) => r.id === id);
  if (!row || row.state !== 'payable') return [...selected];
  // Keep the bill's order, so the breakdown reads like the list.
  return rows.filter((r) => r.id === id || selected.includes(r.id)).map((r) => r.id);
}

/** The chosen people who can be paid for, with what they cost together. */
export function selectionTotals(rows: readonly PayeeRow[], selected: readonly string[]) {
  const people = rows.filter((r) => r.state === 'payable' && selected.includes(r.id));
  const total = payableFor(
    people.map((p) => ({ amountPence: p.amountPence, feePence: p.feePence })),
  );
  return { people, ...total };
}
