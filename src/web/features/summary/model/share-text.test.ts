import { describe, expect, it } from 'vitest';
import { splitBill, type SplitInput } from '../../../../domain/split';
import { summaryFromSplit } from '../../../entities/bill/model/summary-data';
import { shareText } from './share-text';

const input: SplitInput = {
  participants: [
    { id: 'sam', name: 'Sam' },
    { id: 'alex', name: 'Alex' },
  ],
  items: [
    {
      name: 'French Fries',
      amountPence: 499,
      splitMode: 'manual',
      assignments: [{ participantId: 'sam', portions: 1 }],
    },
    { name: 'Red Wine', amountPence: 2200, splitMode: 'equally', assignments: [] },
  ],
  tipPercent: 10,
  serviceChargePence: 300,
  mode: 'byItem',
};

describe('shareText', () => {
  it('lists each person with their items, service and tip, then the totals', () => {
    const summary = summaryFromSplit('Misc. Bill', input, splitBill(input));
    expect(shareText(summary)).toBe(
      [
        'Misc. Bill',
        '',
        'Sam: £19.09',
        '  French Fries: £4.99',
        '  Red Wine: £11.00',
        '  Service Charge: £1.50',
        '  Tip: £1.60',
        '',
        'Alex: £13.60',
        '  Red Wine: £11.00',
        '  Service Charge: £1.50',
        '  Tip: £1.10',
        '',
        'Subtotal: £26.99',
        'Service Charge: £3.00',
        'Tip: £2.70',
        'Total: £32.69',
        '',
        'Split with Fairshare',
      ].join('\n'),
    );
  });

  it('leaves out service and tip lines that are zero', () => {
    const plain = { ...input, tipPercent: 0, serviceChargePence: 0 };
    const text = shareText(summaryFromSplit('Dinner', plain, splitBill(plain)));
    expect(text).not.toContain('  Tip');
    expect(text).not.toContain('  Service Charge');
    expect(text).toContain('Tip: £0.00');
  });
});
