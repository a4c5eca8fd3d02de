import { describe, expect, it } from 'vitest';
import type { BillDetail } from '../../../../contracts/bills';
import { toDecimalString, toPence } from '../../../../domain/money';
import { splitBill, type SplitInput } from '../../../../domain/split';
import { summaryFromSplit } from '../../../lib/summary-data';
import { summaryOfBill } from './detail-summary';

const input: SplitInput = {
  participants: [
    { id: 'a', name: 'Morgan' },
    { id: 'b', name: 'Alex' },
  ],
  items: [
    {
      name: 'Wine',
      amountPence: toPence('24.60'),
      splitMode: 'manual',
      assignments: [
        { participantId: 'a', portions: 1.5 },
        { participantId: 'b', portions: 1 },
      ],
    },
    { name: 'Fries', amountPence: toPence('4.99'), splitMode: 'equally', assignments: [] },
  ],
  tipPercent: 12,
  serviceChargePence: toPence('6.01'),
  mode: 'byItem',
};
const result = splitBill(input);
const m = toDecimalString;

function detail(amountsDue: number[]): BillDetail {
  return {
    id: 'bill',
    name: 'Dinner',
    date: '2026-11-22',
    createdAt: '2026-11-22T12:00:00Z',
    createdBy: 'u',
    creatorName: 'Morgan',
    status: 'saved',
    mode: 'byItem',
    tipPercent: 12,
    subtotal: m(result.subtotal),
    tax: '0.00',
    serviceCharge: m(result.serviceCharge),
    tip: m(result.tip),
    totalAmount: m(result.total),
    fee: m(result.fee),
    totalIncludingFees: m(result.totalIncludingFees),
    receiptId: null,
    items: input.items.map((it, i) => ({
      id: `i${i}`,
      billId: 'bill',
      name: it.name,
      amount: m(it.amountPence),
      splitMode: it.splitMode,
      assignments: [...it.assignments],
    })),
    participants: result.participants.map((share, i) => ({
      id: share.id,
      billId: 'bill',
      participantName: share.name,
      isCreator: i === 0,
      amountDue: m(amountsDue[i]!),
      fee: m(share.feePence),
      amountDueIncludingFee: m(amountsDue[i]! + share.feePence),
      status: 'pending',
      assignedItems: share.items.map((l) => ({
        name: l.name,
        amount: m(l.amountPence),
        portions: 1,
      })),
    })),
  };
}

describe('summaryOfBill', () => {
  it('gives back the summary the bill was saved from when the server agrees', () => {
    const bill = detail(result.participants.map((p) => p.amount));
    expect(summaryOfBill(bill)).toEqual(summaryFromSplit('Dinner', input, result));
  });

  it("uses the server's amounts when they differ", () => {
    const due = result.participants.map((p) => p.amount);
    due[0]! += 1;
    due[1]! -= 1;
    const summary = summaryOfBill(detail(due));
    expect(summary.participantAmounts.map((p) => p.amount)).toEqual(due);
    for (const p of summary.participantAmounts) {
      const items = p.items.reduce((s, l) => s + l.amount, 0);
      expect(items + p.serviceCharge + p.tip).toBe(p.amount);
    }
  });
});
