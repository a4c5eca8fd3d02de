import type { BillListItem } from '../../../../contracts/bills';
import { formatPence, toPence } from '../../../../domain/money';
import { paidCountText } from '../../../entities/bill/model/payment-status';

export interface RowState {
  /** "2 of 3 paid", "Completed", "Friends are picking"; null for a bill only saved. */
  progress: string | null;
  /** "£12.50 still owed" while friends owe something; null otherwise. */
  owed: string | null;
  done: boolean;
}

/**
 * A bill list row's state at a glance (DECISIONS.md Managing saved bills): how many friends have
 * paid and what they still owe, "Completed", or nothing for a bill that was only saved.
 */
export function rowState(bill: Pick<BillListItem, 'status' | 'owed' | 'participants'>): RowState {
  const friends = bill.participants.filter((p) => !p.isCreator);
  const owedPence = toPence(bill.owed);
  const owed = owedPence > 0 ? `${formatPence(owedPence)} still owed` : null;
  switch (bill.status) {
    case 'completed':
      return { progress: 'Completed', owed: null, done: true };
    case 'active':
      return {
        progress: paidCountText(friends.filter((p) => p.status === 'paid').length, friends.length),
        owed,
        done: false,
      };
    case 'picking':
      return { progress: 'Friends are picking', owed: null, done: false };
    default:
      return { progress: null, owed: null, done: false };
  }
}
