import { describe, expect, it } from 'vitest';
import { AMOUNT_FORMAT_MESSAGE, ITEM_NAME_TOO_LONG_MESSAGE } from '../../../../domain/bill-rules';
import {
  keptManualItems,
  manualRowProblems,
  NAME_MISSING_MESSAGE,
  PRICE_MISSING_MESSAGE,
} from './manual-entry';

const row = (name: string, price: string) => ({ key: 0, name, price });

describe('keptManualItems', () => {
  it('keeps every filled row, its name trimmed and its price in pence, skipping empty rows', () => {
    expect(
      keptManualItems([
        row(' Fish & Chips ', '14.5'),
        row('', ''),
        row('Coke', '£2.50'),
        row('Discount', '-1.00'),
      ]),
    ).toEqual([
      { name: 'Fish & Chips', amountPence: 1450 },
      { name: 'Coke', amountPence: 250 },
      { name: 'Discount', amountPence: -100 },
    ]);
  });

  it('keeps nothing from empty rows', () => {
    expect(keptManualItems([row('', '')])).toEqual([]);
  });

  it.each([
    ['a price with letters in it', row('Pie', '12abc.50')],
    ['a price with three decimals', row('Tea', '3.333')],
    ['a name with no price', row('No price', '')],
    ['a price with no name', row('', '3.00')],
    ['a pound sign alone', row('Pound sign', '£')],
  ])('adds nothing while a row has %s', (_, bad) => {
    expect(keptManualItems([row('Coke', '2.50'), bad])).toBeNull();
  });
});

describe('manualRowProblems', () => {
  it('says what is wrong at the field, in the bill rules words', () => {
    expect(manualRowProblems(row('Pie', '12abc.50'))).toEqual({
      name: null,
      price: AMOUNT_FORMAT_MESSAGE,
    });
    expect(manualRowProblems(row('Tea', '3.333')).price).toBe(AMOUNT_FORMAT_MESSAGE);
    expect(manualRowProblems(row('Pie', ' '))).toEqual({
      name: null,
      price: PRICE_MISSING_MESSAGE,
    });
    expect(manualRowProblems(row(' ', '4'))).toEqual({ name: NAME_MISSING_MESSAGE, price: null });
    expect(manualRowProblems(row('x'.repeat(121), '4')).name).toBe(ITEM_NAME_TOO_LONG_MESSAGE);
    expect(manualRowProblems(row('', ''))).toEqual({ name: null, price: null });
  });
});
