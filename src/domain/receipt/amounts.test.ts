import { describe, expect, it } from 'vitest';
import { findAmounts, mayHoldAFigure } from './amounts';

describe('findAmounts', () => {
  it('finds each amount with its place and sign', () => {
    expect(findAmounts('2 x Tea 1.50 3.00')).toEqual([
      { pence: 150, start: 8, end: 12, negative: false },
      { pence: 300, start: 13, end: 17, negative: false },
    ]);
    expect(findAmounts('Voucher (2.00)')).toEqual([
      { pence: -200, start: 8, end: 14, negative: true },
    ]);
  });

  it("takes a currency code with its amount only as a word of its own: 'PEPPERS' ends in no rupees", () => {
    expect(findAmounts('RED PEPPERS 1.19')).toEqual([
      { pence: 119, start: 12, end: 16, negative: false },
    ]);
    expect(findAmounts('FARM EGGS 2.00')[0]!.start).toBe(10);
    expect(findAmounts('Tea Rs.120.00')[0]).toMatchObject({ pence: 12000, start: 4 });
    expect(findAmounts('Steak GBP 12.50')[0]).toMatchObject({ pence: 1250, start: 6 });
  });

  it("reads a minus before a pound sign read as an 'f' as the sign, and no other 'f'", () => {
    expect(findAmounts('Voucher -f2.00')).toEqual([
      { pence: -200, start: 8, end: 14, negative: true },
    ]);
    expect(findAmounts('Staff Discount -f 2.00')[0]).toMatchObject({ pence: -200, start: 15 });
    expect(findAmounts('Semi-f 2.00')[0]).toMatchObject({ pence: 200, start: 7 });
    expect(findAmounts('Half-fat Milk 1.20')[0]).toMatchObject({ pence: 120, start: 14 });
  });

  it('answers a text asked about again the same, and no caller can change that answer', () => {
    const first = findAmounts('Coke 2.50');
    const again = findAmounts('Coke 2.50');
    expect(again).toEqual([{ pence: 250, start: 5, end: 9, negative: false }]);
    expect(Object.isFrozen(again)).toBe(true);
    expect(Object.isFrozen(again[0])).toBe(true);
    expect(() => (first as unknown as { pence: number }[])[0]!.pence++).toThrow(TypeError);
    expect(() => (first as unknown[]).push(1)).toThrow(TypeError);
    expect(findAmounts('Coke 2.50')[0]!.pence).toBe(250);
  });

  it('remembers a bounded number of texts: thousands of different ones are each read right', () => {
    for (let i = 0; i < 10_000; i++) {
      const pence = 100 + i;
      const text = `Item ${i} ${(pence / 100).toFixed(2)}`;
      expect(findAmounts(text).at(-1)!.pence).toBe(pence);
    }
  });
});

describe('mayHoldAFigure', () => {
  it('is true of prices, quantities, totals and prices that lost their point', () => {
    for (const text of ['1.29 Z', '0.39Z', 'TOTAL 12.50', '2 @ 1.25', 'MILK 2PT 129 B', '1154A']) {
      expect(mayHoldAFigure(text), text).toBe(true);
    }
  });

  it('is false of product codes, pack sizes and words', () => {
    for (const text of ['250261226', '735505711476', 'MUSHROOMS 250G', 'OAT MILK 1L', 'EGGS 6PK']) {
      expect(mayHoldAFigure(text), text).toBe(false);
    }
    expect(mayHoldAFigure('BREAD')).toBe(false);
    // a price with a VAT code after it is not a pack size
    expect(mayHoldAFigure('1.20L')).toBe(true);
  });
});
