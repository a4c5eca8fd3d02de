import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignColumn,
  buildLines,
  dominantAngle,
  layoutLines,
  linesFromBoxes,
  priceColumnAngle,
} from './lines-from-boxes';
import { parseReceipt } from './parse-receipt';
import type { OcrBox } from './types';

/** A box for `text` with its top-left corner at (x, y), rotated by `degrees` about (cx, cy). */
function box(text: string, x: number, y: number, degrees = 0, cx = 0, cy = 0): OcrBox {
  const width = text.length * 12;
  const height = 24;
  const a = (degrees * Math.PI) / 180;
  const turn = ([px, py]: [number, number]): [number, number] => [
    cx + (px - cx) * Math.cos(a) - (py - cy) * Math.sin(a),
    cy + (px - cx) * Math.sin(a) + (py - cy) * Math.cos(a),
  ];
  return {
    text,
    score: 0.95,
    box: [turn([x, y]), turn([x + width, y]), turn([x + width, y + height]), turn([x, y + height])],
  };
}

/** The box as the detector often gives it on a tilted photo: its upright bounding rectangle. */
function upright(b: OcrBox): OcrBox {
  const xs = b.box.map((p) => p[0]);
  const ys = b.box.map((p) => p[1]);
  const [l, r, t, u] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return {
    ...b,
    box: [
      [l, t],
      [r, t],
      [r, u],
      [l, u],
    ],
  };
}

/** A receipt laid out as name boxes on the left and price boxes in a right-hand column. */
function receiptBoxes(degrees: number): OcrBox[] {
  const rows: [string, string | null][] = [
    ['THE CROWN INN', null],
    ['Fish & Chips', '14.50'],
    ['Pint of Bitter', '4.80'],
    ['Sticky Toffee Pudding', '6.50'],
    ['Discount', '-2.00'],
    ['SUBTOTAL', '23.80'],
    ['SERVICE CHARGE 12.5%', '2.98'],
    ['TOTAL', '26.78'],
  ];
  const boxes: OcrBox[] = [];
  rows.forEach(([name, price], row) => {
    const y = 100 + row * 34;
    boxes.push(box(name, 40, y, degrees, 300, 300));
    // Prices right-aligned, as tills print them.
    if (price) boxes.push(box(price, 580 - price.length * 12, y, degrees, 300, 300));
  });
  // OCR engines give boxes in no useful order.
  return boxes.reverse();
}

describe('layoutLines', () => {
  it('builds the same lines with one box read another way as building them all again', () => {
    // Prices read as words and words as prices move boxes between rows and the price column;
    // the rest only change their own line (the cheaper path), or leave the box unread.
    const texts = [
      '14.50',
      '1450',
      '14.5O',
      'Fish & Chlps',
      '',
      '  ',
      '£55',
      '95',
      '2.98 A',
      'TOTAL',
    ];
    for (const degrees of [0, 2.5, -4]) {
      for (const boxes of [receiptBoxes(degrees), receiptBoxes(degrees).map(upright)]) {
        const laidOut = layoutLines(boxes);
        expect(laidOut.lines).toEqual(buildLines(boxes));
        boxes.forEach((_, index) => {
          for (const text of texts) {
            const changed = boxes.map((b, k) => (k === index ? { ...b, text } : b));
            expect(laidOut.withText(index, text)).toEqual(buildLines(changed));
          }
        });
      }
    }
  });
});

describe('linesFromBoxes', () => {
  it('puts a row back together, left to right, keeping the gap before a price column', () => {
    expect(linesFromBoxes(receiptBoxes(0)).slice(0, 3)).toEqual([
      'THE CROWN INN',
      'Fish & Chips  14.50',
      'Pint of Bitter  4.80',
    ]);
  });

  it.each([-4, -2, 2, 4])('tolerates a skew of %i degrees', (degrees) => {
    const lines = linesFromBoxes(receiptBoxes(degrees));
    expect(lines).toHaveLength(8);
    expect(lines[3]).toBe('Sticky Toffee Pudding  6.50');
    expect(lines[7]).toBe('TOTAL  26.78');
  });

  it('estimates the skew from the boxes’ edges', () => {
    expect(dominantAngle(receiptBoxes(3)) * (180 / Math.PI)).toBeCloseTo(3, 5);
    expect(dominantAngle(receiptBoxes(0))).toBe(0);
  });

  it('keeps rows apart when the name boxes slope but the rows do not (a curled receipt)', () => {
    // Long names slope 5 degrees down to the right; the prices sit level with the names' centres.
    const boxes = [0, 1, 2].flatMap((row) => {
      const y = 100 + row * 40;
      const name = box(`Long dish name number ${row}`, 40, y, 5, 40, y);
      const centre = (name.box[0][1] + name.box[2][1]) / 2;
      return [name, box(`${row + 1}.00`, 800, centre - 12)];
    });
    expect(linesFromBoxes(boxes)).toEqual([
      'Long dish name number 0  1.00',
      'Long dish name number 1  2.00',
      'Long dish name number 2  3.00',
    ]);
  });

  it('pairs each price with its own row when the price column rides high (a bent receipt)', () => {
    // The paper bends between the names and the prices: every price sits 15 px (0.6 of a box) above
    // its name, nearer to no row than half a box, and the last name's price is level with the gap.
    const rows = ['Server: Kay', 'Crostini', 'Tiger Prawn', 'Corn Fed Chicken', 'SUBTOTAL'];
    const prices = [null, '5.50', '7.50', '12.95', '25.95'];
    const boxes = rows.flatMap((name, row) => {
      const y = 100 + row * 30;
      const price = prices[row];
      return price ? [box(name, 40, y), box(price, 400, y - 15)] : [box(name, 40, y)];
    });
    expect(linesFromBoxes(boxes)).toEqual([
      'Server: Kay',
      'Crostini  5.50',
      'Tiger Prawn  7.50',
      'Corn Fed Chicken  12.95',
      'SUBTOTAL  25.95',
    ]);
  });

  it('lays prices whose point OCR lost along the column too ($395 for $3.95)', () => {
    // A photo taken at a slant: the price column rides 10 px high at the top, level at the foot.
    // The first prices are nearer the row above than their own, and would join it if they were
    // not known for prices.
    const rows = ['Server Kay', '1X Ala Roll', '1X Sal Sashimi', '1X Chop Roll', 'SUB-TOTAL'];
    const prices = [null, '$395', '$550', '$3.75', '$13.20'];
    const high = [0, 10, 7, 4, 1];
    const boxes = rows.flatMap((name, row) => {
      const y = 100 + row * 19;
      const price = prices[row];
      return price ? [box(name, 40, y), box(price, 400, y - high[row]!)] : [box(name, 40, y)];
    });
    expect(linesFromBoxes(boxes)).toEqual([
      'Server Kay',
      '1X Ala Roll  $395',
      '1X Sal Sashimi  $550',
      '1X Chop Roll  $3.75',
      'SUB-TOTAL  $13.20',
    ]);
  });

  it('leaves a level price column alone when a shift would pair as many prices', () => {
    // Shifting the prices down would pair the same number of them, one row lower.
    const boxes = [
      box('3-ENTREE PLATE', 40, 100),
      box('8.68', 400, 100),
      box('CHOW MEIN', 40, 124),
      box('KUNG PAO', 40, 148),
    ];
    expect(linesFromBoxes(boxes)).toEqual(['3-ENTREE PLATE  8.68', 'CHOW MEIN', 'KUNG PAO']);
  });

  it('fits the tilt from the price column when the boxes are upright rectangles (5 degrees)', () => {
    // The detector's rectangles on a photo tilted 5 degrees say nothing of the tilt; the right-hand
    // prices rise 42 px across the row, more than a row's pitch (34 px).
    const boxes = receiptBoxes(5).map(upright);
    expect(dominantAngle(boxes)).toBe(0);
    expect(priceColumnAngle(boxes)! * (180 / Math.PI)).toBeCloseTo(5, 0);
    expect(linesFromBoxes(boxes)).toEqual(linesFromBoxes(receiptBoxes(0)));
  });

  it('follows a price column that waves above and below the rows (a curved receipt)', () => {
    // Twelve rows 30 px apart; the paper waves so the prices sink up to 17 px (more than half a
    // row) below their names, then rise as far above them: no one shift of the column fits.
    const names = Array.from({ length: 12 }, (_, row) => `Dish number ${row + 1}`);
    const boxes = names.flatMap((name, row) => {
      const y = 100 + row * 30;
      const sag = 17 * Math.sin((2 * Math.PI * row) / 11);
      return [box(name, 40, y), box(`${row + 1}.50`, 400, y + sag)];
    });
    expect(linesFromBoxes(boxes)).toEqual(names.map((name, row) => `${name}  ${row + 1}.50`));
  });

  it('keeps tightly spaced rows apart on a photo tilted 5 degrees (rows 26 px apart, boxes 24 px high)', () => {
    const rows = ['Milk 2 pint', 'Bread', 'Eggs x12', 'Butter', 'Apples', 'Cheddar', 'Tea bags'];
    const boxes = rows.flatMap((name, row) => {
      const y = 100 + row * 26;
      return [box(name, 40, y, 5, 300, 200), box(`${row + 1}.25`, 500, y, 5, 300, 200)];
    });
    expect(linesFromBoxes(boxes.map(upright))).toEqual(
      rows.map((name, row) => `${name}  ${row + 1}.25`),
    );
  });

  it('says how sure each pairing is: sure on a straight row, unsure half a row off', () => {
    const rows = ['Soup', 'Bread', 'Salad', 'Pie', 'Cake'];
    const boxes = rows.flatMap((name, row) => {
      const y = 100 + row * 34;
      // The third price sits 14 px low where its neighbours sit level: it could be either row's.
      return [box(name, 40, y), box(`${row + 2}.00`, 400, y + (row === 2 ? 14 : 0))];
    });
    const lines = buildLines([...boxes, box('THE CROWN', 40, 40)]);
    expect(lines[0]).not.toHaveProperty('pairing');
    expect(lines.slice(1).map((l) => l.pairing)).toEqual([1, 1, expect.any(Number), 1, 1]);
    expect(lines[3]!.pairing).toBeLessThan(0.3);
    // A line read as one box pairs nothing.
    expect(buildLines([box('Coke 2.50', 40, 100)])[0]).not.toHaveProperty('pairing');
    // ... and the parser's items carry it.
    const items = parseReceipt(boxes).items;
    expect(items.map((i) => i.pairing)).toEqual([1, 1, lines[3]!.pairing, 1, 1]);
  });

  it('leaves a price unpaired rather than jump a row against its neighbours', () => {
    // Prices level with their rows, but one a whole row below its name with no row beside it.
    const fit = alignColumn(
      [{ y: 100 }, { y: 130 }, { y: 190 }, { y: 220 }],
      [{ y: 100 }, { y: 130 }, { y: 160 }, { y: 220 }],
      30,
    );
    expect(fit.rows).toEqual([0, 1, null, 3]);
    expect(fit.confidence).toEqual([1, 1, 0, 1]);
  });

  it('joins a price read in two where its point was hidden (a pen line through the prices)', () => {
    const split = (name: string, pounds: string, pence: string, y: number) => [
      box(name, 40, y),
      box(pounds, 400, y),
      box(pence, 400 + pounds.length * 12 + 10, y),
    ];
    expect(
      linesFromBoxes([
        ...split('Sunday Roast', '£55', '95', 100),
        ...split('Cider', '5', '.65', 140),
      ]),
    ).toEqual(['Sunday Roast  £55.95', 'Cider  5.65']);
    // Not two figures far apart, nor digits that are not the line's last two boxes.
    expect(
      linesFromBoxes([box('Table', 40, 100), box('19', 120, 100), box('20', 400, 100)]),
    ).toEqual(['Table 19  20']);
    expect(
      linesFromBoxes([
        box('Table', 40, 100),
        box('12', 120, 100),
        box('09', 156, 100),
        box('x', 400, 100),
      ]),
    ).toEqual(['Table 12 09  x']);
  });

  it('pairs a unit-price column and a line-total column close beside it, each with its row', () => {
    // Right edges 40 px apart (under two box heights): two columns, not one with two prices a row.
    const rows: [string, string, string][] = [
      ['1 Water', '2.50', '2.50'],
      ['3 Souvlaki', '2.00', '6.00'],
      ['1 Patates', '3.00', '3.00'],
      ['2 Sykoti', '2.50', '5.00'],
    ];
    const boxes = rows.flatMap(([name, unit, total], row) => {
      const y = 100 + row * 30;
      return [box(name, 40, y), box(unit, 400 - 48, y + 3), box(total, 440 - 48, y - 3)];
    });
    expect(linesFromBoxes(boxes)).toEqual(rows.map(([n, u, t]) => `${n}  ${u} ${t}`));
  });

  it('drops empty and low-confidence boxes', () => {
    const boxes = [box('Coke', 0, 0), { ...box('###', 100, 0), score: 0.1 }, box('  ', 200, 0)];
    expect(linesFromBoxes(boxes)).toEqual(['Coke']);
    expect(buildLines([])).toEqual([]);
  });

  it('leaves out a box read unsure beside one read sure, and keeps one alone on its row', () => {
    const unsure = (b: OcrBox) => ({ ...b, score: 0.6 });
    const boxes = [
      box('RED WINE', 0, 0),
      unsure(box('you', 150, 0)),
      box('4.05', 300, 0),
      unsure(box('Garlic Bread', 0, 40)),
      box('3.50', 300, 40),
    ];
    expect(linesFromBoxes(boxes)).toEqual(['RED WINE  4.05', 'Garlic Bread  3.50']);
  });

  it('feeds the parser: a skewed photo reads the same as a straight one', () => {
    const straight = parseReceipt(receiptBoxes(0));
    const skewed = parseReceipt(receiptBoxes(3));
    // The same items; only where they sit on the photo differs (the skewed photo's rows slope).
    const read = (r: typeof straight) =>
      r.items.map(({ name, amountPence }) => [name, amountPence]);
    expect(read(skewed)).toEqual(read(straight));
    expect(skewed.items.map((i) => i.pairing)).toEqual(straight.items.map((i) => i.pairing));
    expect(straight.items.map((i) => i.amountPence)).toEqual([1450, 480, 650, -200]);
    expect(skewed).toMatchObject({
      subtotalPence: 2380,
      serviceChargePence: 298,
      totalPence: 2678,
      establishmentName: 'THE CROWN INN',
      checks: { itemsMatchTotal: true },
    });
  });

  it('keeps every box’s text exactly once, whatever the layout', () => {
    const arbitraryBox = fc
      .record({
        text: fc.stringMatching(/^[A-Za-z0-9.]{1,8}$/),
        x: fc.integer({ min: 0, max: 1000 }),
        y: fc.integer({ min: 0, max: 2000 }),
        degrees: fc.integer({ min: -30, max: 30 }),
      })
      .map(({ text, x, y, degrees }) => box(text, x, y, degrees, x, y));
    fc.assert(
      fc.property(fc.array(arbitraryBox, { maxLength: 40 }), (boxes) => {
        const words = buildLines(boxes).flatMap((l) => l.segments.map((s) => s.text));
        expect(words.sort()).toEqual(boxes.map((b) => b.text).sort());
      }),
    );
  });
});
