import { describe, expect, it } from 'vitest';
import type { BillDetail } from '../../../../contracts/bills';
import { toDecimalString, toPence } from '../../../../domain/money';
import { shareLinesOf } from '../../../../domain/shares';
import { splitBill, type SplitInput } from '../../../../domain/split';
import { summaryFromSplit } from '../../../entities/bill/model/summary-data';
import { summaryOfBill } from './detail-summary';

const base: SplitInput = {
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
const input = base;
const result = splitBill(input);
const m = toDecimalString;

/** The bill as the server answers it: its lines stored from the same split at save. */
function detail(input = base, result = splitBill(base)): BillDetail {
  const lines = shareLinesOf(input, result);
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
    tax: m(result.tax),
    serviceCharge: m(result.serviceCharge),
    tip: m(result.tip),
    totalAmount: m(result.total),
    fee: m(result.fee),
    totalIncludingFees: m(result.totalIncludingFees),
    receiptId: null,
    hasPaymentLinks: false,
    hasPayments: false,
    archived: false,
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
      amountDue: m(share.amount),
      fee: m(share.feePence),
      amountDueIncludingFee: m(share.amount + share.feePence),
      status: 'pending',
      assignedItems: share.items.map((l) => ({
        name: l.name,
        amount: m(l.amountPence),
        portions: 1,
      })),
      lines: lines[i]!.lines.map((l) => ({
        kind: l.kind,
        name: l.name,
        amount: m(l.amountPence),
        portions: l.portions,
      })),
      paidAt: null,
      paidMethod: null,
      disputed: false,
    })),
  };
}

describe('summaryOfBill', () => {
  it('gives back the summary the bill was saved from, read from its stored lines', () => {
    expect(summaryOfBill(detail())).toEqual(summaryFromSplit('Dinner', input, result));
  });

  it("carries a tax added on top, and each person's share of it, from the stored lines", () => {
    const taxed = { ...base, taxPence: 305 };
    const split = splitBill(taxed);
    const summary = summaryOfBill(detail(taxed, split));
    expect(summary).toEqual(summaryFromSplit('Dinner', taxed, split));
    expect(summary.tax).toBe(305);
    expect(summary.participantAmounts.map((p) => p.tax)).toEqual(
      split.participants.map((p) => p.taxPence),
    );
  });

  it('never splits again: it shows the stored lines even where a fresh split would differ', () => {
    const bill = detail();
    // A stored line the split engine would not produce today (say, a rule changed since the save).
    bill.participants[0]!.lines[0]!.amount = m(toPence(bill.participants[0]!.lines[0]!.amount) + 1);
    bill.participants[0]!.lines[1]!.amount = m(toPence(bill.participants[0]!.lines[1]!.amount) - 1);
    const summary = summaryOfBill(bill);
    expect(summary.participantAmounts[0]!.items.map((l) => m(l.amount))).toEqual(
      bill.participants[0]!.lines.slice(0, 2).map((l) => l.amount),
    );
    for (const p of summary.participantAmounts) {
      const items = p.items.reduce((s, l) => s + l.amount, 0);
      expect(items + p.serviceCharge + p.tip).toBe(p.amount);
    }
  });
});
