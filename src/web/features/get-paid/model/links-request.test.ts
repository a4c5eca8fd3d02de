import { describe, expect, it } from 'vitest';
import { toPence } from '../../../../domain/money';
import { splitBill, type SplitInput } from '../../../../domain/split';
import { summaryFromSplit } from '../../../entities/bill/model/summary-data';
import { friendCountOfBill, friendSharesOfSummary, linksRequestFromSummary } from './links-request';

const input: SplitInput = {
  participants: [
    { id: 'me', name: 'Morgan' },
    { id: 'a', name: 'Alex' },
    { id: 'p', name: 'Priya' },
  ],
  items: [
    {
      name: 'Pizza',
      amountPence: toPence('20.00'),
      splitMode: 'equally',
      assignments: [],
    },
    {
      name: 'Wine',
      amountPence: toPence('10.01'),
      splitMode: 'manual',
      assignments: [
        { participantId: 'a', portions: 1 },
        { participantId: 'p', portions: 2 },
      ],
    },
  ],
  tipPercent: 10,
  serviceChargePence: toPence('3.00'),
  mode: 'byItem',
};

describe('linksRequestFromSummary', () => {
  const result = splitBill(input);
  const summary = summaryFromSplit('Dinner', input, result);

  it('asks every friend but the creator for their share, as 2-decimal strings', () => {
    const body = linksRequestFromSummary('bill-1', summary);
    const shareOf = (id: string) => result.participants.find((p) => p.id === id)!.amount;
    expect(body).toEqual({
      billId: 'bill-1',
      participants: [
        { name: 'Alex', amount: (shareOf('a') / 100).toFixed(2) },
        { name: 'Priya', amount: (shareOf('p') / 100).toFixed(2) },
      ],
    });
  });

  it('the amounts are the summary pennies exactly (no float drift)', () => {
    const body = linksRequestFromSummary('b', summary);
    for (const sent of body.participants!) {
      const share = summary.participantAmounts.find((p) => p.name === sent.name)!;
      expect(toPence(sent.amount)).toBe(share.amount);
      expect(sent.amount).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('a split with only the creator asks nobody', () => {
    const solo: SplitInput = {
      ...input,
      participants: [input.participants[0]!],
      items: [input.items[0]!],
    };
    const soloSummary = summaryFromSplit('Solo', solo, splitBill(solo));
    expect(friendSharesOfSummary(soloSummary)).toEqual([]);
    expect(linksRequestFromSummary('b', soloSummary).participants).toEqual([]);
  });
});

describe('friendCountOfBill', () => {
  it('counts everyone but the creator', () => {
    expect(
      friendCountOfBill({
        participants: [{ isCreator: true }, { isCreator: false }, { isCreator: false }] as never,
      }),
    ).toBe(2);
    expect(friendCountOfBill({ participants: [{ isCreator: true }] as never })).toBe(0);
  });
});
