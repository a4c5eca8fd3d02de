import type { BillDetail } from '../../../../contracts/bills';
import { toPence } from '../../../../domain/money';
import type { SplitItem, SplitParticipant } from '../../../../domain/split';
import type { SummaryData } from '../../../entities/bill/model/summary-data';

/**
 * A stored bill as summary data, for bill detail and 'Share a copy of this bill'. Every amount is
 * read from the lines the server stored when the bill was saved (DECISIONS.md "The server is the
 * authority"): nothing is split again here. Item and equal-share lines are the person's items; the
 * service, tip, tax and fee lines their parts of those.
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
  return {
    billName: bill.name,
    subtotal: toPence(bill.subtotal),
    serviceCharge: toPence(bill.serviceCharge),
    tip: toPence(bill.tip),
    tax: toPence(bill.tax),
    total: toPence(bill.totalAmount),
    fee: toPence(bill.fee),
    totalIncludingFees: toPence(bill.totalIncludingFees),
    tipPercent: bill.tipPercent ?? 0,
    mode: bill.mode,
    participantAmounts: bill.participants.map((p) => {
      const sum = (kind: string) =>
        p.lines.filter((l) => l.kind === kind).reduce((s, l) => s + toPence(l.amount), 0);
      const lines = p.lines
        .filter((l) => l.kind === 'item' || l.kind === 'share')
        .map((l) => ({ name: l.name, amount: toPence(l.amount), portions: l.portions }));
      return {
        id: p.id,
        name: p.participantName,
        amount: toPence(p.amountDue),
        originalAmount: lines.reduce((s, l) => s + l.amount, 0),
        serviceCharge: sum('service'),
        tip: sum('tip'),
        tax: sum('tax'),
        fee: toPence(p.fee),
        items: lines,
      };
    }),
    participants,
    items,
  };
}
