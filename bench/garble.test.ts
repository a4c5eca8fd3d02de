import { describe, expect, it } from 'vitest';
import { keywordKind } from '../src/domain/receipt/keywords';
import { GarbledTotals, garbleWords } from './garble';

describe('garbling the words of a receipt totals block', () => {
  const receipt = ['Burger 10.00', 'Fries 2.00', 'Subtotal 12.00', 'Tax 0.96', 'Total 12.96'];

  it('garbles only the lines of the kinds asked for, keeping their figures, the same each time', () => {
    const garbled = garbleWords(receipt, ['total'])!;
    expect(garbled.slice(0, 4)).toEqual(receipt.slice(0, 4));
    expect(garbled[4]).toMatch(/ 12\.96$/);
    expect(keywordKind(garbled[4]!.replace(/12\.96$/, '').toUpperCase())).not.toBe('total');
    expect(garbleWords(receipt, ['total'])).toEqual(garbled);
    expect(garbleWords(['Burger 10.00'], ['total'])).toBeNull();
  });

  it('counts the right totals still found once garbled', () => {
    const tally = new GarbledTotals(['total', 'subtotal']);
    tally.add(receipt, 1296);
    tally.add(['Burger 10.00'], 1000);
    expect(tally.tried).toBe(1);
    expect(tally.found).toBe(1);
  });
});
