import type { BillStatus } from '../../../../contracts/bills';
import type { PaidMethod } from '../../../../contracts/payments';

// What a friend's share and a bill's payment links say on screen (payments-accounts.md §2 Payment
// links dialog; DECISIONS.md Statuses). Bill detail (bills feature) and the get-paid feature both
// show them, so the wording lives here, once.

export interface ShareState {
  status: 'pending' | 'paid';
  paidMethod: PaidMethod | null;
  /** The share's link has passed its expiry unpaid (links only; a bill's participant has none). */
  expired?: boolean;
  /** Paid, then disputed with the payer's bank: held until the dispute closes (links only). */
  disputed?: boolean;
}

export interface ShareBadge {
  label: 'Paid' | 'Pending' | 'Disputed';
  /** How it was paid, when known: card, or marked paid by hand. */
  detail: string | null;
  /** Pending, with a link past its expiry: asking again (Get paid back) renews it. */
  expired: boolean;
  /** The creator may mark it paid by hand (cash or bank transfer). */
  canMarkPaid: boolean;
  /** Marked paid by hand, so the creator may undo it; a card payment cannot be undone. */
  canUndo: boolean;
}

export const PAID_METHOD_TEXT: Record<PaidMethod, string> = {
  card: 'Paid by card',
  bank: 'Paid from bank app',
  cash: 'Paid in cash',
  bank_transfer: 'Paid by bank transfer',
};

/** The badge of one friend's share. */
export function shareBadge(share: ShareState): ShareBadge {
  if (share.status === 'paid') {
    const method = share.paidMethod;
    return {
      label: 'Paid',
      detail: method ? PAID_METHOD_TEXT[method] : null,
      expired: false,
      canMarkPaid: false,
      canUndo: method === 'cash' || method === 'bank_transfer',
    };
  }
  if (share.disputed)
    // Neither paid nor to be asked for again: the bank decides, and the share follows.
    return {
      label: 'Disputed',
      detail: 'Waiting for the bank to decide',
      expired: false,
      canMarkPaid: false,
      canUndo: false,
    };
  return {
    label: 'Pending',
    detail: null,
    expired: share.expired === true,
    canMarkPaid: true,
    canUndo: false,
  };
}

/** A bill's state of being paid back: null for a bill only saved (no links asked for yet). */
export function billPaymentLabel(status: BillStatus): 'Completed' | 'Active' | null {
  if (status === 'completed') return 'Completed';
  if (status === 'active') return 'Active';
  return null;
}

/** "2 of 3 paid" */
export function paidCountText(paid: number, total: number): string {
  return `${paid} of ${total} paid`;
}
