import { describe, expect, it } from 'vitest';
import { namesMatch, scoreItems } from './receipt-score';

describe('bench scoring of receipt items', () => {
  it('matches names without spaces, punctuation or product codes, and fuzzily', () => {
    expect(namesMatch('Fish & Chips', 'FISH&CHIPS')).toBe(true);
    expect(namesMatch('STORMTROOPERBEAR', '000000023003STORMTROOPERBEAR')).toBe(true);
    expect(namesMatch('Vanilla Shake', 'VanilaShake')).toBe(true);
    expect(namesMatch('Guinness', 'Jameson')).toBe(false);
    // A code is not a name: two different products with codes do not match on the digits.
    expect(namesMatch('123456789 Soap', '123456789 Bread')).toBe(false);
  });

  it('counts an item right only with the exact price and a matching name, each label once', () => {
    const found = [
      { name: 'Coke', amountPence: 250 },
      { name: 'Coke', amountPence: 250 },
      { name: 'Chips', amountPence: 300 },
    ];
    const score = scoreItems(found, [
      { name: 'COKE', price_value: 2.5 },
      { name: 'Chips', price_value: 3.1 },
    ]);
    expect(score).toEqual({ right: 1, named: 1, found: 3, truth: 2 });
  });

  it('counts the right items named with the label’s very letters, a name cut short not among them', () => {
    const score = scoreItems(
      [
        { name: 'RED PEPPE', amountPence: 119 },
        { name: 'Oat Milk 1L', amountPence: 150 },
      ],
      [
        { name: 'RED PEPPERS', price_value: 1.19 },
        { name: 'OATMILK1L', price_value: 1.5 },
      ],
    );
    expect(score).toEqual({ right: 2, named: 1, found: 2, truth: 2 });
  });

  it('leaves out of the count a read item named like a labelled item that has no price', () => {
    const found = [
      { name: 'Margarita Mix', amountPence: 799 },
      { name: 'Lime', amountPence: 396 },
      { name: 'Carrier bag', amountPence: 10 },
    ];
    const score = scoreItems(found, [
      { name: 'MARGARITAMIX', price_value: 7.99 },
      { name: 'LIME', price_value: null },
    ]);
    expect(score).toEqual({ right: 1, named: 1, found: 2, truth: 1 });
  });

  it('leaves out of the count a read item at a labelled price that no labelled name was paired with', () => {
    const found = [
      { name: 'Gong Bao Rice', amountPence: 790 },
      { name: 'Yuzu (Hot)', amountPence: 390 },
      { name: 'Houji-cha', amountPence: 100 },
      { name: 'Gross Sales', amountPence: 4895 },
    ];
    // An unpaired price excuses one read item at that price: the 1.00 and 48.95 reads stay wrong.
    const score = scoreItems(found, [{ name: 'GONGBAORICE', price_value: 7.9 }], [3.9, 3.9, 7.9]);
    expect(score).toEqual({ right: 1, named: 1, found: 3, truth: 1 });
    // A read item that is right is not taken for an unpaired price.
    expect(
      scoreItems(found.slice(0, 1), [{ name: 'GongBaoRice', price_value: 7.9 }], [7.9]),
    ).toEqual({ right: 1, named: 1, found: 1, truth: 1 });
  });
});
