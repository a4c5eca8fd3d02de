import type { BillDetail } from '../../../../contracts/bills';
import { toPence } from '../../../../domain/money';
import {
  splitBill,
  type SplitInput,
  type SplitItem,
  type SplitParticipant,
} from '../../../../domain/split';
import { summaryFromSplit, type SummaryData } from '../../../lib/summary-data';

/**
 * A stored bill as summary data, for 'Share a copy of this bill' from the detail screen. The split is
 * rerun on the stored items with the same domain code the server used, so each person's service
 * charge and tip lines come back; the amounts are then checked against the server's (the authority),
 * and if anything differs (a bill built step by step with declared totals) the server's amounts are
 * used with the extras in one line.
 */
export function summaryOfBill(bill: BillDetail): SummaryData {
  const participants: SplitParticipant[] = bill.participants.map((p) => ({
    id: p.id,
    name: p.participantName,
  }));
  const items: SplitItem[] = bill.items.map((item) => ({
    name: item.name,
    amountPence: toPence(item.amount),
    splitMode: item.splitMode,
    assignments: item.assignments,
  }));
  const input: SplitInput = {
    participants,
    items,
    tipPercent: bill.tipPercent ?? 0,
    serviceChargePence: toPence(bill.serviceCharge),
    mode: bill.mode,
  };
  try {
    const result = splitBill(input);
    const agrees =
      result.total === toPence(bill.totalAmount) &&
      result.participants.every(
        (share, i) => share.amount === toPence(bill.participants[i]!.amountDue),
      );
    if (agrees) return summaryFromSplit(bill.name, input, result);
  } catch {
    // falls through to the server's amounts
  }
  return {
    billName: bill.name,
    subtotal: toPence(bill.subtotal),
    serviceCharge: toPence(bill.serviceCharge),
    tip: toPence(bill.tip),
    total: toPence(bill.totalAmount),
    fee: toPence(bill.fee),
    totalIncludingFees: toPence(bill.totalIncludingFees),
    tipPercent: bill.tipPercent ?? 0,
    mode: bill.mode,
    participantAmounts: bill.participants.map((p) => {
      const items = p.assignedItems.map((line) => ({
        name: line.name,
        amount: toPence(line.amount),
      }));
      const original = items.reduce((sum, line) => sum + line.amount, 0);
      const amount = toPence(p.amountDue);
      return {
        id: p.id,
        name: p.participantName,
        amount,
        originalAmount: original,
        serviceCharge: amount - original,
        tip: 0,
        fee: toPence(p.fee),
        items,
      };
    }),
    participants,
    items,
  };
}
