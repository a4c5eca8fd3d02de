import { describe, expect, it } from 'vitest';
import { wholeBillBodySchema } from '../../../../contracts/bills';
import { toPence } from '../../../../domain/money';
import { splitBill, type SplitInput } from '../../../../domain/split';
import { summaryFromSplit } from '../../../entities/bill/model/summary-data';
import { editedBillBody, pickingBillBody, savedBillName, wholeBillBody } from './save-body';

const NOW = new Date('2026-11-22T15:45:00Z');

const input: SplitInput = {
  participants: [
    { id: 'p-me', name: 'Morgan' },
    { id: 'p-alex', name: 'Alex' },
  ],
  items: [
    {
      name: 'Red Wine',
      amountPence: toPence('24.60'),
      splitMode: 'manual',
      assignments: [
        { participantId: 'p-me', portions: 1.5 },
        { participantId: 'p-alex', portions: 0 },
      ],
    },
    { name: 'Fries', amountPence: toPence('4.99'), splitMode: 'equally', assignments: [] },
  ],
  tipPercent: 12.5,
  serviceChargePence: toPence('6.00'),
  mode: 'byItem',
};

describe('savedBillName', () => {
  it('keeps a real name and dates a blank or placeholder one', () => {
    expect(savedBillName('  Pizza Place ', NOW)).toBe('Pizza Place');
    expect(savedBillName('Misc. Bill', NOW)).toBe('Bill - 22/11/2026, 15:45');
    expect(savedBillName('   ', NOW)).toBe('Bill - 22/11/2026, 15:45');
  });
});

describe('wholeBillBody', () => {
  it('sends the whole split, accepted by the contract, with the total the summary showed', () => {
    const summary = summaryFromSplit('Pizza Place', input, splitBill(input));
    const body = wholeBillBody(summary, NOW);
    expect(wholeBillBodySchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      name: 'Pizza Place',
      date: '2026-11-22',
      status: 'saved',
      mode: 'byItem',
      tipPercent: 12.5,
      serviceCharge: '6.00',
      participants: [
        { key: 'p-me', name: 'Morgan' },
        { key: 'p-alex', name: 'Alex' },
      ],
      items: [
        {
          name: 'Red Wine',
          amount: '24.60',
          splitMode: 'manual',
          assignments: [{ participant: 'p-me', portions: 1.5 }],
        },
        { name: 'Fries', amount: '4.99', splitMode: 'equally', assignments: [] },
      ],
      totalAmount: (summary.total / 100).toFixed(2),
    });
  });
});

describe('editedBillBody', () => {
  it('is the whole bill again, still saved, on the date it was saved for', () => {
    const summary = summaryFromSplit('Pizza Place', input, splitBill(input));
    const body = editedBillBody(summary, '2026-10-03', NOW);
    expect(wholeBillBodySchema.parse(body)).toEqual(body);
    expect(body).toEqual({ ...wholeBillBody(summary, NOW), date: '2026-10-03' });
    expect(body.status).toBe('saved');
  });
});

describe('the scan travels with the bill', () => {
  it("sends the summary's receipt id, and none for a bill typed by hand", () => {
    const scanId = '0b7c2a9e-3f51-4c1d-9a8e-2d6f4b1c7e90';
    const scanned = wholeBillBody(
      summaryFromSplit('Dishoom', input, splitBill(input), scanId),
      NOW,
    );
    expect(scanned.receiptId).toBe(scanId);
    expect(wholeBillBodySchema.safeParse(scanned).success).toBe(true);
    const typed = wholeBillBody(summaryFromSplit('Dishoom', input, splitBill(input)), NOW);
    expect(typed).not.toHaveProperty('receiptId');
  });
});

describe('wholeBillBody and a tax added on top', () => {
  it('sends the tax with a total that counts it; none when the bill has no tax', () => {
    const taxed = { ...input, taxPence: 271 };
    const result = splitBill(taxed);
    const body = wholeBillBody(summaryFromSplit('Diner', taxed, result), NOW);
    expect(wholeBillBodySchema.parse(body)).toEqual(body);
    expect(body.tax).toBe('2.71');
    expect(toPence(body.totalAmount!)).toBe(splitBill(input).total + 271);
    const plain = wholeBillBody(summaryFromSplit('Diner', input, splitBill(input)), NOW);
    expect(plain).not.toHaveProperty('tax');
  });
});

describe('pickingBillBody', () => {
  it('saves a bill for friends to pick: status picking, assignments made become picks', () => {
    const body = pickingBillBody(
      { billName: 'The Crown', input, receiptId: undefined, creatorName: 'Morgan' },
      NOW,
    );
    expect(wholeBillBodySchema.parse(body).status).toBe('picking');
    expect(body.participants).toEqual([
      { key: 'p-me', name: 'Morgan' },
      { key: 'p-alex', name: 'Alex' },
    ]);
    expect(body.items.map((i) => i.assignments)).toEqual([
      [{ participant: 'p-me', portions: 1.5 }],
      [],
    ]);
    expect(body.items.every((i) => i.splitMode === 'manual')).toBe(true);
    expect(body.serviceCharge).toBe('6.00');
  });

  it('puts the creator on a bill where nobody has been named yet', () => {
    const body = pickingBillBody(
      { billName: '', input: { ...input, participants: [] }, creatorName: 'Morgan' },
      NOW,
    );
    expect(body.participants).toEqual([{ key: 'creator', name: 'Morgan' }]);
    expect(body.items.flatMap((i) => i.assignments)).toEqual([]);
    expect(body.name).toBe(savedBillName('', NOW));
    expect(wholeBillBodySchema.safeParse(body).success).toBe(true);
  });
});
