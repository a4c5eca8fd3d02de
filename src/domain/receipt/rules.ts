// Named patterns the parser's stages share (keywords.ts holds the words that say what a line is;
// amounts.ts how money is printed). Each says what it matches and why, so a rule is read once.
import { CURRENCY } from './amounts';
import { phrases } from './text';

// A quantity line: '2 @ 2.50', '2 x £2.50 5.00', '2 X 1.25', 'Qty 4@ $9.30ea 37.20', and with its
// '@' lost to OCR 'Qty 4 $9.30ea 37.20'. The name is on the line above or the price belongs to the
// item above.
export const QUANTITY_LINE =
  /^(?:QTY\.?:?\s*)?(\d{1,3})\s*[@x×*]\s*(?:£|\$|€)?\s*\d+[.,]\d{2}(?!\d)|^QTY\.?:?\s*(\d{1,3})\s+(?:£|\$|€)?\s*\d+[.,]\d{2}\s*(?:EA|EACH)\b/i;

/**
 * A line ending in a whole amount grouped by commas: '50,000', 'Total 224,400'. (A point before
 * three digits may be a decimal point: '6.281' gallons, '6.900' rials.)
 */
export const THOUSANDS_AT_END = /(?<![\d.,])\d{1,3}(?:,\d{3})+\s*[A-Z]?\s*$/;

/**
 * A count at a unit price printed before the name, the line total after it: '2@3.50 COKE ZERO CAN
 * 7.00A', '3 x £1.20 CRISPS 3.60', and with the space before the name lost to OCR, '2@0.74GARLIC'.
 * The item line 'COKE ZERO CAN 2 @ 3.50 7.00' with its quantity first; groups: count, unit price,
 * and what follows (the name, when it holds one).
 */
export const COUNT_AT_PRICE_FIRST =
  /^(\d{1,3})\s*[@xX×*]\s*(?:£|\$|€)?\s*(\d+[.,]\d{2})(?:\s+|(?=[A-Za-z]))(?=\S)(.*)$/;

/** Words of a unit price ('2 @ 0.69 EACH', '0.20 EA 5 FOR 0.99', '1.2 LB'), upper case. */
export const UNIT_WORDS: ReadonlySet<string> = new Set([
  'EA',
  'EACH',
  'FOR',
  'PER',
  'AT',
  'LB',
  'LBS',
  'KG',
]);

/**
 * A product code before the name ('4000000104 CHECKLANE CANDY', and with a till's sale mark
 * '*4125001715 TORTILLA CHP'): not a phone number.
 */
export const CODE_BEFORE_NAME = /^\*?\d{8,14}\s+(?=[A-Za-z]{3})/;

// Leading quantity: '2 x Coke', '2x Coke', '2 Coke', '1,00 Copa' (a European quantity column),
// '1BAJA STEAK' (no space, as many tills print it). An 'x' glued to small letters starts the
// name, it is no times sign ('1 xo chicken').
export const LEADING_QUANTITY =
  /^(\d{1,3})(?:[.,]\d{1,3})?\s*(?:[xX×*@](?![a-z])\s*|\s+|(?=[A-Z][A-Za-z]|[a-z]{3}))(?=\S)/;
// Trailing quantity: 'Coke x2', 'Coke x 2', 'Coke (2)', and with the space before it lost after a
// word of capitals ('ZUMO NARANJAX6').
// And a count column read into the name with its unit multiplier: 'Naan 1x2' is one naan.
export const TRAILING_QUANTITY =
  /(?:\s+|(?<=[A-Z]{3}))(?:[xX×]\s?(\d{1,3})|\((\d{1,3})\)|(\d{1,3})\s?[xX×]\s?\d{1,3})$/;

/** A currency left at the end of a name when its amount was printed apart ('Steak GBP  12.50'). */
export const CURRENCY_AT_END = new RegExp(String.raw`(?:(?<![A-Za-z])${CURRENCY}|[£$€])\s*$`, 'i');

// Stronger wording wins when the figures do not decide between two totals.
export const STRONG_TOTAL = phrases(
  ['GRAND TOTAL', 'TOTAL DUE', 'BALANCE DUE', 'AMOUNT DUE', 'AMT DUE', 'TO PAY', 'PAYABLE'].map(
    (w) => `*${w}*`,
  ),
);

/** The word 'total' and words built on it ('SUBTOTAL', 'TOTALS'), in a label. */
export const TOTAL_WORD = /\b\w*TOTAL\w*\b/gi;

/** Words beside 'total' that make it a figure of the bill, not a product named so. */
export const TOTAL_QUALIFIER = phrases([
  ...['INC*', 'EXC*', 'GST', 'VAT', 'TAX*', 'DUE', 'NET', 'ADJ*', 'SALES', 'AMOUNT', 'AMT'],
]);

/** 'Net Amount', 'NET AMT': on Indian bills, what is paid when printed after a smaller total. */
export const NET_AMOUNT = phrases(['NET AMOUNT', 'NET AMT']);

/**
 * A reduced price printed under its item's name ('*4125001715 TORTILLA CHP' over 'was 3.29 now
 * 2.99 F', 'WAS 2.09 1.49F'), and as OCR reads it, its spaces lost and its '£' read as an 'E'
 * ('WAS2.20NOW 1.20', 'WASE2.05NOW 1.55'): the name's price is the last, lower one; group: the
 * price it was.
 */
export const WAS_THEN_NOW =
  /^\W*WAS\s*[£$€E]?\s*(\d+[.,]\d{2})(?:\s*NOW\b|\s)\s*[£$€E]?\s*\d+[.,]\d{2}/i;

/**
 * A name, then a price whose point OCR lost ('CROISSANTS 4PK 164', 'MILK 2PT 129 B'): three or
 * four digits after a space, maybe a VAT code letter; groups: the digits, the code. Read as a price
 * only where the receipt's sums need exactly it (parse-receipt.ts).
 */
export const POINT_LOST = /(?<=[A-Za-z]{2}.*)\s(\d{3,4})(\s?[A-Z])?$/;

/** A line or lines that must read so, as a test (rules.test.ts) and as the rule's illustration. */
export interface RuleExample {
  lines: readonly string[];
  /** other readings of a line's box, by index: the example is read as OCR boxes */
  alternatives?: Readonly<Record<number, readonly string[]>>;
  /**
   * The recogniser's confidence in each box, by line: a line given here is read as its boxes (split
   * at double spaces, left to right), each with its confidence
   */
  scores?: Readonly<Record<number, readonly number[]>>;
  /** the heights of a scored line's boxes in pixels, by line (20 otherwise) */
  heights?: Readonly<Record<number, readonly number[]>>;
  /** the items as [name, pence], in order */
  items?: readonly (readonly [string, number])[];
  total?: number;
}

/**
 * A rule of the parser: its name (the switch that turns it off, switches.ts), why it holds on any
 * receipt, and lines it must read right. Each example is run as a unit test, and again with the
 * rule switched off, when it must read otherwise: a rule whose examples read the same without it
 * does nothing.
 */
export interface Rule {
  name: string;
  reason: string;
  examples: readonly RuleExample[];
}

export const RULES: readonly Rule[] = [
  {
    name: 'marks over the print',
    reason:
      'A box the recogniser reads unsure on a row whose words it reads sure is a stain, a pen ' +
      'mark, handwriting or a column marker, not part of the name; alone on its row it may be a ' +
      'faded name, and stays. A till prints a row in one size, so a word twice as tall as the ' +
      'boxes of its row is a stamp, a watermark or handwriting laid over the print, too.',
    examples: [
      {
        lines: ['NAPPIES  loynicbn ouy  3.75', 'RED WINE  4.05', 'Total 7.80'],
        scores: { 0: [0.96, 0.53, 0.99] },
        items: [
          ['NAPPIES', 375],
          ['RED WINE', 405],
        ],
      },
      {
        lines: ['Cafe Latte  you  4.75', 'Tea  2.00', 'Total 6.75'],
        scores: { 0: [0.9, 0.93, 0.99] },
        heights: { 0: [20, 50, 20] },
        items: [
          ['Cafe Latte', 475],
          ['Tea', 200],
        ],
      },
    ],
  },
  {
    name: 'another reading of a box',
    reason:
      'The recogniser has a second reading of an unsure box; where the sums agree only with it, ' +
      'the printed sums are surer than one unsure figure.',
    examples: [
      {
        lines: ['Cinnamon Sugar $5.00', 'Coco Vanilla $7.50', 'Total $13.50'],
        alternatives: { 0: ['Cinnamon Sugar $6.00'] },
        items: [
          ['Cinnamon Sugar', 600],
          ['Coco Vanilla', 750],
        ],
      },
    ],
  },
  {
    name: 'letters another reading has',
    reason:
      'A recogniser unsure of a letter drops it far more often than it makes one up: of two ' +
      'readings of a box alike but for letters within its words that one has and the other lacks, ' +
      'the fuller is the text.',
    examples: [
      {
        lines: ['1ahoo 12.00', '1Shrly Teple 3.50', 'Total 15.50'],
        alternatives: { 0: ['1Wahoo 12.00'], 1: ['1Shirley Temple 3.50'] },
        items: [
          ['Wahoo', 1200],
          ['Shirley Temple', 350],
        ],
      },
    ],
  },
  {
    name: 'prices a row up',
    reason:
      'A tilted photo can put the price column a row out of step with the names: the first name ' +
      'left without a price and a price left over without a name under the last. The prices ' +
      'move up a row, a price with its code glued on among them; a count at a unit price on a ' +
      'line of its own stays with its name.',
    examples: [
      {
        lines: ['Latte', 'Muffin 3.10', 'Bagel 2.75', '2.40', 'Total 8.25'],
        items: [
          ['Latte', 310],
          ['Muffin', 275],
          ['Bagel', 240],
        ],
      },
      {
        // A count at a unit price on a line of its own is its name's: the prices move past it.
        lines: [
          'FROMAGE BLANC',
          'KAAS BELEGEN 1,54 A',
          'AGUA MINERAL 3,81 A',
          '4x0,88',
          'PAN DE MOLDE 3,52 A',
          'CAMEMBERT 1,69 B',
          '0,61 B',
          'SUMME EUR 11,17',
        ],
        items: [
          ['FROMAGE BLANC', 154],
          ['KAAS BELEGEN', 381],
          ['AGUA MINERAL', 352],
          ['PAN DE MOLDE', 169],
          ['CAMEMBERT', 61],
        ],
      },
    ],
  },
  {
    name: 'currency without pence',
    reason:
      'Currencies without pence print whole numbers: where no amount has two decimals and lines ' +
      'end in whole numbers, those are the prices.',
    examples: [
      {
        lines: ['Delicacy', 'Veg Platter 339', 'Naan 40', 'Grand Total 379'],
        items: [
          ['Veg Platter', 33900],
          ['Naan', 4000],
        ],
        total: 37900,
      },
    ],
  },
  {
    name: 'a code read apart from a price',
    reason:
      "A till's code printed beside a price, the space or the zero between them lost, reads as " +
      "part of it: a VAT digit after a decimal-comma price as thousands ('1,491' for 1,49 and code " +
      "1), a product code before a price under a pound as pounds ('4011 .89'). The reading with " +
      'the codes apart is a candidate the sums weigh.',
    examples: [
      {
        lines: ['Brot 1,491', 'Milch 0,992', 'Butter 2,291', 'SUMME 4,77'],
        items: [
          ['Brot', 149],
          ['Milch', 99],
          ['Butter', 229],
        ],
      },
      {
        lines: ['BANANAS 4011 .89', 'BREAD 1.20', 'TOTAL 2.09'],
        items: [
          ['BANANAS 4011', 89],
          ['BREAD', 120],
        ],
      },
    ],
  },
  {
    name: 'price whose point was lost',
    reason:
      'A currency sign touching three to five digits among prices in pence is a price whose ' +
      'point OCR lost: a sign stands only before money.',
    examples: [
      {
        lines: ['Soft Drink $2.00', 'Sushi $1295', 'Subtotal $1495', 'Total $14.95'],
        items: [
          ['Soft Drink', 200],
          ['Sushi', 1295],
        ],
      },
    ],
  },
  {
    name: 'product named like a total',
    reason:
      'A "total" line for less than the items above it, with another total still to come, is a ' +
      'product whose name holds the word: a total is never less than what it adds up.',
    examples: [
      {
        lines: [
          'HAND CREAM 4.00',
          'LIP BALM 2.50',
          'TOTAL CARE WIPES 1.75',
          'SUBTOTAL 8.25',
          'TOTAL 8.25',
        ],
        items: [
          ['HAND CREAM', 400],
          ['LIP BALM', 250],
          ['TOTAL CARE WIPES', 175],
        ],
      },
    ],
  },
  {
    name: 'a line makes up the shortfall',
    reason:
      'A line among the items that alone makes up what they miss of the printed figure is an ' +
      'item read otherwise (a price whose point was lost, a note word in a name).',
    examples: [
      {
        lines: [
          'RED PEPPERS 3PK  1.19 A',
          'CROISSANTS 4PK  164',
          'CHICKEN BREAST  5.59 B',
          'TOTAL 8.42',
        ],
        items: [
          ['RED PEPPERS 3PK', 119],
          ['CROISSANTS 4PK', 164],
          ['CHICKEN BREAST', 559],
        ],
      },
    ],
  },
  {
    name: 'no running totals',
    reason:
      'A line whose price is what the items above it add up to may be a running total or an item ' +
      'that costs as much (two drinks and a dish at their sum); when the items then miss the ' +
      'printed total, the reading with every priced line an item is weighed by the sums.',
    examples: [
      {
        lines: ['Coffee 2.50', 'Tea 2.50', 'Sandwich 5.00', 'Total 10.00'],
        items: [
          ['Coffee', 250],
          ['Tea', 250],
          ['Sandwich', 500],
        ],
      },
    ],
  },
  {
    name: 'a price printed twice',
    reason:
      'Some tills print a line total again under its item, and OCR can read one price twice; a ' +
      'bare price right under an item of the same amount, when the items then exceed what was ' +
      'paid, is read without it too, for the sums to weigh. Two of a dish, the name of one lost, ' +
      'stay two when the sums say so.',
    examples: [
      {
        lines: ['Coke 3.00', '3.00', 'Tea 2.00', 'Total 5.00'],
        items: [
          ['Coke', 300],
          ['Tea', 200],
        ],
      },
    ],
  },
  {
    name: 'count at a unit price for a garbled line total',
    reason:
      'A count at a unit price printed first makes the line total: when OCR garbled that total ' +
      'and the sums need it, the product is the price.',
    examples: [
      {
        lines: [
          'OLIVE OIL 500ML 4.95A',
          '2@3.79 BRITISH CHICKEN BREAST.58Z',
          '4 @ 0.89 CHOPPED TOMATOES 4BOS6 Z',
          'PORRIDGE OATS 1KG 1.29A',
          'TOTAL 17.38',
        ],
        items: [
          ['OLIVE OIL 500ML', 495],
          ['BRITISH CHICKEN BREAST', 758],
          ['CHOPPED TOMATOES', 356],
          ['PORRIDGE OATS 1KG', 129],
        ],
      },
    ],
  },
  {
    name: 'last item as the total',
    reason:
      'A last priced line at least the sum of the items above, with the rest of a totals block ' +
      'under it, is the total whose words were garbled: one dish dearer than all others together is rare.',
    examples: [
      {
        lines: [
          'Hummus 6.50',
          'Fattoush 7.00',
          'Lamb Kofta 14.50',
          'Falafel 6.00',
          'TKtQK DJe: 35.00',
          'VAT 20%: 5.83',
        ],
        total: 3500,
      },
    ],
  },
  {
    name: 'items the subtotal needs',
    reason:
      'Products named like payments ("Gift Card") priced above the subtotal, making up what the ' +
      'items miss of it, are items: a payment is printed after the subtotal.',
    examples: [
      {
        lines: ['Gift Card 100.00 N', 'Subtotal $100.00', 'Total $100.00', 'Debit $100.00'],
        items: [['Gift Card', 10000]],
      },
    ],
  },
  {
    name: 'item that breaks the subtotal',
    reason:
      "Items exceeding the printed subtotal by exactly one item's price hold one line that is not an item.",
    examples: [
      {
        lines: ['Tea 2.00', 'Cake 3.00', 'Scone 1.50', 'Subtotal 5.00'],
        items: [
          ['Tea', 200],
          ['Cake', 300],
        ],
      },
    ],
  },
  {
    name: 'breakdown by kind',
    reason:
      'Two or more lines straight after the items that add up to them, when the items alone agree ' +
      'with the printed figure, are the bill broken down by kind, not items.',
    examples: [
      {
        lines: [
          '1 Crab Special 21.95',
          '1 PBR 2.50',
          '1 Stella 4.00',
          'food 21.95',
          'liquor 6.50',
          'Tax 2.53',
          'Total Due 30.98',
        ],
        items: [
          ['Crab Special', 2195],
          ['PBR', 250],
          ['Stella', 400],
        ],
      },
    ],
  },
  {
    name: 'misread price',
    reason:
      'A recogniser without a pound sign reads "£" as "6" ("61.25" for "£1.25"): read back where ' +
      'that alone makes up what the items miss of the total.',
    examples: [
      {
        lines: ['BREAD  1.10', 'JAM  61.25', 'MILK  0.95', 'TOTAL  3.30'],
        items: [
          ['BREAD', 110],
          ['JAM', 125],
          ['MILK', 95],
        ],
      },
    ],
  },
  {
    name: 'item dearer than the receipt',
    reason:
      'No item costs more than the whole receipt: such a price is a product code or a card number.',
    examples: [
      {
        lines: ['FLR,UNBLCHD £1,737.59', 'EGGS 6 PK 2.20', 'BUTTER 250G 2.31', 'TOTAL £12.51'],
        items: [
          ['EGGS 6 PK', 220],
          ['BUTTER 250G', 231],
        ],
      },
    ],
  },
  {
    name: 'another total',
    reason:
      'Which figure is the total is a choice like any other: when the first choice is only a last ' +
      'resort, or drops items as dearer than it, the figures that may be the total are weighed by the sums.',
    examples: [
      {
        lines: ['Pasta 12.00', 'Wine 24.00', 'Salad 8.00', 'TOTAL 44.00', 'AMOUNT DUE USD 5.38'],
        total: 4400,
      },
    ],
  },
  {
    name: 'a count read apart from the name',
    reason:
      'A count printed beside a name says how many were had, not what: before the name, even glued to a menu code or a mark that starts no word ("1A6 Gyoza"; a capital on its own when the unit price checks the count, "1M BROCCOLI 0.38 0.38"), with the unit it counts in ("1PK BANANAS"), as a column of lone digits between the names and the prices, or between a unit price and the line total it makes ("Coke 1.50 2 3.00"). It is kept as the count.',
    examples: [
      {
        lines: ['1A6Gyoza 5.95', '1PK BANANAS 1.20', "1R'berry Flurry 3.50", 'Total 10.65'],
        items: [
          ['A6Gyoza', 595],
          ['BANANAS', 120],
          ["R'berry Flurry", 350],
        ],
      },
      {
        lines: ['1M BROCCOLI 0.38 0.38', '2M CARROTS 1KG 0.47 0.94', 'BALANCE DUE 1.32'],
        items: [
          ['M BROCCOLI', 38],
          ['M CARROTS 1KG', 94],
        ],
      },
      {
        lines: ['Alabama BBQ Chicken 1 12.00', 'Draft Lager 1 4.50', 'Total 16.50'],
        items: [
          ['Alabama BBQ Chicken', 1200],
          ['Draft Lager', 450],
        ],
      },
      {
        lines: ['Coke 1.50 2 3.00', 'Tea 2.00 1 2.00', 'Total 5.00'],
        items: [
          ['Coke', 300],
          ['Tea', 200],
        ],
      },
      {
        lines: ['Coke 1.50 x 2 3.00', 'Tea 2 x 2.00 = 4.00', '2 x Cake @ 1.50 3.00', 'Total 10.00'],
        items: [
          ['Coke', 300],
          ['Tea', 400],
          ['Cake', 300],
        ],
      },
      {
        // Counted in thousandths, the separator lost: '1000' for '1,000'.
        lines: ['1000 Almejas 21,60 21,60', '2000 Cerveza 2,50 5,00', 'Total 26,60'],
        items: [
          ['Almejas', 2160],
          ['Cerveza', 500],
        ],
      },
    ],
  },
  {
    name: 'a count checked by its line total',
    reason:
      'A line that starts with a count and ends with two amounts, the first times the count making ' +
      'the second to the penny, is a count at a unit price, whatever words the till prints between ' +
      'them ("2 AT 1 FOR", "2 Stk x", "2 st à") or OCR loses ("3 2,73 8,19"): the arithmetic holds ' +
      'on any till, and no name stands among them. It gives the count to the name above it.',
    examples: [
      {
        lines: ['GROUND BEEF', '2 AT 1 FOR 5.20 10.40 N', 'WHITE BREAD 1.91 N', 'TOTAL 12.31'],
        items: [
          ['GROUND BEEF', 1040],
          ['WHITE BREAD', 191],
        ],
      },
      {
        lines: ['JAMBON CUIT', '3 Stk x 2,73 8,19', 'KAAS BELEGEN 3,49', 'SUMME 11,68'],
        items: [
          ['JAMBON CUIT', 819],
          ['KAAS BELEGEN', 349],
        ],
      },
      {
        // The unit price under a dollar without its zero, its space lost to OCR.
        lines: ['LIMES', '4AT1F0R.51 2.04X', 'WHITE BREAD 2.32 X', 'TOTAL 4.36'],
        items: [
          ['LIMES', 204],
          ['WHITE BREAD', 232],
        ],
      },
    ],
  },
  {
    name: 'a barcode after the name',
    reason:
      'An unbroken run of 12 or 13 digits after a name, or glued to it, is its product code ' +
      '(UPC-A, EAN-13), as US and European tills print it, never a phone number (printed ' +
      'shorter, or in groups): the line is a name, the count or price under it is its, and the ' +
      'code is no part of the name.',
    examples: [
      {
        lines: ['PEANUT BUTTER 618354800852', '3 @ 3.41 10.23 X', 'MILK 2.98 N', 'TOTAL 13.21'],
        items: [
          ['PEANUT BUTTER', 1023],
          ['MILK', 298],
        ],
      },
      {
        // The space before the code lost, and the name's last O read as a zero.
        lines: [
          'PAPERTOWELS880034470104',
          '4 AT 1 FOR 6.44 25.76 N',
          'AVOCAD0886354980701',
          '2 @ 0.58 1.16 X',
          'TOTAL 26.92',
        ],
        items: [
          ['PAPERTOWELS', 2576],
          ['AVOCADO', 116],
        ],
      },
    ],
  },
  {
    name: 'modifier lines under an item',
    reason:
      'A line at no cost under a dish says how it was ordered ("NO ICE", "1 MEDIUM"): nothing to share, so a note of the dish, not an item.',
    examples: [
      {
        lines: ['Burger 9.50', 'NO ONION 0.00', 'Cola 2.50', 'Total 12.00'],
        items: [
          ['Burger', 950],
          ['Cola', 250],
        ],
      },
    ],
  },
  {
    name: 'a letter read as a digit before a word',
    reason:
      "A word's first letter read as the digit of its shape (l as 1, O as 0, S as 5) looks like a " +
      'count glued to the rest; when the rest is no food word and the letter makes one, it is the letter.',
    examples: [
      {
        lines: ['1assi 2.50', '10range Juice 3.00', 'Total 5.50'],
        items: [
          ['lassi', 250],
          ['orange Juice', 300],
        ],
      },
    ],
  },
  {
    name: 'letters repaired against food words',
    reason:
      'The recogniser confuses l, i and 1, o and 0, rn and m; a word that is no food word but becomes exactly one when they are read the other way is that word.',
    examples: [
      {
        lines: ['Frled Onlon Rlngs 3.50', 'Garllc Bread 2.95', 'Total 6.45'],
        items: [
          ['Fried Onion Rings', 350],
          ['Garlic Bread', 295],
        ],
      },
    ],
  },
  {
    name: 'one letter read for another of a like shape',
    reason:
      'The recogniser reads a letter for another of a like shape (n for m, r for n, H for M or W, e for c, t for i); a word that is no food word but becomes exactly one with one such letter read back is that word.',
    examples: [
      {
        lines: ['Tonato Jutce 3.00', 'Soda Hater 1.50', 'Total 4.50'],
        items: [
          ['Tomato Juice', 300],
          ['Soda Water', 150],
        ],
      },
    ],
  },
];
