import { describe, expect, it } from 'vitest';
import { wholeBillBodySchema } from './bills';
import { hasUnsafeText } from './text';

describe('hasUnsafeText', () => {
  it('refuses control characters, bidi overrides and lone surrogates', () => {
    for (const bad of [
      'a\u0000b',
      'tab\there',
      'line\nbreak',
      '\u007f',
      '\u0085',
      '\u202eevil',
      '\u2066x',
      'x\ud800',
      '\udc00x',
    ])
      expect(hasUnsafeText(bad), JSON.stringify(bad)).toBe(true);
  });
  it("takes every script's letters, marks, emoji and punctuation", () => {
    for (const good of [
      "O'Brien",
      'Zoë',
      'Siobhán',
      '李',
      'Anne-Marie',
      'St. John',
      'Café 🍕',
      'ZWJ 👩‍👩‍👧',
      'نان',
    ])
      expect(hasUnsafeText(good), good).toBe(false);
  });
});

describe('the whole-bill contract', () => {
  const bill = (items: { name: string; amount: string }[], serviceCharge = '0') => ({
    name: 'Dinner',
    participants: [{ key: 'me', name: 'Me' }],
    items: items.map((i) => ({ ...i, splitMode: 'equally' as const })),
    serviceCharge,
  });
  it('refuses any amount over £1,000,000.00, and a bill whose parts come to more', () => {
    expect(wholeBillBodySchema.safeParse(bill([{ name: 'A', amount: '1000000.00' }])).success).toBe(
      true,
    );
    expect(wholeBillBodySchema.safeParse(bill([{ name: 'A', amount: '1000000.01' }])).success).toBe(
      false,
    );
    expect(wholeBillBodySchema.safeParse(bill([{ name: 'A', amount: '9999999.99' }])).success).toBe(
      false,
    );
    expect(
      wholeBillBodySchema.safeParse(bill([{ name: 'A', amount: '999999.00' }], '1.01')).success,
    ).toBe(false);
    // A discount counts by its size: it cannot make room for more.
    expect(
      wholeBillBodySchema.safeParse(
        bill([
          { name: 'A', amount: '900000.00' },
          { name: 'B', amount: '-200000.00' },
        ]),
      ).success,
    ).toBe(false);
  });
  it('never throws on garbage amounts: it says what is wrong', () => {
    for (const amount of ['', '1e309', '--1', '1.234.5', 'NaN', '9'.repeat(400)]) {
      const r = wholeBillBodySchema.safeParse(bill([{ name: 'A', amount }]));
      expect(r.success, amount).toBe(false);
    }
  });
});
