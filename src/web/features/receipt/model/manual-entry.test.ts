import { describe, expect, it } from 'vitest';
import { keptManualItems } from './manual-entry';

describe('keptManualItems', () => {
  it('keeps only rows with both a name and a price, trimmed and as 2-decimal pounds', () => {
    expect(
      keptManualItems([
        { key: 0, name: ' Fish & Chips ', price: '14.5' },
        { key: 1, name: 'No price', price: '' },
        { key: 2, name: '', price: '3.00' },
        { key: 3, name: '   ', price: '3.00' },
        { key: 4, name: 'Pound sign', price: '£' },
        { key: 5, name: 'Coke', price: '£2.50' },
        { key: 6, name: 'Discount', price: '-1.00' },
      ]),
    ).toEqual([
      { name: 'Fish & Chips', amount: '14.50' },
      { name: 'Coke', amount: '2.50' },
      { name: 'Discount', amount: '-1.00' },
    ]);
  });
  it('keeps nothing from empty rows', () => {
    expect(keptManualItems([{ key: 0, name: '', price: '' }])).toEqual([]);
  });
});
