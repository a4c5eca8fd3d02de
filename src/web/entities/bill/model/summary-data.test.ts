import { describe, expect, it } from 'vitest';
import { splitBill, type SplitInput } from '../../../../domain/split';
import { isSummaryData, summaryFromSplit, summaryInput } from './summary-data';

const input: SplitInput = {
  participants: [
    { id: 'sam', name: 'Sam' },
    { id: 'alex', name: 'Alex' },
    { id: 'kim', name: 'Kim' },
  ],
  items: [
    {
      name: 'Red Wine',
      amountPence: 2200,
      splitMode: 'manual',
      assignments: [
        { participantId: 'sam', portions: 1.5 },
        { participantId: 'alex', portions: 0.5 },
      ],
    },
    { name: 'Bread', amountPence: 100, splitMode: 'equally', assignments: [] },
  ],
  tipPercent: 12.5,
  serviceChargePence: 301,
  mode: 'byItem',
};

describe('summaryFromSplit', () => {
  const result = splitBill(input);
  const summary = summaryFromSplit('Dinner', input, result);

  it("copies the split's pennies, which add up to the totals", () => {
    expect(summary).toMatchObject({
      billName: 'Dinner',
      subtotal: result.subtotal,
      serviceCharge: result.serviceCharge,
      tip: result.tip,
      total: result.total,
      fee: result.fee,
      totalIncludingFees: result.totalIncludingFees,
    });
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const people = summary.participantAmounts;
    expect(sum(people.map((p) => p.amount))).toBe(summary.total);
    expect(sum(people.map((p) => p.fee))).toBe(summary.fee);
    for (const person of people) {
      expect(person.originalAmount + person.serviceCharge + person.tip).toBe(person.amount);
      expect(sum(person.items.map((line) => line.amount))).toBe(person.originalAmount);
    }
    expect(people[2]).toEqual({
      id: 'kim',
      name: 'Kim',
      amount: result.participants[2]!.amount,
      originalAmount: 33,
      serviceCharge: 100,
      tip: result.participants[2]!.tipPence,
      tax: 0,
      fee: result.participants[2]!.feePence,
      items: [{ name: 'Bread', amount: 33, portions: 1 }],
    });
  });

  it('keeps the input, so the same split can be made again', () => {
    expect(summaryInput(summary)).toEqual({ ...input, taxPence: 0 });
    expect(splitBill(summaryInput(summary))).toEqual(result);
  });

  it('is recognised after a JSON round trip', () => {
    expect(isSummaryData(JSON.parse(JSON.stringify(summary)))).toBe(true);
  });

  it('refuses damaged or foreign data', () => {
    expect(isSummaryData(null)).toBe(false);
    expect(isSummaryData({})).toBe(false);
    expect(isSummaryData({ ...summary, total: '60.25' })).toBe(false);
    expect(isSummaryData({ ...summary, total: 60.25 })).toBe(false);
    expect(isSummaryData({ ...summary, mode: 'bySeat' })).toBe(false);
    const person = { ...summary.participantAmounts[0]!, items: [{ name: 'Bread' }] };
    expect(isSummaryData({ ...summary, participantAmounts: [person] })).toBe(false);
    expect(isSummaryData({ ...summary, items: [{ name: 'Bread', amountPence: 100 }] })).toBe(false);
  });
});
