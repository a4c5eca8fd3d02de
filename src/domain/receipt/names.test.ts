import { describe, expect, it } from 'vitest';
import { foodWordCount, repairedName } from './food-words';
import { countGluedToCode, withoutCountUnit } from './items';
import { parseReceipt, parseReceiptText } from './parse-receipt';
import { boxesOfScoredLines } from '../../testing/ocr-boxes';

const read = (lines: string[]) => parseReceiptText(lines);

describe('names a person can read (issue 53)', () => {
  it('repairs letters the recogniser confuses against food words, only where one word fits', () => {
    expect(repairedName('Frled Onlon Rlngs')).toBe('Fried Onion Rings');
    expect(repairedName('Garllc Bread')).toBe('Garlic Bread');
    expect(repairedName('EGG CHEESE BISCULT')).toBe('EGG CHEESE BISCUIT');
    expect(repairedName('Dtet Coke')).toBe('Diet Coke');
    expect(repairedName('Engllsh Breakfast')).toBe('English Breakfast');
    // No word of the list a like-shaped letter away: Jersey Royals are not 'Eggs Royale'.
    expect(repairedName('JERSEY ROYALS')).toBe('JERSEY ROYALS');
    // A word the list does not know is left as read; so is a word already right.
    expect(repairedName('Zlggy Stardust')).toBe('Zlggy Stardust');
    expect(repairedName('Fried Rice')).toBe('Fried Rice');
  });

  it('counts the food and drink words of a reading, in any case, of three letters or more', () => {
    expect(foodWordCount('Garlic Bread')).toBe(2);
    expect(foodWordCount('Garllc Brcad')).toBe(0);
    expect(foodWordCount('FRIED RICE x2')).toBe(2);
    expect(foodWordCount('Table 12')).toBe(0);
  });

  it('repairs one letter read for another of a like shape, only where one food word fits', () => {
    expect(repairedName('Tonato Jutce')).toBe('Tomato Juice'); // 'n' for 'm', 't' for 'i'
    expect(repairedName('SODA HATER')).toBe('SODA WATER'); // 'H' for 'W'
    expect(repairedName('Spiey Tuna Rock')).toBe('Spicy Tuna Rock'); // 'e' for 'c'
    expect(repairedName('Calamarf Steak')).toBe('Calamari Steak'); // 'f' for 'i'
    expect(repairedName('KJ Cabemet')).toBe('KJ Cabernet'); // 'rn' read as 'm'
    // Four letters are left as read, unless a food word beside them says the name is food:
    // 'Line' is a word of its own, not a misread 'Lime'.
    expect(repairedName('Line Disc 20%')).toBe('Line Disc 20%');
    expect(repairedName('Tura')).toBe('Tura');
    expect(repairedName('Doca Cola')).toBe('Coca Cola'); // 'D' for 'C'
    expect(repairedName('Crispy Besf')).toBe('Crispy Beef'); // 's' for 'e'
    // A word two food words are a letter from is left as read: 'Pasto' is 'pasta' or 'pesto'.
    expect(repairedName('Pasto Bake')).toBe('Pasto Bake');
    // A word of the list is never changed, nor one that is no letter of a like shape from one.
    expect(repairedName('Creamy Mash')).toBe('Creamy Mash');
    expect(repairedName('Volkano Roll')).toBe('Volkano Roll');
    // A word glued after a capital (an initial, a mark) is repaired on its own.
    expect(repairedName('S&PCalanari')).toBe('S&PCalamari');
    expect(repairedName('BLTSandwlch')).toBe('BLTSandwich');
    expect(repairedName('PCMouse')).toBe('PCMouse');
    // A word's last vowel is where languages' words for a food differ, not where OCR errs.
    expect(repairedName('ACEITE DE OLIVA')).toBe('ACEITE DE OLIVA');
    expect(repairedName('Salame Milano')).toBe('Salame Milano');
    expect(repairedName('Tonato Sauce')).toBe('Tomato Sauce'); // within the word, still repaired
  });

  it('reads a count glued to a name apart, keeping it as the count', () => {
    const parsed = read(['Naan 1x2 3.00', 'Lamb Curry 2x1 19.00', 'Total 22.00']);
    expect(parsed.items.map((i) => [i.name, i.amountPence, i.quantity])).toEqual([
      ['Naan', 300, undefined],
      ['Lamb Curry', 1900, 2],
    ]);
  });

  it("reads a times sign after a count, never an 'x' that starts the name", () => {
    const parsed = read(['1 xo chicken 12.00', '2x Coke 5.00', '3 x Tea 6.00', 'Total 23.00']);
    expect(parsed.items.map((i) => [i.name, i.amountPence, i.quantity])).toEqual([
      ['xo chicken', 1200, undefined],
      ['Coke', 500, 2],
      ['Tea', 600, 3],
    ]);
  });

  it('reads a count glued to a menu code or a mark apart, never a size', () => {
    expect(countGluedToCode('1A6Gyoza')).toEqual({ quantity: 1, rest: 'A6Gyoza' });
    expect(countGluedToCode('2A la Carte')).toEqual({ quantity: 2, rest: 'A la Carte' });
    expect(countGluedToCode('1S&P Squid')).toEqual({ quantity: 1, rest: 'S&P Squid' });
    expect(countGluedToCode('1L*CRAB CAKE')).toEqual({ quantity: 1, rest: 'L*CRAB CAKE' });
    // A count glued to a fraction less than one: one half-stick, two of three quarters.
    expect(countGluedToCode('11/2Stk Cheddar')).toEqual({ quantity: 1, rest: '1/2Stk Cheddar' });
    expect(countGluedToCode('23/4 LB PORK')).toEqual({ quantity: 2, rest: '3/4 LB PORK' });
    expect(countGluedToCode('1/2 Stk Cheddar')).toBeNull();
    expect(countGluedToCode('31/12 New Year Menu')).toBeNull();
    expect(countGluedToCode('51/2')).toBeNull();
    // A litre or a gram is a size, not a menu code; a count needs a name after it.
    expect(countGluedToCode('1L WATER')).toBeNull();
    expect(countGluedToCode('2G5 SPICE')).toBeNull();
    expect(countGluedToCode('1A6')).toBeNull();
    expect(countGluedToCode('0A6 Gyoza')).toBeNull();
    expect(countGluedToCode('1234A6 Gyoza')).toBeNull();
    const parsed = read(['2A6Gyoza 11.90', 'Total 11.90']);
    expect(parsed.items.map((i) => [i.name, i.quantity])).toEqual([['A6Gyoza', 2]]);
  });

  it('reads a count glued to a capital on its own apart when the unit price checks it', () => {
    expect(countGluedToCode('1M BROCCOLI', 38, 38)).toEqual({ quantity: 1, rest: 'M BROCCOLI' });
    expect(countGluedToCode('2M CARROTS', 47, 94)).toEqual({ quantity: 2, rest: 'M CARROTS' });
    // Unchecked (no unit price, or one the count does not make the amount), or a size: as read.
    expect(countGluedToCode('1M BROCCOLI')).toBeNull();
    expect(countGluedToCode('5A CHICKEN CURRY', 650, 650)).toBeNull();
    expect(countGluedToCode('1L WATER', 80, 80)).toBeNull();
    const parsed = read([
      'QTY DESCRIPTION PRICE AMOUNT',
      '1M BROCCOLI 0.38 0.38',
      '2M CARROTS 0.47 0.94',
      '1L WATER 0.80 0.80',
      'BALANCE DUE 2.12',
    ]);
    expect(parsed.items.map((i) => [i.name, i.quantity ?? 1])).toEqual([
      ['M BROCCOLI', 1],
      ['M CARROTS', 2],
      ['1L WATER', 1],
    ]);
  });

  it('reads an underscore as the gap or rule it stands for', () => {
    const boxes = boxesOfScoredLines(
      ['ITEMNAME PRICE QTY SUB', 'STEAMRICE_  92.59_  92.59', 'SUB_TOTAL 92.59'],
      { 1: [0.95, 0.95, 0.99] },
    );
    const parsed = parseReceipt(boxes);
    expect(parsed.items.map((i) => [i.name, i.amountPence])).toEqual([['STEAMRICE', 9259]]);
    expect(parsed.subtotalPence).toBe(9259);
  });

  it('drops the unit a leading count is printed in, keeping the count', () => {
    expect(withoutCountUnit('PK SMOKED SALMON')).toBe('SMOKED SALMON');
    expect(withoutCountUnit('BTL House Red')).toBe('House Red');
    // Not a word that only starts like one, nor a unit with no name after it.
    expect(withoutCountUnit('PKT')).toBe('PKT');
    expect(withoutCountUnit('PC 15')).toBe('PC 15');
    expect(withoutCountUnit('PEACH TEA')).toBe('PEACH TEA');
    const parsed = read(['2BT MINERAL WATER 7.00', 'Total 7.00']);
    expect(parsed.items.map((i) => [i.name, i.quantity])).toEqual([['MINERAL WATER', 2]]);
  });

  it('keeps a size glued to the end of a word as digits, and reads a one before a small letter as l', () => {
    const parsed = read([
      'PMGRBLUE1L 0.68',
      'Hydro B1k Cod 5.00',
      'A1lAmerican Burger 9.00',
      'Total 14.68',
    ]);
    expect(parsed.items.map((i) => i.name)).toEqual([
      'PMGRBLUE1L',
      'Hydro Blk Cod',
      'AllAmerican Burger',
    ]);
    // A one between capitals is still an I, and a zero before a unit no size ('D0G' is a 'DOG').
    expect(
      read(['M1LK BOTTLE 1.20', 'HOT D0G 3.00', 'Total 4.20']).items.map((i) => i.name),
    ).toEqual(['MILK BOTTLE', 'HOT DOG']);
  });

  it("reads an O among a size's digits as a zero, and zeros before a glued size as the word's", () => {
    const parsed = read([
      'SPARKLING WATER 6X50OML 3.50',
      'CORNFLAKES5OOG 1.69',
      'SHAMP00400ML 3.14',
      'SHAMPO0400ML 3.14',
      'Total 11.47',
    ]);
    expect(parsed.items.map((i) => i.name)).toEqual([
      'SPARKLING WATER 6X500ML',
      'CORNFLAKES500G',
      'SHAMPOO400ML',
      'SHAMPOO400ML',
    ]);
    // Zeros before digits that end no size, or after fewer than three letters, are left as read;
    // so is an O glued after letters with no digit before it.
    const kept = read([
      'CODE0400 2.00',
      'XL0250ML 1.00',
      'H2O STILL 1.50',
      'GOOG 1.50',
      'Total 6.00',
    ]);
    expect(kept.items.map((i) => i.name)).toEqual(['CODE0400', 'XL0250ML', 'H2O STILL', 'GOOG']);
  });

  it('cuts a count at a unit price OCR garbled from the name, in its bracket or an open one', () => {
    const parsed = read([
      'Claret (2@120.0 240.00',
      'Pale Ale (17 @7S.00) 127.50',
      'House Red (s @ 30.00',
      'Soup (large) 4.50',
      'Total 401.50',
    ]);
    expect(parsed.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Claret', 2],
      ['Pale Ale', 17],
      ['House Red', undefined],
      ['Soup (large)', undefined],
    ]);
  });

  it('reads a count at a unit price with a star for its times sign apart from the name', () => {
    const parsed = read(['Pasta Alfredo 2*7.60 EUR 15.20', 'Total 15.20']);
    expect(parsed.items.map((i) => [i.name, i.quantity])).toEqual([['Pasta Alfredo', 2]]);
  });

  it("keeps a fraction's numerator glued after a product code in the name", () => {
    const parsed = read(['0328884067591/2CAP BLAC 1.47', '123456789012 PAINT 3.00', 'Total 4.47']);
    expect(parsed.items.map((i) => i.name)).toEqual(['1/2CAP BLAC', 'PAINT']);
  });

  it('reads a column of counts between names and prices apart from the names', () => {
    const parsed = read(['Alabama BBQ Chicken 1 12.00', 'Draft Lager 2 9.00', 'Total 21.00']);
    expect(parsed.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Alabama BBQ Chicken', undefined],
      ['Draft Lager', 2],
    ]);
    // One name ending in a digit is no column: 'Pepsi Max 2' stays as printed.
    expect(read(['Pepsi Max 2 1.50', 'Crisps 0.80', 'Total 2.30']).items[0]!.name).toBe(
      'Pepsi Max 2',
    );
  });

  it('reads a times count glued after a word of capitals, not after a shorter word', () => {
    const parsed = read(['ZUMO NARANJAX6 1.05', 'MINI BOX2 3.00', 'Total 4.05']);
    expect(parsed.items.map((i) => [i.name, i.quantity])).toEqual([
      ['ZUMO NARANJA', 6],
      ['MINI BOX2', undefined],
    ]);
  });

  it('drops a stray closing bracket and its count from a name', () => {
    expect(read(['Kebab2) 6.50', 'Total 6.50']).items[0]!.name).toBe('Kebab');
    expect(read(['Soup (large) 4.50', 'Total 4.50']).items[0]!.name).toBe('Soup (large)');
  });

  it('folds lines at no cost under a dish into it as a note, never items of their own', () => {
    const parsed = read([
      'Burger 9.50',
      '1 MEDIUM 0.00',
      'NO ICE 0.00',
      'Cola 2.50',
      'Total 12.00',
    ]);
    expect(parsed.items.map((i) => [i.name, i.amountPence, i.note])).toEqual([
      ['Burger', 950, 'MEDIUM, NO ICE'],
      ['Cola', 250, undefined],
    ]);
  });

  it('never gives a VAT figure as large as the total', () => {
    const parsed = read(['Pizza 12.00', 'Total 12.00', 'VAT 12.00']);
    expect(parsed.totalPence).toBe(1200);
    expect(parsed.taxPence).toBeNull();
    expect(read(['Pizza 12.00', 'Total 12.00', 'VAT 2.00']).taxPence).toBe(200);
  });
});
