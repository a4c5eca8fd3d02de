import { describe, expect, it } from 'vitest';
import type { PublicBill, PublicBillParticipant } from '../../../../contracts/payments';
import { initialSelection, payeeRows, selectionTotals, toggleSelection } from './selection';

const person = (id: string, over: Partial<PublicBillParticipant> = {}): PublicBillParticipant => ({
  id,
  participantName: id.toUpperCase(),
  isCreator: false,
  amountDue: '10.00',
  fee: '0.40',
  amountDueIncludingFee: '10.40',
  status: 'pending',
  payable: true,
  assignedItems: [],
  lines: [],
  ...over,
});

const bill = (linkParticipantId = 'p'): PublicBill => ({
  id: 'b',
  name: 'Dishoom',
  date: '2026-11-22',
  creatorName: 'Alice Archer',
  status: 'active',
  subtotal: '36.23',
  serviceCharge: '4.00',
  tip: '4.53',
  totalAmount: '44.76',
  fee: '1.34',
  linkParticipantId,
  expired: false,
  testMode: true,
  participants: [
    person('me', { isCreator: true, payable: false }),
    person('p', { amountDue: '12.34', fee: '0.34', amountDueIncludingFee: '12.68' }),
    person('j', { status: 'paid', payable: false }),
    person('s', { amountDue: '7.01', fee: '0.33', amountDueIncludingFee: '7.34' }),
    person('x', { payable: false }),
  ],
});

describe('payeeRows', () => {
  it('leaves the creator out and marks who is paid or cannot be paid for', () => {
    expect(payeeRows(bill()).map((r) => [r.id, r.state, r.isLinkOwner])).toEqual([
      ['p', 'payable', true],
      ['j', 'paid', false],
      ['s', 'payable', false],
      ['x', 'unavailable', false],
    ]);
    expect(payeeRows(bill())[0]).toMatchObject({
      amountPence: 1234,
      feePence: 34,
      totalPence: 1268,
    });
  });
});

describe('initialSelection', () => {
  it("starts with the link's own person, unless they have paid", () => {
    expect(initialSelection(payeeRows(bill('p')))).toEqual(['p']);
    expect(initialSelection(payeeRows(bill('j')))).toEqual([]);
  });
});

describe('toggleSelection', () => {
  const rows = payeeRows(bill());
  it("adds in the bill's order and takes out", () => {
    expect(toggleSelection(rows, ['s'], 'p')).toEqual(['p', 's']);
    expect(toggleSelection(rows, ['p', 's'], 'p')).toEqual(['s']);
  });
  it('never adds someone who cannot be paid for', () => {
    expect(toggleSelection(rows, ['p'], 'j')).toEqual(['p']);
    expect(toggleSelection(rows, ['p'], 'x')).toEqual(['p']);
    expect(toggleSelection(rows, ['p'], 'nobody')).toEqual(['p']);
  });
});

describe('selectionTotals', () => {
  it("adds each chosen person's share and fee share", () => {
    const t = selectionTotals(payeeRows(bill()), ['p', 's']);
    expect(t.people.map((p) => p.id)).toEqual(['p', 's']);
    expect(t).toMatchObject({ amountPence: 1234 + 701, feePence: 34 + 33, totalPence: 1268 + 734 });
  });
  it('is nothing for nobody, and ignores people who cannot be paid for', () => {
    expect(selectionTotals(payeeRows(bill()), [])).toMatchObject({ totalPence: 0, people: [] });
    expect(selectionTotals(payeeRows(bill()), ['j', 'x']).totalPence).toBe(0);
  });
});
