import { describe, expect, it } from 'vitest';
import type { BillDetail } from '../../../../contracts/bills';
import { toDecimalString as m } from '../../../../domain/money';
import { splitBill, type SplitInput } from '../../../../domain/split';
import { draftOfSavedBill } from './from-saved';
import { isDraftBill } from './schema';

const input: SplitInput = {
  participants: [
    { id: 'p-me', name: 'Morgan' },
    { id: 'p-alex', name: 'Alex' },
  ],
  items: [
    {
      name: 'Wine',
      amountPence: 2460,
      splitMode: 'manual',
      assignments: [
        { participantId: 'p-me', portions: 1.5 },
        { participantId: 'p-alex', portions: 1 },
      ],
    },
    { name: 'Fries', amountPence: 499, splitMode: 'equally', assignments: [] },
  ],
  tipPercent: 12.5,
  serviceChargePence: 601,
  taxPence: 150,
  mode: 'byItem',
};

/** The bill as GET /api/bills/:id answers it once `input` was saved. */
function saved(over: Partial<BillDetail> = {}): BillDetail {
  const split = splitBill(input);
  return {
    id: 'bill',
    name: 'Dinner',
    date: '2026-11-22',
    createdAt: '2026-11-22T12:00:00Z',
    createdBy: 'u',
    creatorName: 'Morgan',
    status: 'saved',
    mode: 'byItem',
    tipPercent: 12.5,
    subtotal: m(split.subtotal),
    tax: m(split.tax),
    serviceCharge: m(split.serviceCharge),
    tip: m(split.tip),
    totalAmount: m(split.total),
    fee: m(split.fee),
    totalIncludingFees: m(split.totalIncludingFees),
    receiptId: 'scan-1',
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
    // The rest of a participant is not read.
    participants: split.participants.map((share, i) => ({
      id: share.id,
      billId: 'bill',
      participantName: share.name,
      isCreator: i === 0,
      amountDue: m(share.amount),
      fee: m(share.feePence),
      amountDueIncludingFee: m(share.amountIncludingFeePence),
      status: 'pending',
      assignedItems: [],
      lines: [],
      paidAt: null,
      paidMethod: null,
      disputed: false,
    })),
    ...over,
  };
}

describe('draftOfSavedBill', () => {
  it('gives the editor the bill as saved: split again, it comes to the same pennies', () => {
    const draft = draftOfSavedBill(saved());
    expect(isDraftBill(draft)).toBe(true);
    expect(draft).toMatchObject({
      billName: 'Dinner',
      participants: [
        { id: 'p-me', name: 'Morgan' },
        { id: 'p-alex', name: 'Alex' },
      ],
      tipPercent: 12.5,
      serviceChargePence: 601,
      taxPence: 150,
      mode: 'byItem',
      receiptId: 'scan-1',
    });
    expect(draft.items.map((i) => [i.id, i.name, i.amountPence, i.splitMode])).toEqual([
      ['i0', 'Wine', 2460, 'manual'],
      ['i1', 'Fries', 499, 'equally'],
    ]);
    const again = splitBill({ ...draft, items: draft.items });
    expect(again.participants.map((p) => p.amount)).toEqual(
      splitBill(input).participants.map((p) => p.amount),
    );
  });

  it('reads a tip saved in pounds as the percentage of the subtotal it came to', () => {
    const draft = draftOfSavedBill(saved({ tipPercent: null, subtotal: '20.00', tip: '2.50' }));
    expect(draft.tipPercent).toBe(12.5);
    expect(draftOfSavedBill(saved({ tipPercent: null, subtotal: '0.00' })).tipPercent).toBe(0);
  });

  it('has no scan when the bill was typed in', () => {
    expect(draftOfSavedBill(saved({ receiptId: null }))).not.toHaveProperty('receiptId');
  });
});
