import { describe, expect, it } from 'vitest';
import {
  hasDigits,
  hasLetters,
  letterWords,
  lettersAddedTo,
  lookalikesAsDigits,
  phrases,
} from './text';

describe('phrases: a word table read by one grammar', () => {
  it('holds a phrase to whole words', () => {
    expect(phrases(['TAX']).test('SALES TAX 0.56')).toBe(true);
    expect(phrases(['TAX']).test('TAXI FARE 12.00')).toBe(false);
  });

  it('reads a phrase whose space OCR lost, or printed with a point or hyphen', () => {
    const subtotal = phrases(['SUB TOTAL']);
    for (const line of ['SUBTOTAL', 'SUB-TOTAL', 'Sub. Total', 'sub total']) {
      expect(subtotal.test(line)).toBe(true);
    }
    expect(phrases(['V A T']).test('V.A.T. 20%')).toBe(true);
  });

  it("reads a word's start or end, a gap and a number", () => {
    expect(phrases(['INC*']).test('TOTAL INCLUSIVE')).toBe(true);
    expect(phrases(['*BETRAG']).test('GESAMTBETRAG 12,00')).toBe(true);
    expect(phrases(['WAS .. NOW']).test('WAS 3.29 NOW 2.99')).toBe(true);
    expect(phrases(['WAS .. NOW']).test('NOW 2.99 WAS 3.29')).toBe(false);
    expect(phrases(['BATCH <n>']).test('BATCH 000123')).toBe(true);
    expect(phrases(['BATCH <n>']).test('WHITE BATCH LOAF')).toBe(false);
  });

  it("holds a phrase to the line's start and end, punctuation apart", () => {
    const alone = phrases(['^ TL $']);
    expect(alone.test(' TL: ')).toBe(true);
    expect(alone.test('TL BOX')).toBe(false);
    expect(phrases(['^ MC']).test('Signature MC x3')).toBe(false);
  });

  it('takes punctuation as it is printed', () => {
    expect(phrases(['S/C']).test('S/C 12.5%')).toBe(true);
    expect(phrases(['% .. %']).test('15% = 6.00 18% = 7.20')).toBe(true);
  });
});

describe('character tests', () => {
  it('finds runs of letters and digits', () => {
    expect(hasLetters('2 @ 0.69 EA', 2)).toBe(true);
    expect(hasLetters('2 @ 0.69 E', 2)).toBe(false);
    expect(letterWords('2 @ 0.69 EA')).toEqual(['EA']);
    expect(hasDigits('4000000104 CANDY', 6)).toBe(true);
    expect(hasDigits('500G CANDY', 6)).toBe(false);
  });

  it('reads letters the recogniser takes for digits back as them', () => {
    expect(lookalikesAsDigits('SOO')).toBe('500');
    expect(lookalikesAsDigits('l.9I')).toBe('1.91');
  });
});

describe('lettersAddedTo: one reading with letters the other dropped', () => {
  it('holds letters added within words, spaces and like shapes aside', () => {
    expect(lettersAddedTo('1ahoo 12.00', '1Wahoo 12.00')).toBe(true);
    expect(lettersAddedTo('1Shrly Teple', '1Shirley Temple')).toBe(true);
    expect(lettersAddedTo('i White wid', '1 White wild')).toBe(true);
    // A product code read another way is no part of the name.
    expect(lettersAddedTo('400083384132INSE19BKFLAP', '40008384132RINSE 19 BK FLAP')).toBe(true);
  });

  it('holds nothing else added or changed', () => {
    expect(lettersAddedTo('Coke 2.50', 'Coke 12.50')).toBe(false); // a digit
    expect(lettersAddedTo('0.00', 'E0.00A')).toBe(false); // letters beside no letter
    expect(lettersAddedTo('Coke 2.50', 'Cake 2.50')).toBe(false); // a letter changed
    expect(lettersAddedTo('1Wahoo', '1ahoo')).toBe(false); // the shorter
    expect(lettersAddedTo('Tea', 'Tea')).toBe(false);
  });
});
