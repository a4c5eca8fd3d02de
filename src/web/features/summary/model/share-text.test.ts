import { describe, expect, it } from 'vitest';
import { splitBill } from '../../../../domain/split';
import { makeBill, makeParticipants } from '../../../../testing/builders';
import { summaryFromSplit } from '../../../entities/bill/model/summary-data';
import { shareText } from './share-text';

const input = makeBill({
  participants: makeParticipants({ sam: 'Sam', alex: 'Alex' }),
  items: [
    { name: 'French Fries', amount: '4.99', portions: { sam: 1 } },
    { name: 'Red Wine', amount: '22.00', splitMode: 'equally' },
  ],
  tipPercent: 10,
  serviceCharge: '3.00',
});

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
