import { describe, expect, it } from 'vitest';
import { formatPence } from '../../../../domain/money';
import { formatBillDate, paymentLinkClipboardText, paymentLinkMessage } from './share-link';

const friend = { name: 'Priya', amountIncludingFee: '13.10', url: 'https://x.example/pay/abc' };

describe('payment link message', () => {
  it('names the friend, the bill and what they pay by card', () => {
    expect(paymentLinkMessage(friend, 'Dishoom')).toBe(
      `Hi Priya, your share of Dishoom is ${formatPence(1310)}. Pay by card here, no account needed:`,
    );
  });

  it('the clipboard text ends with the link', () => {
    const text = paymentLinkClipboardText(friend, 'Dishoom');
    expect(text.startsWith(paymentLinkMessage(friend, 'Dishoom'))).toBe(true);
    expect(text.endsWith(' https://x.example/pay/abc')).toBe(true);
  });
});

describe('formatBillDate', () => {
  it('long US date of the calendar day, summer or winter', () => {
    expect(formatBillDate('2026-11-22')).toBe('November 22, 2026');
    expect(formatBillDate('2026-07-01')).toBe('July 1, 2026');
  });

  it("'' for something that is not a date", () => {
    expect(formatBillDate('not a date')).toBe('');
  });
});
