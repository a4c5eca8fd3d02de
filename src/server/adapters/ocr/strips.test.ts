import { describe, expect, it } from 'vitest';
import type { OcrBox } from '../../../domain/receipt/types';
import {
  isStripPrice,
  MAX_STRIPS,
  missedPriceStrips,
  rectLine,
  rowsReadAsOne,
  withMissedPrices,
} from './strips';

/** A box of text from x0 to x1 on the row whose top is y, 16 px high (or `height`). */
const box = (
  text: string,
  x0: number,
  x1: number,
  y: number,
  score = 0.95,
  height = 16,
): OcrBox => ({
  text,
  score,
  box: [
    [x0, y],
    [x1, y],
    [x1, y + height],
    [x0, y + height],
  ],
});
const page = { width: 400, height: 800 };

describe('missedPriceStrips: where the detector missed some of a price column', () => {
  // Rows 20 px apart; the prices right-aligned at x 300.
  const receipt = [
    box('THE CORNER CAFE', 80, 240, 0),
    box('2 x Coca-Cola', 20, 150, 100),
    box('1 x Soda Water', 20, 160, 120),
    box('£7.50', 250, 300, 140),
    box('1 x Apple Juice', 20, 170, 140),
    box('£3.45', 252, 300, 160),
    box('Tea', 20, 60, 160),
    box('Subtotal', 20, 110, 180),
    box('£16.35', 244, 301, 180),
    box('Total', 20, 80, 200),
    box('£16.35', 244, 300, 200),
  ];

  it('gives the strip of the column beside each line of words with no price found there', () => {
    const strips = missedPriceStrips(receipt, page);
    // The Coca-Cola and the Soda Water rows; the header is more than eight rows above the column.
    expect(strips.map((s) => s.top)).toEqual([100, 120]);
    for (const strip of strips) {
      expect(strip.left).toBeLessThanOrEqual(244);
      expect(strip.left).toBeGreaterThan(160);
      expect(strip.left + strip.width).toBeGreaterThanOrEqual(301);
      expect(strip.left + strip.width).toBeLessThanOrEqual(page.width);
      expect(strip.height).toBe(16);
    }
  });

  it('gives one strip for a line whose words were read as two boxes', () => {
    const split = [...receipt.slice(0, 1), box('2 x', 20, 45, 100), box('Coca-Cola', 50, 150, 100)];
    const strips = missedPriceStrips([...split, ...receipt.slice(2)], page);
    expect(strips.map((s) => s.top)).toEqual([100, 120]);
  });

  it('gives none where something was found in the column on the line, or its words reach it', () => {
    const read = [
      ...receipt,
      box('£3.9O', 250, 300, 100, 0.6), // read, if badly: the parser's to judge
      box('1 x Soda Water, no ice please', 20, 280, 120), // its price would be inside its box
    ].filter((b) => b.text !== '1 x Soda Water');
    expect(missedPriceStrips(read, page)).toEqual([]);
  });

  it('gives none where each name has its price on the line under it, beside a product code', () => {
    const list = [0, 1, 2, 3, 4].flatMap((i) => [
      box(`PRODUCT NAME ${i}`, 20, 200, 40 * i),
      box('5012345678900', 20, 150, 40 * i + 20),
      box(`${i + 1}.99`, 260, 300, 40 * i + 20),
    ]);
    expect(missedPriceStrips(list, page)).toEqual([]);
  });

  it('gives none without a column of three prices or more', () => {
    const twoPrices = receipt.filter((b) => b.text !== '£16.35');
    expect(missedPriceStrips(twoPrices, page)).toEqual([]);
    expect(missedPriceStrips([], page)).toEqual([]);
  });

  it('reads at most MAX_STRIPS strips on a page', () => {
    const long = [
      ...Array.from({ length: 60 }, (_, i) => box(`ITEM NUMBER ${i}`, 20, 150, 100 + 20 * i)),
      ...[60, 1300, 1320].map((y) => box('1.00', 260, 300, y)),
    ];
    expect(missedPriceStrips(long, { width: 400, height: 2000 })).toHaveLength(MAX_STRIPS);
  });

  it('keeps a strip reading only when it is a price read surely', () => {
    expect(isStripPrice(box('£3.90', 0, 40, 0, 0.97))).toBe(true);
    expect(isStripPrice(box('£3.90', 0, 40, 0, 0.7))).toBe(false);
    expect(isStripPrice(box('Total', 0, 40, 0, 0.99))).toBe(false);
    expect(isStripPrice(null)).toBe(false);
    expect(rectLine({ left: 1, top: 2, width: 3, height: 4 })).toEqual({
      x: 1,
      y: 2,
      width: 3,
      height: 4,
    });
  });

  it("reads again the rows of a price box that ran two lines' prices together", async () => {
    // The Coca-Cola and Soda Water rows' prices found as one box 36 px high, read as one price.
    const tall = box('£7.50', 250, 300, 100, 0.9, 36);
    const merged = [...receipt, tall];
    expect([...rowsReadAsOne(merged)]).toEqual([tall]);
    expect(missedPriceStrips(merged, page).map((s) => s.top)).toEqual([100, 120]);
    const readings = [box('£3.90', 250, 300, 100, 0.97), box('£2.10', 250, 300, 120, 0.97)];
    const read = async (lines: { y: number }[]) => lines.map((_, i) => readings[i] ?? null);
    expect(await withMissedPrices(merged, page, read)).toEqual([...receipt, ...readings]);
    // Read again to no sure price: the box stays, the parser's to judge.
    const unsure = async (lines: { y: number }[]) => lines.map(() => null);
    expect(await withMissedPrices(merged, page, unsure)).toEqual(merged);
  });

  it('takes a large price beside one large line of words for a price, not rows read as one', () => {
    const large = [...receipt.slice(0, -2), box('TOTAL', 20, 120, 200, 0.95, 36)];
    const total = box('£16.35', 230, 300, 200, 0.95, 36);
    expect(rowsReadAsOne([...large, total]).size).toBe(0);
    expect(rowsReadAsOne([]).size).toBe(0);
  });

  it('adds to the page the sure prices read in the strips, and reads nothing without a column', async () => {
    const asked: number[] = [];
    const readings = [box('£3.90', 250, 300, 100, 0.97), box('£1.5O', 250, 300, 120, 0.6)];
    const read = async (lines: { y: number }[]) => {
      asked.push(...lines.map((l) => l.y));
      return lines.map((_, i) => readings[i] ?? null);
    };
    const boxes = await withMissedPrices(receipt, page, read);
    expect(asked).toEqual([100, 120]);
    expect(boxes).toEqual([...receipt, readings[0]]);

    asked.length = 0;
    const noColumn = receipt.filter((b) => !b.text.startsWith('£'));
    expect(await withMissedPrices(noColumn, page, read)).toEqual(noColumn);
    expect(asked).toEqual([]);
  });
});
