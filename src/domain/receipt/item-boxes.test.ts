import { describe, expect, it } from 'vitest';
import { buildLines } from './lines-from-boxes';
import { parseReceipt, parseReceiptText } from './parse-receipt';
import type { OcrBox } from './types';

// Where each item was read on the photo, and the priced lines no item used.

/** An upright box for `text`, its top-left corner at (x, y), 12 px a character, 24 px high. */
function box(text: string, x: number, y: number): OcrBox {
  const [r, b] = [x + text.length * 12, y + 24];
  return {
    text,
    score: 0.95,
    box: [
      [x, y],
      [r, y],
      [r, b],
      [x, b],
    ],
  };
}

/** A row: its name at the left margin, its price in the right-hand column, `y` from the top. */
const row = (name: string, price: string, y: number): OcrBox[] => [
  box(name, 20, y),
  box(price, 400 - price.length * 12, y + 2),
];

describe('item boxes', () => {
  it('gives each line the rectangle of its boxes, in the image pixels', () => {
    const [line] = buildLines(row('Fish & Chips', '12.50', 100));
    expect(line!.box).toEqual({ left: 20, top: 100, right: 400, bottom: 126 });
  });

  it('gives each item the rectangle of its name and price boxes', () => {
    const parsed = parseReceipt([
      box('THE ANCHOR', 120, 20),
      ...row('Fish & Chips', '12.50', 100),
      ...row('Garlic Bread', '3.50', 140),
      ...row('TOTAL', '16.00', 200),
    ]);
    expect(parsed.items).toEqual([
      expect.objectContaining({
        name: 'Fish & Chips',
        box: { left: 20, top: 100, right: 400, bottom: 126 },
      }),
      expect.objectContaining({
        name: 'Garlic Bread',
        box: { left: 20, top: 140, right: 400, bottom: 166 },
      }),
    ]);
    expect(parsed.unusedLines).toEqual([]);
  });

  it('spans the name line when the name was printed above its price', () => {
    const parsed = parseReceipt([
      box('SHAMPOO 400ML', 20, 100),
      box('480521745005', 20, 140),
      box('3.60', 352, 140),
      ...row('TOTAL', '3.60', 200),
    ]);
    expect(parsed.items).toEqual([
      expect.objectContaining({
        name: 'SHAMPOO 400ML',
        amountPence: 360,
        box: { left: 20, top: 100, right: 400, bottom: 164 },
      }),
    ]);
  });

  it('spans the price below when a price printed on a line of its own is joined to its name', () => {
    const parsed = parseReceipt([
      box('Fish & Chips', 20, 100),
      box('12.50', 340, 160),
      ...row('TOTAL', '12.50', 220),
    ]);
    expect(parsed.items).toEqual([
      expect.objectContaining({
        name: 'Fish & Chips',
        box: { left: 20, top: 100, right: 400, bottom: 184 },
      }),
    ]);
  });

  it('has no boxes when the lines were given as text', () => {
    const parsed = parseReceiptText(['Coke 2.50', 'TOTAL 2.50']);
    expect(parsed.items).toEqual([{ name: 'Coke', amountPence: 250 }]);
  });
});

describe('unused lines', () => {
  it('lists a priced line no item used, with its name, price and box', () => {
    // The check that drops an item dearer than the whole receipt takes a misread line out; the
    // user may still add it from the photo.
    const parsed = parseReceipt([
      ...row('Fish & Chips', '12.50', 100),
      ...row('Garlic Bread', '3.50', 140),
      ...row('House Red', '99.00', 180),
      ...row('TOTAL', '16.00', 240),
    ]);
    expect(parsed.items.map((i) => i.name)).toEqual(['Fish & Chips', 'Garlic Bread']);
    expect(parsed.unusedLines).toEqual([
      {
        text: expect.stringMatching(/^House Red +99\.00$/),
        name: 'House Red',
        amountPence: 9900,
        box: { left: 20, top: 180, right: 400, bottom: 206 },
      },
    ]);
  });

  it('lists an item the subtotal check left out', () => {
    // The items exceed the subtotal by one item's amount: that one is dropped, and offered.
    const parsed = parseReceiptText(['Tea 2.00', 'Scone 3.00', 'Jam 0.50', 'SUBTOTAL 5.00']);
    expect(parsed.items.map((i) => i.name)).toEqual(['Tea', 'Scone']);
    expect(parsed.unusedLines).toEqual([{ text: 'Jam 0.50', name: 'Jam', amountPence: 50 }]);
  });

  it('leaves out the figures of the totals block and the lines an item used', () => {
    const parsed = parseReceiptText([
      'Tea 2.00',
      'Scone 3.00',
      'SUBTOTAL 5.00',
      'SERVICE 0.50',
      'VAT 0.83',
      'TOTAL 5.50',
      'VISA 5.50',
      'CHANGE 0.00',
    ]);
    expect(parsed.items).toHaveLength(2);
    expect(parsed.unusedLines).toEqual([]);
  });
});

describe('prices read two ways', () => {
  it("marks the item whose '£' read as a '6' the sums read back", () => {
    const parsed = parseReceiptText(['BREAD  1.10', 'JAM  61.25', 'MILK  0.95', 'TOTAL  3.30']);
    expect(parsed.items.map((i) => [i.name, i.amountPence, i.readTwoWays])).toEqual([
      ['BREAD', 110, undefined],
      ['JAM', 125, true],
      ['MILK', 95, undefined],
    ]);
  });

  it("marks the item over the box whose OCR's other reading the sums chose", () => {
    const parsed = parseReceipt([
      ...row('Cinnamon Sugar', '5.00', 100),
      { ...box('7.50', 352, 142), score: 0.6, alternatives: ['2.50'] },
      box('Coco Vanilla', 20, 140),
      ...row('Total', '7.50', 200),
    ]);
    expect(parsed.items.map((i) => [i.name, i.amountPence, i.readTwoWays])).toEqual([
      ['Cinnamon Sugar', 500, undefined],
      ['Coco Vanilla', 250, true],
    ]);
  });
});
