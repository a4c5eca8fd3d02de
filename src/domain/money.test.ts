import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPointsOf,
  formatMoney,
  formatPence,
  isPence,
  itemNameOrDefault,
  parseMoney,
  toDecimalString,
  toPence,
} from './money';

const pence = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('isPence', () => {
  it.each([
    [0, true],
    [1250, true],
    [-120, true],
    [1.5, false],
    [Number.NaN, false],
    [Number.MAX_SAFE_INTEGER + 1, false],
    ['12', false],
  ])('%s -> %s', (value, expected) => {
    expect(isPence(value)).toBe(expected);
  });
});

describe('toPence', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0.07', 7],
    ['.99', 99],
    ['4.', 400],
    ['-1.20', -120],
    ['-0.00', 0],
    ['  3.10 ', 310],
    // Parsed from digits: these are the classic float traps (1.005 * 100 = 100.49999...).
    ['1.005', 101],
    ['0.285', 29],
    ['1.004', 100],
    ['-1.005', -101],
    ['90071992547409.91', 9007199254740991],
  ])('%j -> %i', (input, expected) => {
    expect(toPence(input)).toBe(expected);
  });

  it.each(['', '.', '-', '£1', '1,000', '1.2.3', 'abc', '90071992547409.92'])(
    'rejects %j',
    (input) => {
      expect(() => toPence(input)).toThrow(RangeError);
    },
  );

  it('reads back every toDecimalString exactly', () => {
    fc.assert(
      fc.property(pence, (amount) => toPence(toDecimalString(amount)) === amount),
      { numRuns: 1000 },
    );
  });
});

describe('parseMoney', () => {
  it.each<[string | number | null | undefined, number]>([
    ['£12.50', 1250],
    ['£1,234.56', 123456],
    ['12.50 GBP', 1250],
    ['-£3.00', -300],
    ['£-3.00', -300],
    ['- 3', -300],
    ['1-2', 1200],
    ['1.2.3', 120],
    ['4.999', 500],
    ['.5', 50],
    ['abc', 0],
    ['', 0],
    ['£', 0],
    ['-', 0],
    ['.', 0],
    [null, 0],
    [undefined, 0],
    [4.99, 499],
    [22, 2200],
    [1.005, 101],
    [-0.1, -10],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [1e-7, 0],
    [1e21, 0],
    ['99999999999999999999', 0],
  ])('%j -> %i', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it('reads back what formatPence shows', () => {
    fc.assert(
      fc.property(pence, (amount) => parseMoney(formatPence(amount)) === amount),
      { numRuns: 1000 },
    );
  });
});

describe('toDecimalString', () => {
  it.each([
    [1250, '12.50'],
    [-120, '-1.20'],
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [100000, '1000.00'],
  ])('%i -> %s', (amount, expected) => {
    expect(toDecimalString(amount)).toBe(expected);
  });

  it('rejects non-pence', () => {
    expect(() => toDecimalString(1.5)).toThrow(RangeError);
  });
});

describe('formatPence', () => {
  it.each([
    [1250, '£12.50'],
    [0, '£0.00'],
    [7, '£0.07'],
    [-120, '-£1.20'],
    [123456789, '£1,234,567.89'],
    [Number.MAX_SAFE_INTEGER, '£90,071,992,547,409.91'],
  ])('%i -> %s', (amount, expected) => {
    expect(formatPence(amount)).toBe(expected);
  });

  it("says exactly what Intl.NumberFormat('en-GB', GBP) says, for any amount", () => {
    const gbp = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    fc.assert(
      fc.property(fc.oneof(pence, fc.integer({ min: -1_000_000, max: 1_000_000 })), (amount) => {
        const intl = gbp.format(toDecimalString(amount) as `${number}`);
        expect(formatPence(amount)).toBe(intl);
      }),
    );
  });
});

describe('formatMoney', () => {
  it.each<[unknown, string]>([
    [1250, '£12.50'],
    [-120, '-£1.20'],
    [12.4, '£0.12'],
    ['12.50', '£0.00'],
    [null, '£0.00'],
    [undefined, '£0.00'],
    [Number.NaN, '£0.00'],
    [Number.POSITIVE_INFINITY, '£0.00'],
    [{}, '£0.00'],
  ])('%j -> %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe('basisPointsOf', () => {
  it.each([
    [3269, 300, 98], // 98.07
    [2699, 1000, 270], // 269.9
    [50, 300, 2], // 1.5 rounds half away from zero
    [-50, 300, -2],
    [16, 300, 0], // 0.48
    [0, 300, 0],
    [Number.MAX_SAFE_INTEGER, 10000, Number.MAX_SAFE_INTEGER],
  ])('%i x %i bp -> %i', (amount, basisPoints, expected) => {
    expect(basisPointsOf(amount, basisPoints)).toBe(expected);
  });

  it('rejects fractional or negative basis points', () => {
    expect(() => basisPointsOf(100, 2.5)).toThrow(RangeError);
    expect(() => basisPointsOf(100, -1)).toThrow(RangeError);
  });
});

describe('itemNameOrDefault', () => {
  it.each<[string | null | undefined, string]>([
    ['Red Wine', 'Red Wine'],
    ['  Chips ', 'Chips'],
    ['', 'Unknown Item'],
    ['   ', 'Unknown Item'],
    [null, 'Unknown Item'],
    [undefined, 'Unknown Item'],
  ])('%j -> %s', (name, expected) => {
    expect(itemNameOrDefault(name)).toBe(expected);
  });
});
