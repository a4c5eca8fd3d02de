import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ITEM_NAME } from '../money';
import { parseReceipt, parseReceiptText } from './parse-receipt';
import { keywordKind } from './keywords';
import { TOTAL_STRATEGIES } from './totals';
import { boxesOfLines as boxes } from '../../testing/ocr-boxes';

const items = (text: string) =>
  parseReceiptText(text.split('\n')).items.map((i) =>
    i.quantity === undefined ? [i.name, i.amountPence] : [i.name, i.amountPence, i.quantity],
  );

describe('parseReceiptText: UK restaurant', () => {
  const receipt = `
    THE RED LION
    12 High Street
    London SW1A 1AA
    Tel: 020 7946 0123
    VAT No: GB 123 4567 89
    Table 12   Covers 4
    Server: Sam
    23/11/2026 19:42
    2 x Coke              £5.00
    Fish & Chips         £14.50
    Steak Pie             14.95 A
    Sticky Toffee Pudding  6.50
    Staff discount        -2.00
    SUBTOTAL             £38.95
    SERVICE CHARGE 12.5%  £4.87
    TOTAL                £43.82
    VAT @ 20%             £7.30
    VISA CONTACTLESS     £43.82
    THANK YOU FOR DINING WITH US`;

  it('reads the items, quantity and discount, and nothing from the header or footer', () => {
    expect(items(receipt)).toEqual([
      ['Coke', 500, 2],
      ['Fish & Chips', 1450],
      ['Steak Pie', 1495],
      ['Sticky Toffee Pudding', 650],
      ['Staff discount', -200],
    ]);
  });

  it('reads the figures, VAT for information, and checks the items against the subtotal', () => {
    const parsed = parseReceiptText(receipt.split('\n'));
    expect(parsed).toMatchObject({
      subtotalPence: 3895,
      serviceChargePence: 487,
      serviceChargePercent: '12.5',
      taxPence: 730,
      tipPence: null,
      totalPence: 4382,
      establishmentName: 'THE RED LION',
      checks: { itemsMatchTotal: true, differencePence: 0, against: 'subtotal' },
    });
  });

  it('reads the figures when OCR has glued words and numbers together', () => {
    const glued = receipt
      .replace('SERVICE CHARGE 12.5%', 'SERVICECHARGE12.5%')
      .replace('TOTAL                £43.82', 'TOTAL43.82')
      .replace('Table 12   Covers 4', 'Table12 Covers4');
    expect(parseReceiptText(glued.split('\n'))).toMatchObject({
      subtotalPence: 3895,
      serviceChargePence: 487,
      serviceChargePercent: '12.5',
      totalPence: 4382,
      checks: { itemsMatchTotal: true },
    });
    expect(items(glued)).toEqual(items(receipt));
  });

  it('computes a percent service charge from the subtotal when no amount is printed', () => {
    const parsed = parseReceiptText([
      'Dishoom',
      'Black Daal 8.90',
      'Chicken Ruby 13.50',
      'Subtotal 22.40',
      'Discretionary SERVICE CHARGE 12.5%',
      'TOTAL DUE 25.20',
    ]);
    expect(parsed.serviceChargePence).toBe(280);
    expect(parsed.totalPence).toBe(2520);
  });

  it('reports the difference when the items disagree with the subtotal', () => {
    const parsed = parseReceiptText([
      'Burger 10.00',
      'Chips 3.00',
      'Subtotal 14.20',
      'Total 14.20',
    ]);
    expect(parsed.checks).toEqual({
      itemsMatchTotal: false,
      differencePence: 120,
      figurePence: 1420,
      figureLabel: 'Subtotal',
      against: 'subtotal',
    });
  });
});

describe('parseReceiptText: formats', () => {
  it("drops the lone 'f' or 'E' that a misread pound sign leaves at the end of a name", () => {
    expect(items('Steak Pie f 13.95\nFish and Chips E 14.50\nVitamin Water 2.00')).toEqual([
      ['Steak Pie', 1395],
      ['Fish and Chips', 1450],
      ['Vitamin Water', 200],
    ]);
  });

  it.each([
    ['Coke £4.50', 450],
    ['Coke 4.50', 450],
    ['Coke 4,50', 450],
    ['Coke 4.50 A', 450],
    ['Coke GBP 4.50', 450],
    ['Coke 1,234.50', 123450],
    ['Coke 1.234,50', 123450],
    ['Promo -2.00', -200],
    ['Voucher 2.00-', -200],
    ['Refund (2.00)', -200],
    ['DISCOUNT 2.00', -200],
    ['Peaches 007874242961 - 0.68X', 68], // a printed flag, not a sign
    ['Coke 4.500', 450], // a tax flag 'O' read as a third decimal
    ['Coke Rs.450.00', 45000],
  ])('%s', (line, pence) => {
    expect(parseReceiptText([line]).items.map((i) => i.amountPence)).toEqual([pence]);
  });

  it.each([
    ['2 x Coke 5.00', 'Coke', 2],
    ['2x Coke 5.00', 'Coke', 2],
    ['Coke x2 5.00', 'Coke', 2],
    ['Coke x 3 7.50', 'Coke', 3],
    ['2 Coke 5.00', 'Coke', 2],
    ['ZUMO NARANJAX6 6.30', 'ZUMO NARANJA', 6], // the space before it lost
  ])('quantity in %s', (line, name, quantity) => {
    expect(parseReceiptText([line]).items).toEqual([
      expect.objectContaining({
        name,
        quantity,
        amountPence: Number(line.slice(-4).replace('.', '')),
      }),
    ]);
  });

  it("reads '2 @ 2.50' under a name as that name's quantity", () => {
    expect(items('COKE ZERO\n2 @ 2.50 5.00\nBREAD 1.10')).toEqual([
      ['COKE ZERO', 500, 2],
      ['BREAD', 110],
    ]);
    expect(items('COKE ZERO 5.00\n2 @ 2.50\nBREAD 1.10')).toEqual([
      ['COKE ZERO', 500, 2],
      ['BREAD', 110],
    ]);
  });

  it('takes a price printed on its own line under the name', () => {
    expect(items('Chicken Tikka Masala\n12.95\nNaan\n3.50\nTotal\n16.45')).toEqual([
      ['Chicken Tikka Masala', 1295],
      ['Naan', 350],
    ]);
    expect(parseReceiptText(['Naan', '3.50', 'Total', '3.50']).totalPence).toBe(350);
  });
});

describe('parseReceiptText: properties', () => {
  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 30 }), (lines) => {
        const parsed = parseReceiptText(lines);
        for (const item of parsed.items) expect(Number.isSafeInteger(item.amountPence)).toBe(true);
      }),
    );
  });

  it('never makes an item of the total, subtotal or payment lines', () => {
    const price = fc.integer({ min: 1, max: 99_999 });
    const money = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
    fc.assert(
      fc.property(fc.array(price, { minLength: 1, maxLength: 10 }), (prices) => {
        const total = prices.reduce((a, b) => a + b, 0);
        const lines = [
          ...prices.map((p, i) => `Dish ${String.fromCharCode(65 + i)} ${money(p)}`),
          `SUBTOTAL ${money(total)}`,
          `TOTAL ${money(total)}`,
          `CARD ${money(total)}`,
        ];
        const parsed = parseReceiptText(lines);
        expect(parsed.items.map((i) => i.amountPence)).toEqual(prices);
        expect(parsed.totalPence).toBe(total);
        expect(parsed.checks.itemsMatchTotal).toBe(true);
      }),
    );
  });
});

describe('parseReceiptText: other receipts', () => {
  it('a pub: rounds of drinks with quantities, card payment and change lines ignored', () => {
    const parsed = parseReceiptText([
      'The Kings Arms',
      '25 Church Road, Bristol BS1 4AA',
      '01179 123456',
      '3 x Pint Carling 14.85',
      '2 @ 4.20',
      '8.40',
      'Bag of Crisps 1.50',
      'BALANCE DUE £24.75',
      'CASH £30.00',
      'CHANGE £5.25',
    ]);
    expect(parsed.items).toEqual([
      { name: 'Pint Carling', amountPence: 1485, quantity: 3 },
      { name: 'Unknown Item', amountPence: 840, quantity: 2 },
      { name: 'Bag of Crisps', amountPence: 150 },
    ]);
    expect(parsed.totalPence).toBe(2475);
    expect(parsed.establishmentName).toBe('The Kings Arms');
    expect(parsed.checks).toMatchObject({
      itemsMatchTotal: true,
      differencePence: 0,
      against: 'total',
    });
  });

  it('a supermarket: VAT codes, multibuy saving, total savings not counted twice', () => {
    const parsed = parseReceiptText([
      'TESCO',
      'Express',
      'MILK 2 PINTS 1.45 A',
      'BREAD WHITE 1.10 A',
      'NAPPIES 3.75 B',
      'NAPPIES 3.75 B',
      'MULTIBUY SAVING -1.25',
      'SUB-TOTAL 8.80',
      'TOTAL SAVINGS -1.25',
      'TOTAL TO PAY 8.80',
      'VISA DEBIT 8.80',
    ]);
    expect(parsed.items.map((i) => i.amountPence)).toEqual([145, 110, 375, 375, -125]);
    expect(parsed.subtotalPence).toBe(880);
    expect(parsed.totalPence).toBe(880);
    expect(parsed.establishmentName).toBe('TESCO');
    expect(parsed.checks.itemsMatchTotal).toBe(true);
  });

  it('a US diner: sales tax added, a tip, the total that agrees is chosen', () => {
    const parsed = parseReceiptText([
      'Welcome to Joe’s Diner',
      '123 Main St, Springfield, IL 62701',
      'Server: Amy  Table 4',
      'Cheeseburger $11.99',
      'Fries $3.50',
      'Iced Tea $2.75',
      'Subtotal $18.24',
      'Sales Tax 8.25% $1.50',
      'Total $19.74',
      'Tip $3.50',
      'Total $23.24',
      'Suggested gratuity: 18% = $3.28, 20% = $3.65',
    ]);
    expect(parsed.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['Cheeseburger', 1199],
      ['Fries', 350],
      ['Iced Tea', 275],
    ]);
    expect(parsed).toMatchObject({
      subtotalPence: 1824,
      taxPence: 150,
      tipPence: 350,
      totalPence: 2324,
      establishmentName: 'Joe’s Diner',
    });
  });

  it('a European bill with decimal commas and glued unit and line prices', () => {
    const parsed = parseReceiptText([
      'Trattoria da Mario S.R.L.',
      'Via Roma 12, Milano',
      '2 Coperto 2,503,00',
      '1 Spaghetti Carbonara 12,00',
      '1 Tiramisù 6,50',
      'TOTALE EUR 21,50',
    ]);
    expect(parsed.items).toEqual([
      { name: 'Coperto', amountPence: 300, quantity: 2 },
      { name: 'Spaghetti Carbonara', amountPence: 1200 },
      { name: 'Tiramisù', amountPence: 650 },
    ]);
    expect(parsed.totalPence).toBe(2150);
  });

  it('prefers the company line to a name printed above it', () => {
    const parsed = parseReceiptText([
      'tan woon yann',
      'YONGFATT ENTERPRISE',
      'NO 122 JALAN DEDAP 13',
      'BAG 80.91',
      'TOTAL 80.91',
    ]);
    expect(parsed.establishmentName).toBe('YONGFATT ENTERPRISE');
  });

  it('reads the total when OCR misspells it and the items when the price is under the name', () => {
    const parsed = parseReceiptText(['Fish Pie', '12.00', 'Salad', '4.50', 'TOTAI 16.50']);
    expect(parsed.items.map((i) => i.amountPence)).toEqual([1200, 450]);
    expect(parsed.totalPence).toBe(1650);
  });

  it('reads a receipt in whole currency units', () => {
    const parsed = parseReceiptText(['Delicacy', 'Veg Platter 339', 'Naan 40', 'Grand Total 379']);
    expect(parsed.items.map((i) => i.amountPence)).toEqual([33900, 4000]);
    expect(parsed.totalPence).toBe(37900);
    // Rupiah in thousands, the point misread as a colon in the total.
    const rupiah = parseReceiptText([
      'NOVOTEL PEKANBARU',
      '1 Fruit Salad 23,967',
      '1 Nasi Goreng 43.801',
      'SubTotal 67.768',
      'Total 67:768',
    ]);
    expect(rupiah.items.map((i) => i.amountPence)).toEqual([2396700, 4380100]);
    expect(rupiah.totalPence).toBe(6776800);
    // Nor is the year the house was founded.
    expect(
      parseReceiptText([
        'Bloody Mary',
        'EST1979',
        'Eau Royale 400',
        'Sashimi 1600',
        'Total Due 2000',
      ]).items,
    ).toHaveLength(2);
    // A count at a unit price under an item ('2* 2760') is not another item.
    const francs = parseReceiptText([
      '2 HINANO PACK 5520',
      '2* 2760',
      'PATE 231',
      'TOTAL XPF 5751',
    ]);
    expect(francs.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['HINANO PACK', 552000],
      ['PATE', 23100],
    ]);
  });

  it('keeps VAT out of the items and the check, and reads a VAT-inclusive total', () => {
    const parsed = parseReceiptText([
      'Pizza Express',
      'Margherita 11.95',
      'Peroni 5.25',
      'TOTAL INC VAT 17.20',
      'VAT 20% 2.87',
    ]);
    expect(parsed.items).toHaveLength(2);
    expect(parsed.taxPence).toBe(287);
    expect(parsed.totalPence).toBe(1720);
    expect(parsed.checks).toMatchObject({
      itemsMatchTotal: true,
      differencePence: 0,
      against: 'total',
    });
  });

  it('ignores the header and footer lines that are not items', () => {
    const parsed = parseReceiptText([
      'Bella Italia',
      'VAT Reg No. 123 4567 89',
      'www.bellaitalia.co.uk',
      '12/03/2025 13:45',
      'Covers: 2',
      'Card ************1234',
      'Lasagne 13.25',
      'Total 13.25',
      'Mastercard 13.25',
      'Auth code 123456',
      'Thank you, please come again',
    ]);
    expect(parsed.items).toEqual([{ name: 'Lasagne', amountPence: 1325 }]);
  });
});

describe('parseReceiptText: the total that was paid', () => {
  it('falls back to the largest amount when no total word survived OCR', () => {
    const parsed = parseReceiptText([
      'USA GASOLINE',
      'GALLONS: 6.281',
      'FUEL SALE $16.24',
      'CASH $20.00',
    ]);
    expect(parsed.totalPence).toBe(1624);
    expect(parseReceiptText(['Hello', 'World']).totalPence).toBeNull();
  });

  it('takes the total before cash rounding, which the items add up to', () => {
    const parsed = parseReceiptText([
      'YONGFATT ENTERPRISE',
      'BAG 80.91',
      'Total Sales (Excluding GST) 80.91',
      'Rounding -0.01',
      'Total Sales (Inclusive of GST): 80.90',
      'Total: 80.91',
      'CASH: 100.00',
      'CHANGE: 19.10',
    ]);
    expect(parsed.totalPence).toBe(8091);
    const total = (text: string) => parseReceiptText(text.split('\n')).totalPence;
    // The items do not add up (tax included apart), but the total is a rounding away from the cash.
    expect(
      total(
        'MCoke 2.95\nBeef&Egg 3.00\nFlurry 5.35\nEat-In Total (incl Tax) 11.98\nRounding Adjust 0.02\nRounding 12.00\nCash Tendered 20.00\nChange 8.00',
      ),
    ).toBe(1198);
    expect(
      total(
        'A4 Paper 7.42\nTotal Amt Incl GST 6%: 7.42\nRounding Adjustment: (0.02)\nTotal Amt Payable: 7.40\nPaid Amount: 10.00\nChange: 2.60',
      ),
    ).toBe(742);
    // Without a rounding line, a total a few pence from the payment is not preferred to it.
    expect(
      total('Coffee 2.50\nCake 3.48\nTotal 5.98\nSubtotal after voucher 6.00\nCard 6.00'),
    ).toBe(600);
  });

  it('takes cash with no change printed as the sum paid when it is to the penny or the figures add up to it', () => {
    const total = (lines: string[]) => parseReceiptText(lines).totalPence;
    // US sales tax added under a sum line without a total word: the cash to the penny says it.
    expect(
      total([
        'PASTA DINNERS $12.99',
        'REG COLD SANDWICH $7.99',
        'MDSE ST $20.98',
        'TAX1 $1.74',
        'CASH $22.72',
      ]),
    ).toBe(2272);
    expect(total(['Burger 10.00', 'Fries 2.00', 'Tax 1.00', 'Cash 13.00'])).toBe(1300);
    // Notes handed over, the change not printed: not the total.
    expect(total(['Burger 10.00', 'Fries 2.00', 'Total 12.00', 'Cash 20.00'])).toBe(1200);
  });

  it('never takes a payment smaller than the items for the total', () => {
    // A voucher or a share paid so is a part of the bill, not all of it: no total is better than
    // a wrong one (the user is asked for it).
    const parsed = parseReceiptText(['Burger 10.00', 'Fries 2.00', 'Gift card 5.00']);
    expect(parsed.totalPence).toBeNull();
    expect(parsed.items.map((i) => i.amountPence)).toEqual([1000, 200]);
  });

  it('never takes a cash rounding for an item or a discount', () => {
    for (const word of ['Round off', 'ROUND-OFF', 'Rounding Adj', 'RoundAmt:']) {
      const parsed = parseReceiptText([
        'Chicken Biryani 750.00',
        'Naan 40.12',
        `${word} -0.12`,
        'Total 790.00',
        'Cash 800.00',
        'Change 10.00',
      ]);
      expect(parsed.items.map((i) => i.name)).toEqual(['Chicken Biryani', 'Naan']);
      // Only the rounded total is printed: that is the total.
      expect(parsed.totalPence).toBe(79000);
    }
  });
});

describe('parseReceiptText: layouts', () => {
  const read = (lines: string[]) =>
    parseReceiptText(lines).items.map((i) => [i.name, i.amountPence]);

  it('names printed under a priced product-code line', () => {
    expect(
      items(
        [
          'SALE',
          '4274779 25301475 16.99',
          '50PK CDR SPINDLE',
          '4766809 7981004 9.99',
          'CANON PHOTO PAPER',
          'SUBTOTAL 26.98',
        ].join('\n'),
      ),
    ).toEqual([
      ['50PK CDR SPINDLE', 1699],
      ['CANON PHOTO PAPER', 999],
    ]);
  });

  it('a running total of the items above is not an item', () => {
    const parsed = parseReceiptText([
      'Mac & Cheese 15.25',
      'Soda 4.20',
      'Food 19.45',
      'Amt Due 19.45',
    ]);
    expect(parsed.items.map((i) => i.name)).toEqual(['Mac & Cheese', 'Soda']);
    expect(parsed.totalPence).toBe(1945);
  });

  it('a price printed again under its item is one price when the total says so', () => {
    expect(read(['Coke 3.00', '3.00', 'Tea 2.00', 'Total 5.00'])).toEqual([
      ['Coke', 300],
      ['Tea', 200],
    ]);
    // Two of the dish, the second's name lost: the total counts both.
    expect(read(['Coke 3.00', '3.00', 'Tea 2.00', 'Total 8.00'])).toEqual([
      ['Coke', 300],
      ['Unknown Item', 300],
      ['Tea', 200],
    ]);
    // The repeat stays on the photo, for the editor's 'Add from receipt'.
    const once = parseReceiptText(['Coke 3.00', '3.00', 'Tea 2.00', 'Total 5.00']);
    expect(once.unusedLines?.map((l) => l.amountPence)).toEqual([300]);
  });

  it('an item priced as the items above it add up to is an item when the total says so', () => {
    expect(read(['Coffee 2.50', 'Tea 2.50', 'Sandwich 5.00', 'Total 10.00'])).toEqual([
      ['Coffee', 250],
      ['Tea', 250],
      ['Sandwich', 500],
    ]);
    // Each priced as all above it: 1 + 1 = 2, then 1 + 1 + 2 = 4.
    expect(
      read(['Tea 1.00', 'Toast 1.00', 'Eggs 2.00', 'Full English 4.00', 'Total 8.00']),
    ).toEqual([
      ['Tea', 100],
      ['Toast', 100],
      ['Eggs', 200],
      ['Full English', 400],
    ]);
    // A running total the printed total leaves out stays out.
    expect(read(['Tea 1.00', 'Toast 1.00', 'Food 2.00', 'Beer 3.00', 'Total 5.00'])).toEqual([
      ['Tea', 100],
      ['Toast', 100],
      ['Beer', 300],
    ]);
  });
});

describe("parseReceiptText: how tills mark a line's count and codes", () => {
  it('a count at a unit price printed before the name is the item with its quantity', () => {
    const parsed = parseReceiptText([
      'CAFE ROMA',
      '2@3.50 COKE ZERO CAN 7.00A',
      '3 x £1.20 CRISPS 3.60',
      'SUBTOTAL 10.60',
      'TOTAL 10.60',
    ]);
    expect(parsed.items.map((i) => [i.name, i.amountPence, i.quantity])).toEqual([
      ['COKE ZERO CAN', 700, 2],
      ['CRISPS', 360, 3],
    ]);
    expect(parsed.checks.itemsMatchTotal).toBe(true);
    // Not when the count at that price is not the line's amount, nor when only a unit follows.
    expect(items('2@3.50 COKE ZERO CAN 9.00\nTOTAL 9.00')).toEqual([]);
    // The space before the name lost to OCR.
    expect(items('2@0.74GARLIC BULBS 1.48\nTOTAL 1.48')).toEqual([['GARLIC BULBS', 148, 2]]);
    // Under a priced name, the count at its unit price is that item's count.
    expect(items('COKE 1.38\n2 @ 0.69 EACH 1.38\nTOTAL 1.38')).toEqual([['COKE', 138, 2]]);
  });

  it('a count at a unit price whose line total OCR garbled: the sums take the count at the price', () => {
    const lines = [
      'OLIVE OIL 500ML 4.95A',
      '2@3.79 BRITISH CHICKEN BREAST.58Z',
      '4 @ 0.89 CHOPPED TOMATOES 4BOS6 Z',
      'PORRIDGE OATS 1KG 1.29A',
    ];
    const parsed = parseReceiptText([...lines, 'TOTAL 17.38']);
    expect(parsed.items.map((i) => [i.name, i.amountPence, i.quantity])).toEqual([
      ['OLIVE OIL 500ML', 495, undefined],
      ['BRITISH CHICKEN BREAST', 758, 2],
      ['CHOPPED TOMATOES', 356, 4],
      ['PORRIDGE OATS 1KG', 129, undefined],
    ]);
    expect(parsed.checks.itemsMatchTotal).toBe(true);
    // Not when the sums do not ask for them: the lines stay out, nothing is made up.
    expect(items([...lines, 'TOTAL 6.24'].join('\n'))).toEqual([
      ['OLIVE OIL 500ML', 495],
      ['PORRIDGE OATS 1KG', 129],
    ]);
  });

  it("a till that marks every VAT code with a minus ('4.99-A') prints no negative prices so", () => {
    const parsed = parseReceiptText([
      'BIG BURGER 4.99-A',
      'CHIPS 2.00-A',
      'MEAL DISCOUNT 1.00-A',
      'TOTAL 5.99',
    ]);
    expect(parsed.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['BIG BURGER', 499],
      ['CHIPS', 200],
      ['MEAL DISCOUNT', -100],
    ]);
    expect(parsed.checks.itemsMatchTotal).toBe(true);
    // OCR loses some of the minuses, reads a code letter as a digit ('-8' for '-B') or in lower
    // case ('-z').
    expect(
      items(
        [
          'BURGER 4.99-A',
          'CHIPS 2.00-8',
          'SALAD 3.00 A',
          'COLA 1.50-A',
          'OAT MILK 1.10-z',
          'TOTAL 12.59',
        ].join('\n'),
      ),
    ).toEqual([
      ['BURGER', 499],
      ['CHIPS', 200],
      ['SALAD', 300],
      ['COLA', 150],
      ['OAT MILK', 110],
    ]);
    // Where other prices carry their code without one, a minus before the code is a sign.
    expect(
      items(['CEREAL 4.00 F', 'MILK 1.20 F', 'MC SCANNED COUPON 1.00-F', 'TOTAL 4.20'].join('\n')),
    ).toEqual([
      ['CEREAL', 400],
      ['MILK', 120],
      ['MC SCANNED COUPON', -100],
    ]);
  });

  it("a '+' between a price and its code leaves the price read, and a point read for the space", () => {
    expect(items('1 BIG BURGER 4.99+A\nCHIPS 2.00\nTOTAL 6.99')).toEqual([
      ['BIG BURGER', 499],
      ['CHIPS', 200],
    ]);
    expect(items('SWEETCORN 3PK  1.59 B\nSOURDOUGH LOAF  2.29.Z\nTOTAL 3.88')).toEqual([
      ['SWEETCORN 3PK', 159],
      ['SOURDOUGH LOAF', 229],
    ]);
  });
});

describe('parseReceiptText: rules from the parser-3 error review (synthetic receipts)', () => {
  it('reads a product whose name holds TOTAL as an item when it is less than the items above', () => {
    const parsed = parseReceiptText([
      'CORNER CHEMIST',
      'HAND CREAM 4.00',
      'LIP BALM 2.50',
      'TOTAL CARE WIPES 1.75',
      'SUBTOTAL 8.25',
      'TOTAL 8.25',
    ]);
    expect(parsed.items.map((i) => i.name)).toEqual(['HAND CREAM', 'LIP BALM', 'TOTAL CARE WIPES']);
    expect(parsed.totalPence).toBe(825);
  });

  it('reads products named like payments as items when the subtotal needs them', () => {
    const names = (lines: string[]) => parseReceiptText(lines).items.map((i) => i.name);
    expect(
      names(['Gift Card 100.00 N', 'Subtotal $100.00', 'Total $100.00', 'Debit $100.00']),
    ).toEqual(['Gift Card']);
    expect(
      names([
        'GREETING CARDS',
        'WRAPPING PAPER 3.50',
        'CARD THANKS CROWN 720473536751 5.99T',
        'CARD MDAY MOTHER 720473842807 6.99T',
        'SUBTOTAL $16.48',
        'TOTAL $16.48',
        'VISA $16.48',
      ]),
    ).toEqual(['WRAPPING PAPER', 'CARD THANKS CROWN', 'CARD MDAY MOTHER']);
    // A payment printed before the subtotal that the items do not need stays a payment.
    expect(names(['Tea 2.00', 'Cake 3.00', 'Card 5.00', 'Subtotal 5.00', 'Total 5.00'])).toEqual([
      'Tea',
      'Cake',
    ]);
  });

  it('keeps a misread SUBTOTAL (no product word) out of the items', () => {
    const parsed = parseReceiptText([
      'Noodle Bar',
      'Ramen 9.00',
      'Gyoza 5.00',
      '5TOTAL 12.00',
      'TOTAL 12.00',
    ]);
    expect(parsed.items.map((i) => i.name)).toEqual(['Ramen', 'Gyoza']);
  });

  it('reads a quantity at a unit price in brackets, and does not take the @ for an e-mail', () => {
    expect(items('The Vine\nHouse Red (3 @10.00) 30.00\nTonic 2.00\nTOTAL 32.00')).toEqual([
      ['House Red', 3000, 3],
      ['Tonic', 200],
    ]);
  });

  it('skips weight and count lines at a unit price under an item', () => {
    expect(items('Grocer\nBANANAS 1.32\n1.200kg @ 1.10/kg 1.32\nMILK 1.05\nTOTAL 2.37')).toEqual([
      ['BANANAS', 132],
      ['MILK', 105],
    ]);
    // A deal's unit price under the item; the deal's own discount stays.
    expect(
      items('3 ORANGES 0.59\n0.20 EA 5 FOR 0.99\n4 MINTS 37.20\n2FOR$5.95 -25.30\nSUBTOTAL 12.49'),
    ).toEqual([
      ['ORANGES', 59, 3],
      ['MINTS', 3720, 4],
      ['2FOR', -2530],
    ]);
    // The unit price printed alone under a counted item.
    expect(items('2 CAFE GRAIN 20CL 5.58\n2.79\nMUFFIN 3.10\nTOTAL 8.68')).toEqual([
      ['CAFE GRAIN 20CL', 558, 2],
      ['MUFFIN', 310],
    ]);
    // The line total printed alone under the count line of a name: the item's, not another.
    expect(items('Coke\n2 @ 1.50\n3.00\nTea\n1 x 2.00\n2.00\nTotal 5.00')).toEqual([
      ['Coke', 300, 2],
      ['Tea', 200, 1],
    ]);
  });

  it('reads amounts printed without the leading zero', () => {
    const parsed = parseReceiptText(['Deli', 'Pickle .75', 'Bagel 2.25', 'TAX .24', 'TOTAL 3.24']);
    expect(items('Deli\nPickle .75\nBagel 2.25\nTAX .24\nTOTAL 3.24')).toEqual([
      ['Pickle', 75],
      ['Bagel', 225],
    ]);
    expect(parsed.taxPence).toBe(24);
    expect(parsed.totalPence).toBe(324);
  });

  it('separates a VAT code digit glued to the line total after a unit price column', () => {
    expect(items('Taverna\n1 Greek Salad 6.50 6.502\n2 Lemonade 2.00 4.00 2\nTOTAL 10.50')).toEqual(
      [
        ['Greek Salad', 650],
        ['Lemonade', 400, 2],
      ],
    );
  });

  it('takes a discount after an item total off the total', () => {
    const parsed = parseReceiptText([
      'Tapas Place',
      'Patatas Bravas 6.00',
      'Paella 24.00',
      'Item Total 30.00',
      'Discount 5.00',
      'Total 25.00',
    ]);
    expect(parsed.totalPence).toBe(2500);
    expect(parsed.items.at(-1)).toEqual({ name: 'Discount', amountPence: -500 });
  });

  it('reads a TOTAL whose first letter OCR misread, and German change and totals', () => {
    expect(parseReceiptText(['Cafe', 'Tea 2.00', 'Cake 3.00', 'IOTAL 5.00']).totalPence).toBe(500);
    const german = parseReceiptText([
      'Imbiss',
      'Currywurst 4.50',
      'Pommes 2.50',
      'Rechnungsbetrag EUR 7.00',
      'Bar gegeben 10.00',
      'Rückgeld 3.00',
    ]);
    expect(german.totalPence).toBe(700);
    expect(german.items.map((i) => i.name)).toEqual(['Currywurst', 'Pommes']);
  });

  it('does not read a delivery charge as change', () => {
    expect(items('Pizza Co\nMargherita 9.00\nDelivery Charge 2.50\nAmount Due 11.50')).toEqual([
      ['Margherita', 900],
      ['Delivery Charge', 250],
    ]);
  });
});

describe('parseReceiptText: unit prices to four decimals', () => {
  it('leaves a four-decimal unit price out of the name', () => {
    expect(items('Music Shop\nVINYL ALBUM 24.9900 24.99\nTOTAL 24.99')).toEqual([
      ['VINYL ALBUM', 2499],
    ]);
  });
});

describe('parseReceiptText: the total when its line is garbled or missing', () => {
  const total = (text: string) => parseReceiptText(text.split('\n')).totalPence;

  it('takes the card payment when it agrees with the subtotal and tax, over a misread total', () => {
    expect(
      total(`Shirt 80.25
        Socks 7.69
        Subtotal $87.94
        SalesTax 8.750% $7.69
        Total $95.83
        Cash $106.63
        Cash Change $11.00`),
    ).toBe(9563);
  });

  it('reads a payment printed as a negative line', () => {
    expect(total('Black Tea 13.00\nFruit Salad 24.00\nTotal 59.J0\nCard OAR -59.00')).toBe(
      3700 + 2200,
    );
  });

  it('reads a coupon naming a card as a discount, not as the payment', () => {
    const parsed = parseReceiptText(
      'FRUIT ROLL UPS 6.00\nMC SCANNED COUPON 1.00-\nBAL 5.00\nCASH 10.00\nCHANGE 5.00'.split('\n'),
    );
    expect(parsed.items.at(-1)).toEqual({ name: 'MC SCANNED COUPON', amountPence: -100 });
    expect(parsed.totalPence).toBe(500);
  });

  it("reads 'MC' as MasterCard only where a line starts, not in a product's name", () => {
    const parsed = parseReceiptText(
      'Signature MC x3 $24.00\nCafe Latte $5.50\nSignature MC $8.00\nTotal $37.50\nMC 37.50'.split(
        '\n',
      ),
    );
    expect(parsed.items).toEqual([
      { name: 'Signature MC', amountPence: 2400, quantity: 3 },
      { name: 'Cafe Latte', amountPence: 550 },
      { name: 'Signature MC', amountPence: 800 },
    ]);
    expect(parsed.checks.itemsMatchTotal).toBe(true);
  });

  it('reads a product whose name holds a note word as an item when the total needs it', () => {
    const receipt = 'CRISPS 1.20\nPLASTIC PLATES X3 REF:99 3.85\nCOLA 2.10\nTOTAL 7.15';
    expect(items(receipt)).toEqual([
      ['CRISPS', 120],
      ['PLASTIC PLATES X3 REF:99', 385],
      ['COLA', 210],
    ]);
    expect(parseReceiptText(receipt.split('\n')).checks.itemsMatchTotal).toBe(true);
    // Not when the total does not need it: a reference printed among the items stays a note.
    expect(items('CRISPS 1.20\nREF 99 3.85\nCOLA 2.10\nTOTAL 3.30')).toEqual([
      ['CRISPS', 120],
      ['COLA', 210],
    ]);
  });

  it('reads a weight at a price a kilo under an unpriced name as that name’s price', () => {
    expect(
      items('MILK 1.10\nLOOSE BANANAS\n0.765 kg @ £0.95/kg  0.73\nBREAD 1.00\nTOTAL 2.83'),
    ).toEqual([
      ['MILK', 110],
      ['LOOSE BANANAS', 73],
      ['BREAD', 100],
    ]);
    expect(items('LOOSE CARROTS\n0.795 kg x £0.60/kg  0.48\nTOTAL 0.48')).toEqual([
      ['LOOSE CARROTS', 48],
    ]);
    expect(items('ORANGES AUST\n1.385kg@ $2.98/kg 4.13\nSUGAR 4.39\nSUBTOTAL 8.52')).toEqual([
      ['ORANGES AUST', 413],
      ['SUGAR', 439],
    ]);
    // Under a priced item it only says how that price was made.
    expect(items('LOOSE BANANAS 0.73\n0.765 kg @ £0.95/kg\nBREAD 1.00\nTOTAL 1.73')).toEqual([
      ['LOOSE BANANAS', 73],
      ['BREAD', 100],
    ]);
  });

  it('reads a price whose point OCR lost when the total needs it, and only then', () => {
    const receipt =
      'RED PEPPERS 3PK  1.19 A\nCROISSANTS 4PK  164\nCHICKEN BREAST  5.59 B\nTOTAL 8.42';
    expect(items(receipt)).toEqual([
      ['RED PEPPERS 3PK', 119],
      ['CROISSANTS 4PK', 164],
      ['CHICKEN BREAST', 559],
    ]);
    expect(items(receipt.replace('164', '164 B'))).toContainEqual(['CROISSANTS 4PK', 164]);
    // A figure the total does not need is part of the name ('STILL WATER 500' millilitres).
    expect(items('RED PEPPERS 3PK  1.19 A\nSTILL WATER 500\nTOTAL 1.19')).toEqual([
      ['RED PEPPERS 3PK', 119],
    ]);
  });

  it('reads a meal deal or a product on offer as an item, and a saving as a discount', () => {
    expect(
      items(
        'MEAL DEAL 3.50\nSPECIAL OFFER PIZZA 4.00\nMULTIBUY OFFER SAVING 1.00\nDEAL -0.50\nTOTAL 6.00',
      ),
    ).toEqual([
      ['MEAL DEAL', 350],
      ['SPECIAL OFFER PIZZA', 400],
      ['MULTIBUY OFFER SAVING', -100],
      ['DEAL', -50],
    ]);
  });

  it("reads 'BATCH' and 'AID' in a product's name as an item, and as a card slip's code not", () => {
    const receipt =
      'WHITE BATCH LOAF 1.20\nFIRST AID KIT 3.00\nTOTAL 4.20\nVISA 4.20\nAID: A0000000031010\nBATCH 000123';
    expect(items(receipt)).toEqual([
      ['WHITE BATCH LOAF', 120],
      ['FIRST AID KIT', 300],
    ]);
    expect(keywordKind('AID: A0000000031010')).toBe('info');
    expect(keywordKind('BATCH 000123')).toBe('info');
  });

  it("reads a total's word with its currency glued on ('GRAND TOTALEUR 1.58')", () => {
    expect(keywordKind('GRAND TOTALEUR')).toBe('total');
    expect(keywordKind('TOTALGBP')).toBe('total');
    // The discount above it is still the bill's, not left out as if the items ran on.
    expect(
      items('FRESH ORANGE JUICE 3.95\nSubTotal 3.95\nDiscount 60.00% -2.37\nGRAND TOTALEUR 1.58'),
    ).toEqual([
      ['FRESH ORANGE JUICE', 395],
      ['Discount 60.00%', -237],
    ]);
  });

  it('names no price by the words of a payment printed above it', () => {
    // A rule that took such words for a greeting card's name fitted one photo's wording; a
    // payment's words say how the bill was paid, never what was bought.
    expect(items('Milk 1.20\nPAID BY DEBIT CARD\n5012345678901 3.40\nTOTAL 4.60')).toEqual([
      ['Milk', 120],
      [UNKNOWN_ITEM_NAME, 340],
    ]);
  });

  it('leaves out how the order is served, and keeps a packaging charge', () => {
    expect(
      items(
        'CATFISH SANDWICH 8.70\n*TAKEOUT $0.00\nHUSH PUPPIES 3.00\n*Eat In** 0.00\nTake Away Box 0.50\nTotal 12.20',
      ),
    ).toEqual([
      ['CATFISH SANDWICH', 870],
      ['HUSH PUPPIES', 300],
      ['Take Away Box', 50],
    ]);
  });

  it('names a bare price by the line above, a product code before its name', () => {
    expect(
      items('4000000104 CHECKLANE CANDY\n102 1.00\n3800054364 FRUIT SNACKS\n105 2.00\nTOTAL 3.00'),
    ).toEqual([
      ['CHECKLANE CANDY', 100],
      ['FRUIT SNACKS', 200],
    ]);
  });

  it('gives a code line under a name its price, though it is the sum of the items above', () => {
    // 3.60 is 1.50 + 2.10: a line of its own words would be a running total; this one is the name's.
    const list = [
      'CRISPS MULTIPACK',
      '849407915538  1.50 Z',
      'SOURDOUGH LOAF',
      '392384705230  2.10 A',
      'SHAMPOO 400ML',
      '480521745005  3.60 A',
      'BALANCE DUE  7.20',
    ];
    expect(items(list.join('\n'))).toEqual([
      ['CRISPS MULTIPACK', 150],
      ['SOURDOUGH LOAF', 210],
      ['SHAMPOO 400ML', 360],
    ]);
    // A sum line with its own word is still a running total, not an item.
    expect(items('Burger 10.00\nFries 5.00\nFood 15.00\nCola 2.00\nTotal 17.00')).toEqual([
      ['Burger', 1000],
      ['Fries', 500],
      ['Cola', 200],
    ]);
  });

  it('reads T0TAL with a zero, short till words ST and TL, and SERVICES CHR', () => {
    expect(
      total('Calamari 16.00\nArtichokes 8.00\nFOOD TOTAL 24.00\nTAX 1.20\nT0TALDUE$25.20'),
    ).toBe(2520);
    const parsed = parseReceiptText(
      'Chicken Tikka 80.00\nYellow Dal 60.00\nST 140.00\nServicesCHR 14.00\nTL ·154.00'.split('\n'),
    );
    expect(parsed).toMatchObject({
      subtotalPence: 14000,
      serviceChargePence: 1400,
      totalPence: 15400,
    });
  });

  it('is not misled by a gift card balance', () => {
    expect(
      total(
        'Burger $8.69\nSoda $2.39\nSub Total $11.08\nOrder Total $11.95\nBalance Remaining: $18.05',
      ),
    ).toBe(1195);
  });

  it('reads a total followed by a stray word from the paper', () => {
    expect(total('Tapas 24.25\nPaella 25.00\nTOTAL 49.25 SICA')).toBe(4925);
  });

  it('adds the tax printed between the subtotal and a total whose amount is unreadable', () => {
    expect(total('Soft Drink $2.00\nHibachi $8.95\nSubtotal $10.95\nTax $0.77\nTotal: S11.7')).toBe(
      1172,
    );
  });

  it('takes a net amount printed after the total, with taxes between, as the total', () => {
    expect(
      total(
        'Masala 100.00\nPapadi 85.00\nTotal 185.00\nSer.Tax 5.6% 10.36\nVAT(2%) 3.70\nNet Amount 199.06',
      ),
    ).toBe(19906);
  });

  it('takes what was handed over less the change, whatever the payment line is called', () => {
    expect(
      total(
        'BAJA STEAK 6.95\nENCHILADO 1.49\nCASH 20.00\nFOOD 8.44\nTAX 0.61\nPAYMENT 9.05\nChange Due 10.95',
      ),
    ).toBe(905);
  });

  it('prefers a total payable to a larger total of part of the bill', () => {
    expect(
      total(
        'WHITE 6.39\nWHOLEMEAL 8.34\nTotal 0% supplies: 14.73\nCHOC -2.16\nTotal 6% supplies: -2.16\nTotal Payable: 12.57',
      ),
    ).toBe(1257);
  });

  it('reads a rate under a short tax code as the tax, and keeps a product named with a percent', () => {
    const parsed = parseReceiptText(['Double Double 3.60', 'TA8.25% 0.30', 'Amount Due $3.90']);
    expect(parsed.items).toEqual([{ name: 'Double Double', amountPence: 360 }]);
    expect(parsed.taxPence).toBe(30);
    expect(parsed.checks.itemsMatchTotal).toBe(true);
    expect(parseReceiptText(['UHT 2% 1.20', 'TOTAL 1.20']).items).toEqual([
      { name: 'UHT 2%', amountPence: 120 },
    ]);
  });

  it("reads a card slip's 'Purchase' printed above the items as no item", () => {
    expect(
      items(
        'SUPER FOODS\nPurchase 1.48\nVISA #XXXX3009\nSWEETBREAD 0.80\nORANGE 0.68\nBALANCE DUE 1.48',
      ),
    ).toEqual([
      ['SWEETBREAD', 80],
      ['ORANGE', 68],
    ]);
    // A product named with the word is still a product.
    expect(items('PURCHASE PROTECTION PLAN 9.99\nTOTAL 9.99')).toEqual([
      ['PURCHASE PROTECTION PLAN', 999],
    ]);
  });

  it('reads a lone fuel sale, not the pump or the store number as whole pounds', () => {
    const parsed = parseReceiptText(
      'USA GASOLINE #68228\nPUMP#18\nGALLONS: 6.281\nPRICE/G: 2.619\nFUELSALE $16.24'.split('\n'),
    );
    expect(parsed.totalPence).toBe(1624);
    expect(parsed.items).toEqual([{ name: 'FUELSALE', amountPence: 1624 }]);
  });

  it('ends the items at a garbled total line that adds them up, before a Spanish VAT table', () => {
    const parsed = parseReceiptText([
      'CARREFOUR',
      'PECHUGA PAVO 1,00',
      'ACEITE 2T 5,40',
      'PAN S/CORTEZA 1,97',
      '3ART.TDT,COHPRA: 8,37',
      'TIPO BASE CUOTA',
      '10.00% 7,61 0,76',
      'Imp Base Imp. Total 0,43',
      'PAGAD0 Vale Dto 1.00',
      'PAGADO 7.37',
    ]);
    expect(parsed.items.map((i) => i.amountPence)).toEqual([100, 540, 197]);
    expect(parsed.totalPence).toBe(837);
  });

  it('ends the items at a VAT table printed above the total, so its rows are not items', () => {
    const spanish = parseReceiptText([
      'LA TAURINA',
      'Und Articulo Precio Total',
      '1,00 COPA RIOJA CUNE 3,10 3,10',
      '1,00 CANA 1,60 1,60',
      '%Imp Base Imp. TotalImp',
      '10,00 4,27 0,43',
      'TOTAL EUROS 4,70',
    ]);
    expect(spanish.items.map((i) => i.amountPence)).toEqual([310, 160]);
    expect(spanish.checks.itemsMatchTotal).toBe(true);
    // The heading misread ('CUOTA' as 'KIOA') still has its base and its tax.
    const misread = parseReceiptText([
      '1,000 CACERES 14,00 14.00',
      '1,000 AGUA LITRO 3,00 3.00',
      '0 BASE KIOA IMP.IUA',
      '15.45 10.00 1.55',
      'TOTAL IMPORTE 17.00',
    ]);
    expect(misread.items.map((i) => i.amountPence)).toEqual([1400, 300]);
    const uk = parseReceiptText([
      'Fish and Chips 14.50',
      'Steak Pie 13.95',
      'VAT Rate Net VAT Gross',
      'A 20% 23.71 4.74 28.45',
      'TOTAL 28.45',
    ]);
    expect(uk.items.map((i) => i.name)).toEqual(['Fish and Chips', 'Steak Pie']);
    expect(uk.totalPence).toBe(2845);
  });

  it('keeps to the paid amount when tax was added after a line adding up the items', () => {
    expect(
      total(
        'BAJA STEAK 6.95\nENCHILADO 1.49\nSIDE 0.50\nCASH 20.00\nFOOD 8.94\nTAX 0.61\nPAYMENT 9.55\nChange Due 10.45',
      ),
    ).toBe(955);
  });

  it('leaves out the breakdown by kind printed under the items', () => {
    const parsed = parseReceiptText(
      'FISH\n1 Crab Special 21.95\n1 PBR 2.50\n1 Stella 4.00\nfood 21.95\nliquor 6.50\nTax 2.53\nTotal Due 30.98'.split(
        '\n',
      ),
    );
    expect(parsed.items.map((i) => i.name)).toEqual(['Crab Special', 'PBR', 'Stella']);
    expect(parsed.totalPence).toBe(3098);
    expect(parsed.checks.itemsMatchTotal).toBe(true);
    // Items that happen to add up to the items above them are still items.
    expect(
      items('Tea 1.00\nCake 2.00\nScone 1.00\nJam 2.00\nButter 2.00\nTotal 8.00'),
    ).toHaveLength(5);
  });

  it('reads gross sales as the subtotal, with a discount after it off the total', () => {
    const parsed = parseReceiptText([
      '1 Pullover 48.95',
      'Gross Sales 48.95',
      'Discount -12.24',
      'Total 36.71',
    ]);
    expect(parsed.subtotalPence).toBe(4895);
    expect(parsed.totalPence).toBe(3671);
    expect(parsed.items.map((i) => i.amountPence)).toEqual([4895, -1224]);
  });
});

describe('parseReceiptText: item names as tills print them', () => {
  it("leaves out a lone 'S' touching the price: a misread '$'", () => {
    const parsed = parseReceiptText(['1:SALAD  S5.10', 'Coffee S 2.50', 'TOTAL  S7.60']);
    expect(parsed.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['1:SALAD', 510],
      ['Coffee S', 250],
    ]);
    expect(parsed.totalPence).toBe(760);
  });

  it('reads a "Qty 4 @ price" line under its name as that item', () => {
    expect(items('SENSODYNE REPAIR\nQty 4@ $9.30ea 37.20\nTOTAL 37.20')).toEqual([
      ['SENSODYNE REPAIR', 3720, 4],
    ]);
    // The '@' lost to OCR: 'ea' still says the price is each.
    expect(items('SENSODYNE REPAIR\nQty 4 $9.30ea 37.20\nTOTAL 37.20')).toEqual([
      ['SENSODYNE REPAIR', 3720, 4],
    ]);
  });

  it('reads a count printed between the name and the unit price', () => {
    expect(
      items(
        'Coffee 2 $1.95 $3.90\nEASTER BUFFET 20$19.95 $39.90\nDiet Coke 28 1.50 3.00\nPizza 10 8.00 8.00\nTOTAL 54.80',
      ),
    ).toEqual([
      ['Coffee', 390, 2],
      // its '@' misread as a '0' or an '8'
      ['EASTER BUFFET', 3990, 2],
      ['Diet Coke', 300, 2],
      ['Pizza 10', 800],
    ]);
  });

  it('drops a lower-case quantity glued to the name, a glued product code and a currency code', () => {
    expect(
      items(
        '1dallah morocan tea AED25.00\n2kunafa AED80.00\n400084751261RINSE BK FLAP 10.99\nTOTAL 115.99',
      ),
    ).toEqual([
      ['dallah morocan tea', 2500],
      ['kunafa', 8000, 2],
      ['RINSE BK FLAP', 1099],
    ]);
  });

  it('does not take a "WAS" price note for an item', () => {
    expect(items('ALB PASTA 1.49\nWAS 1.99\nTOTAL 1.49')).toEqual([['ALB PASTA', 149]]);
  });

  it('reads a one or a zero between letters as the letter OCR mistook it for', () => {
    expect(items('BTS COTTON FL00R 2 8.99\n1F00D 6.00\nVan1lla Shake 4.29\nTOTAL 19.28')).toEqual([
      ['BTS COTTON FLOOR 2', 899],
      ['FOOD', 600],
      // and its 'l' read for an 'i', repaired against the food words (food-words.ts)
      ['Vanilla Shake', 429],
    ]);
  });

  it('reads zeros ending a word as letters, and letters in a size before its unit as digits', () => {
    expect(
      items(
        'SHAMP00 400ML 3.14\nPENNE PASTA SOOG 1.15\nOLIVE OIL 500ML 4.00\nA100 CABLE 2.00\nTOTAL 10.29',
      ),
    ).toEqual([
      ['SHAMPOO 400ML', 314],
      ['PENNE PASTA 500G', 115],
      ['OLIVE OIL 500ML', 400],
      ['A100 CABLE', 200],
    ]);
  });

  it('reads a zero starting a word of letters as an O, not a zero before a unit', () => {
    expect(items('OLIVE 0IL 500ML 4.00\n0nion Rings 2.50\nSALT 0KG 1.00\nTOTAL 7.50')).toEqual([
      ['OLIVE OIL 500ML', 400],
      ['Onion Rings', 250],
      ['SALT 0KG', 100],
    ]);
  });

  it("reads an 'I' before a unit as the one of a size, not in a word", () => {
    expect(
      items(
        'CARROTSIKG 0.99\nOAT MILK IL 1.50\nSCRIPT PEN 2.00\nIL FORNO PIZZA 9.00\nOLIVE OIL 4.00\nTOTAL 17.49',
      ),
    ).toEqual([
      ['CARROTS 1KG', 99],
      ['OAT MILK 1L', 150],
      ['SCRIPT PEN', 200],
      ['IL FORNO PIZZA', 900],
      ['OLIVE OIL', 400],
    ]);
  });

  it('leaves a unit price with its VAT code or a misread pound sign out of the name', () => {
    expect(items('1 DOUBLE CREAM 0.84 F0.84D\nBREAD 0.50 E 0.50\nBALANCE DUE 1.34')).toEqual([
      ['DOUBLE CREAM', 84],
      ['BREAD', 50],
    ]);
  });

  it('reads a price whose decimal point OCR lost after a currency sign, among prices in pence', () => {
    const parsed = parseReceiptText(
      'Soft Drink $2.00\nChicken & Shrimp $19.95\nHibachi $8.95\nSushi $1295\nSubtotal $4370\nTax1 $361\nTotal: S47.3'.split(
        '\n',
      ),
    );
    expect(parsed.items.map((i) => i.amountPence)).toEqual([200, 1995, 895, 1295]);
    expect(parsed.subtotalPence).toBe(4370);
    expect(parsed.totalPence).toBe(4731);
    // Where no amount has pence, '$4370' stays a whole number of units.
    expect(parseReceiptText(['Haircut $250', 'Facial $1900', 'Total $2150']).totalPence).toBe(
      215000,
    );
  });

  it("reads the French 'Somme' as the total, also misread", () => {
    expect(
      parseReceiptText(['Pasta Chicken Alfredo 15,20EUR', 'SomRe 15,20EUR', 'Incl.10%TVA 1,38EUR'])
        .totalPence,
    ).toBe(1520);
  });
});

describe('parseReceipt: other readings of unsure figures', () => {
  const amounts = (r: ReturnType<typeof parseReceipt>) => r.items.map((i) => i.amountPence);

  it('keeps the reading with which the items add up to the total', () => {
    const read = parseReceipt(
      boxes(['Cinnamon Sugar $5.00', 'Coco Vanilla $7.50', 'Total $14.50'], {
        0: ['Cinnamon Sugar $6.00'],
      }),
    );
    expect(amounts(read)).toEqual([500, 750]);
    expect(read.checks.itemsMatchTotal).toBe(false);
    const fixed = parseReceipt(
      boxes(['Cinnamon Sugar $5.00', 'Coco Vanilla $7.50', 'Total $13.50'], {
        0: ['Cinnamon Sugar $6.00'],
      }),
    );
    expect(amounts(fixed)).toEqual([600, 750]);
    expect(fixed.checks.itemsMatchTotal).toBe(true);
  });

  it('can correct the total as well as an item', () => {
    const read = parseReceipt(
      boxes(['Tea 2.50', 'Cake 3.00', 'Total 8.50'], { 2: ['Total 5.50'] }),
    );
    expect(read.totalPence).toBe(550);
  });

  it('takes no reading for adding up when its total is only a lone item’s own price', () => {
    // Read as '950', the total's amount is lost; the largest amount left is the tea's own price,
    // which the tea adds up to whatever was read: no reason to prefer that reading.
    const read = parseReceipt(boxes(['Tea 2.50', 'BALANCE DUE', '9.50'], { 2: ['950'] }));
    expect(read.totalPence).toBe(950);
    expect(read.totalStrategy).not.toBe('largest amount');
    expect(amounts(read)).toEqual([250]);
  });

  it('leaves a reading that adds up alone, whatever the alternatives', () => {
    const read = parseReceipt(boxes(['Tea 2.50', 'Cake 3.00', 'Total 5.50'], { 0: ['Tea 3.50'] }));
    expect(amounts(read)).toEqual([250, 300]);
  });
});

describe('parseReceiptText: general rules that hold on any receipt', () => {
  it('reads a comma before exactly three digits as a thousands separator, in any currency', () => {
    const parsed = parseReceiptText([
      'WARUNG MAKAN',
      'Nasi Goreng 24,000',
      'Es Teh 8,000',
      'Sate Ayam 192,400',
      'Total 224,400',
    ]);
    expect(parsed.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['Nasi Goreng', 2_400_000],
      ['Es Teh', 800_000],
      ['Sate Ayam', 19_240_000],
    ]);
    expect(parsed.totalPence).toBe(22_440_000);
    // The decimal comma of two digits is still pence.
    expect(items('Coke 4,50\nTotal 4,50')).toEqual([['Coke', 450]]);
  });

  it('never reads a product code or a barcode as a price', () => {
    const parsed = parseReceiptText([
      'FLR,UNBLCHD',
      '501017375900',
      '1.45',
      'BREAD WHITE 1.10',
      '5000128663237.59',
      'MILK 2 PINTS 1.25',
      'TOTAL 3.80',
    ]);
    expect(parsed.items.map((i) => i.amountPence)).not.toContain(50001286632_3759);
    expect(parsed.items.every((i) => i.amountPence <= 380)).toBe(true);
    expect(parsed.totalPence).toBe(380);
  });

  it('never returns an item dearer than the whole receipt', () => {
    const parsed = parseReceiptText([
      'FLR,UNBLCHD £1,737.59',
      'EGGS 6 PK 2.20',
      'BUTTER 250G 2.31',
      'TOTAL £12.51',
    ]);
    expect(parsed.items.map((i) => i.name)).toEqual(['EGGS 6 PK', 'BUTTER 250G']);
    // A discount printed on the receipt raises the ceiling by as much: the item before it stands.
    expect(items('Pullover 48.95\nDiscount -12.24\nTotal 36.71')).toEqual([
      ['Pullover', 4895],
      ['Discount', -1224],
    ]);
  });

  it("checks VAT-inclusive items against the gross total, never a VAT table's net", () => {
    const parsed = parseReceiptText([
      'THE CORNER CAFE',
      'Flat White 3.40',
      'Croissant 2.60',
      'Net Total 5.00',
      'VAT 20% 1.00',
      'TOTAL 6.00',
      'VAT RATE NET VAT GROSS',
      'A 20% 5.00 1.00 6.00',
      'CARD 6.00',
    ]);
    expect(parsed.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['Flat White', 340],
      ['Croissant', 260],
    ]);
    expect(parsed.checks).toEqual({
      itemsMatchTotal: true,
      differencePence: 0,
      against: 'total',
      figurePence: 600,
      figureLabel: 'TOTAL',
    });
    // An item priced like the VAT is not taken for the net subtotal's excess.
    const pricedLikeVat = parseReceiptText([
      'Americano 3.40',
      'Banana Bread 2.30',
      'Latte 4.60',
      'Flat White 3.50',
      'Net Total 11.50',
      'VAT 20% 2.30',
      'TOTAL 13.80',
    ]);
    expect(pricedLikeVat.items.map((i) => i.name)).toContain('Banana Bread');
    expect(pricedLikeVat.checks.itemsMatchTotal).toBe(true);
    // A subtotal the items miss, which with the tax makes the total, is net too.
    const unworded = parseReceiptText([
      'Tea 2.40',
      'Scone 3.00',
      'Subtotal 4.50',
      'VAT 0.90',
      'Total 5.40',
    ]);
    expect(unworded.checks).toMatchObject({ itemsMatchTotal: true, against: 'total' });
    // A US subtotal that the items make stays the target, with tax on top.
    const us = parseReceiptText([
      'Burger 9.00',
      'Fries 3.00',
      'Subtotal 12.00',
      'Tax 0.96',
      'Total 12.96',
    ]);
    expect(us.checks).toMatchObject({
      itemsMatchTotal: true,
      against: 'subtotal',
      figurePence: 1200,
    });
  });
});

describe('the total: each strategy, in order, decides when the ones before it cannot', () => {
  const cases: [string, string[], number][] = [
    [
      'sum line without a total word',
      ['PECHUGA PAVO 1,00', 'ACEITE 2T 5,40', 'PAN S/CORTEZA 1,97', '3ART.TDT,COHPRA: 8,37'],
      837,
    ],
    [
      'total before cash rounding',
      [
        'Nasi Lemak 5.00',
        'Teh Tarik 6.98',
        'Total 11.98',
        'Rounding Adj 0.02',
        'Cash 20.00',
        'Change 8.00',
      ],
      1198,
    ],
    [
      'currency sign read as a digit',
      ['GROCERY 56.00', 'GATORADE 1.29', 'TOTAL 37.29', 'CASH 18.00', 'CHANGE 10.71'],
      729,
    ],
    ['what was paid', ['Coffee 3.00', 'Cake 2.50', 'Total 5.05', 'Visa 5.50'], 550],
    [
      'net amount after the total',
      [
        'Paneer Tikka 200.00',
        'Naan 165.00',
        'Total 365.00',
        'CGST 14.00',
        'SGST 14.00',
        'Net Amount 393.00',
      ],
      39300,
    ],
    [
      'strong wording printed last',
      ['Burger 10.00', 'Total 10.00', 'Service 1.50', 'Amount Due 11.50'],
      1150,
    ],
    [
      'total the figures agree with',
      ['Burger 10.00', 'Fries 2.00', 'Subtotal 12.00', 'Tax 0.96', 'Total 12.96', 'Total 15.00'],
      1296,
    ],
    ['largest total line', ['Burger 10.00', 'Total 12.00', 'Total 11.00'], 1200],
    [
      'figure under the items the sums agree with',
      ['Tea 2.00', 'Cake 3.00', 'SUB-TOTAL 5.00', 'GST 0.25', 'TKTQK 5.25', 'PAID 10.00', 'CHANGE'],
      525,
    ],
    ['payment printed anywhere', ['CARD 15.00', 'Burger 10.00', 'Fries 2.00'], 1500],
    [
      'bare amount under the items',
      ['Tea 2.00', 'Cake 3.25', 'Subtotal 5.25', '0.20', '5.45'],
      545,
    ],
    [
      'subtotal plus service, tip and tax',
      ['Burger 10.00', 'Fries 2.00', 'Subtotal 12.00', 'Tax 0.96', 'Total'],
      1296,
    ],
    ['largest amount', ['Coffee 2.00', 'Cake 3.00', 'TOTAL SAVINGS 5.50'], 550],
  ];
  it('has a case here for every strategy, in the order they are tried', () => {
    expect(cases.map(([name]) => name)).toEqual(TOTAL_STRATEGIES.map((s) => s.name));
  });
  it.each(cases)('%s', (name, lines, total) => {
    const parsed = parseReceiptText(lines);
    expect(parsed.totalPence).toBe(total);
    expect(parsed.totalStrategy).toBe(name);
  });
  it('takes the largest amount printed twice when garbled total words left the items outgrowing it', () => {
    // 'AMOUNT DUE' and the card's words garbled: both lines read as items, so the items (25.24)
    // outgrow every amount, but the figure printed twice is the total printed again as paid.
    const parsed = parseReceiptText(['MEAL DEAL 12.62', 'RONTDUE 12.62', 'RUTH:003773 0.00']);
    expect(parsed.totalPence).toBe(1262);
    expect(parsed.totalStrategy).toBe('largest amount');
    // Printed once, or twice with other items after it, a figure the items outgrow decides nothing.
    expect(parseReceiptText(['Tea 2.00', 'Cake 3.00', 'Scone 2.50']).totalPence).toBeNull();
    expect(parseReceiptText(['Latte 3.00', 'Latte 3.00', 'Tea 2.00']).totalPence).toBeNull();
  });
  it('never takes a summary of savings for the total (TOTAL COUPON SAVINGS)', () => {
    const parsed = parseReceiptText([
      'TOTAL NON-COUPON SAVINGS 1.56',
      'TOTAL COUPON SAVINGS OF 2.00',
      'FRUIT SNACKS 2.00',
      'CANDY 0.50',
      'TOTAL 2.50',
    ]);
    expect(parsed.totalPence).toBe(250);
    expect(keywordKind('TOTAL COUPON SAVINGS OF')).toBe('savings');
    expect(keywordKind('TOTAL AFTER SAVINGS')).toBe('total');
  });
  it('looks for the payment on every line when no item was read (a fuel slip)', () => {
    // The pump's line is no item, so nothing is "under the items": the card's amount, printed
    // again beside the car wash's time, is the total, not the fuel's own total above it.
    const parsed = parseReceiptText([
      'PUMP#7',
      'REGULAR 15.863G',
      'PRICE/GAL 3.479',
      'FUEL TOTAL 55.19',
      'Car Wash 10:06 $ 65.19',
      'Total =',
      'CREDIT $ 65.19',
    ]);
    expect(parsed.items).toEqual([]);
    expect(parsed.totalPence).toBe(6519);
    expect(parsed.totalStrategy).toBe('what was paid');
  });
  it('reads a total whose currency sign came back as a digit only when the figures say so', () => {
    // '$7.29' read as 37.29 and an item misread (56.00): the cash less its change is 7.29.
    const sign = parseReceiptText([
      'GROCERY 56.00',
      'GATORADE 1.29',
      'TOTAL 37.29',
      'CASH 18.00',
      'CHANGE 10.71',
    ]);
    expect(sign.totalPence).toBe(729);
    // With the sign read as printed, the figure is as printed ('$10.70' is never 0.70); and with
    // nothing to agree with the shorter figure, the total as read stands.
    expect(parseReceiptText(['Shirt 5.70', 'Total $15.70']).totalPence).toBe(1570);
    expect(parseReceiptText(['Shirt 0.70', 'Total 10.70']).totalPence).toBe(1070);
    expect(parseReceiptText(['Burger 10.00', 'Fries 2.00', 'TOTAL 37.29']).totalPence).toBe(3729);
  });
  it('takes cash less change as the total when a payment line prints that figure', () => {
    // The subtotal's word garbled into an item (FDOO 8.44), no total line: 20.00 handed over less
    // 10.95 change is the 9.05 printed as the payment, two figures agreeing on what was paid.
    const parsed = parseReceiptText([
      '1 BAJA STEAK 8.95',
      'ENCHILADO STYLE 1.49',
      'CASH 20.00',
      'FDOO 8.44',
      'TAX 0.61',
      'PAYMENT 9.05',
      'Change Due 10.95',
    ]);
    expect(parsed.totalPence).toBe(905);
    expect(parsed.totalStrategy).toBe('what was paid');
    // No change given: the cash line itself is no second printing of what was paid.
    const noChange = parseReceiptText([
      'Burger 10.00',
      'Fries 2.00',
      'Total 11.00',
      'CASH 20.00',
      'Change 0.00',
    ]);
    expect(noChange.totalPence).toBe(1100);
  });
  it("takes a total's amount from the line under its words when a tilt split the row", () => {
    // 'Amt Due' with its amount a row low, the euro sign read as an 'e'.
    const parsed = parseReceiptText([
      'TWISTED MAC 15.25',
      'APPLE COBBLER 7.25',
      'SODA 4.20',
      'Amt Due',
      'e26.70',
      'NET TTL 24.03',
    ]);
    expect(parsed.totalPence).toBe(2670);
    // A total's words over a named item are a heading, not a split row.
    expect(parseReceiptText(['TOTAL', 'Chips 2.00', 'Tea 1.00']).totalStrategy).not.toBe(
      'largest total line',
    );
  });
  it('takes the one card payment as the total when the total lines lost their amounts', () => {
    const parsed = parseReceiptText([
      'CANDY 102 1.00',
      'FRUIT SNACKS 105 10.00',
      'Vendor Coupon 1.00-',
      'TOTAL',
      'TOTAL TAX',
      'CREDIT CARD TENDER 3.00',
    ]);
    expect(parsed.totalPence).toBe(300);
    expect(parsed.totalStrategy).toBe('payment printed anywhere');
    // Two payments (a voucher and a card) are parts of the bill: neither is the total.
    const split = parseReceiptText([
      'CANDY 1.00',
      'FRUIT SNACKS 10.00',
      'TOTAL',
      'GIFT CARD 5.00',
      'VISA 3.00',
    ]);
    expect(split.totalStrategy).not.toBe('payment printed anywhere');
  });
  it('adds every tax printed under the items to what the total may be (state and city tax)', () => {
    // The words of the subtotal and the total garbled: the figure under the sum is the sum plus
    // both taxes, not the sum.
    const parsed = parseReceiptText([
      'BURGER 10.00',
      'FRIES 2.00',
      'SBT7L 12.00',
      'STATE TAX 0.72',
      'CITY TAX 0.24',
      'T8TL 12.96',
    ]);
    expect(parsed.totalPence).toBe(1296);
  });
  it('reads a running total of a running total and the figures since as no item', () => {
    // '16.60' adds the items up, '1.16' is its tax and '17.76' both, every word garbled: the
    // second sum is no item either, and what was paid settles the total.
    const parsed = parseReceiptText([
      'Veg Med 14.85',
      'Diet Coke 1.75',
      'SKbQKtJl: 16.60',
      'Sales: 1.16',
      'TZZal: 17.76',
      'Pd.Cash: 20.00',
      'Change: 2.24',
    ]);
    expect(parsed.items.map((i) => i.amountPence)).not.toContain(1776);
    expect(parsed.totalPence).toBe(1776);
  });
  it('takes what was paid, not the sum line, when what was paid is printed again under it', () => {
    // A multi-buy saving after the sum of the items: 15.95 less 1.25 is the 14.70 paid.
    const parsed = parseReceiptText([
      'NAPPIES 3.75',
      'NAPPIES 3.75',
      'NAPPIES 3.75',
      'DOUGHNUTS 0.65',
      'RED WINE 4.05',
      'SKB-QKTJL 15.95',
      'NAPPIES 3FOR 10 -1.25',
      'TZZALTK 14.70',
      'CASH 20.00',
      'CHANGE DUE 5.30',
    ]);
    expect(parsed.totalPence).toBe(1470);
  });
  it('takes a figure the sums agree with from a line that also holds a time', () => {
    // 'Amount Due' garbled beside the time it was printed: subtotal and tax add up to it.
    const parsed = parseReceiptText([
      'HAM&EGG BURRITO 9.99',
      'PANCAKES 5.99',
      'Subtotal 15.98',
      'Tax 1.10',
      '10:00 PKyQKnJ DuZ 17.08',
    ]);
    expect(parsed.totalPence).toBe(1708);
    expect(parsed.totalStrategy).toBe('figure under the items the sums agree with');
    // The subtotal's word garbled too: the sum line, and the figure beside the time under it.
    const sum = parseReceiptText([
      'HAM&EGG BURRITO 9.99',
      'PANCAKES 5.99',
      'HOT TEA 4.98',
      'SxbxoxaL 20.96',
      'Tax 1.45',
      '10:00 PKyQKnJ DuZ 22.41',
    ]);
    expect(sum.totalPence).toBe(2241);
    expect(sum.totalStrategy).toBe('sum line without a total word');
  });
  it('knows cash and cards by their French, Italian, Dutch and German words', () => {
    // 'Especes 5.70', 'Rendu 0.12': cash less change, the total's word garbled.
    const french = parseReceiptText([
      '2 CAFE GRAIN 5.58',
      'TKTQK: 5.58',
      'Especes 5.70',
      'RENDU 0.12',
    ]);
    expect(french.totalPence).toBe(558);
    for (const words of ['ESPÈCES', 'CARTE BANCAIRE', 'CONTANTI', 'PINNEN', 'EC-KARTE']) {
      expect(keywordKind(words)).toBe('tender');
    }
    // Notes handed over with no change printed are not what was paid, whatever the language
    // names the cash in (a card's amount would be).
    const italian = parseReceiptText(['PIZZA 8.00', 'ACQUA 2.00', 'CONTANTI 20.00']);
    expect(italian.totalPence).not.toBe(2000);
    expect(parseReceiptText(['PIZZA 8.00', 'ACQUA 2.00', 'VISA 10.00']).totalPence).toBe(1000);
  });
  it('takes the card payment printed again as the last item, the sum of the items above it', () => {
    const parsed = parseReceiptText([
      'iPhone 6 Leather Case 10.00',
      'JZQAQ PUJKKVQX 10.00',
      'Includes GST of 0.91',
      'OTHER CARD 10.00',
    ]);
    expect(parsed.totalPence).toBe(1000);
    expect(parsed.totalStrategy).toBe('what was paid');
    // Two items and a card paying for one of them (a split): nothing says the bill was 3.00.
    expect(parseReceiptText(['Tea 2.00', 'Cake 3.00', 'VISA 3.00']).totalPence).not.toBe(300);
  });
  it("reads a lone item's price printed again with tax added under it as subtotal and total", () => {
    // The words of the subtotal and the total garbled: 17.90 again, two taxes, 19.69.
    const parsed = parseReceiptText([
      '2 OPEN FOOD 17.90',
      'SKbQKtJl 17.90',
      'State Tax 1.07',
      'City Tax 0.72',
      'TZZal 19.69',
    ]);
    expect(parsed.items.map((i) => i.amountPence)).toEqual([1790]);
    expect(parsed.totalPence).toBe(1969);
    // Two helpings at the same price, no tax added under them: both items.
    const twice = parseReceiptText(['PINT 5.00', 'PINT 5.00', 'Total 10.00']);
    expect(twice.items.map((i) => i.amountPence)).toEqual([500, 500]);
  });
  it('takes the sum less a discount printed under it when the total word was garbled', () => {
    const parsed = parseReceiptText([
      'Fideua Mixta 17.00',
      'Tarta de Santiago 11.00',
      'Croquetas 6.00',
      'IKeQKoJal 34.00',
      'Discount 4.00',
      'ZotaK 30.00',
      'VoVaJ JJZQ 30.00',
      'Incl.of VAT (20.00%) 5.00',
    ]);
    expect(parsed.totalPence).toBe(3000);
    expect(parsed.totalStrategy).toBe('sum line without a total word');
  });
  it('takes the figure just above a cash rounding when the total word was garbled', () => {
    // An item missed, so nothing adds up; 11.98 rounded to the 12.00 paid (20.00 less 8.00).
    const parsed = parseReceiptText([
      'Coke Light 2.95',
      'Beef & Egg 3.00',
      'McFlurry 5.35',
      'EaK-Vn VoJJJ (ZQcQ TaJ) 11.98',
      'Rounding Adjust 0.02',
      'Rounding 12.00',
      'Cash Tendered 20.00',
      'Change 8.00',
    ]);
    expect(parsed.totalPence).toBe(1198);
    expect(parsed.totalStrategy).toBe('total before cash rounding');
    expect(keywordKind('KAART')).toBe('tender');
  });
  it('reads a last item dearer than all above it as the total whose word was garbled', () => {
    // One dish misread, so nothing adds up; VAT printed under the garbled total.
    const taxed = parseReceiptText([
      'Hummus 6.50',
      'Fattoush 7.00',
      'Lamb Kofta 14.50',
      'Falafel 6.00',
      'TKtQK DJe: 35.00',
      'VAT 20%: 5.83',
    ]);
    expect(taxed.totalPence).toBe(3500);
    expect(taxed.items.map((i) => i.amountPence)).toEqual([650, 700, 1450, 600]);
    // Four or more items above it, nothing under it.
    const four = parseReceiptText([
      'Tea 1.80',
      'Scone 2.60',
      'Toastie 5.20',
      'Soup 4.90',
      'QVzJK 15.50',
    ]);
    expect(four.totalPence).toBe(1550);
    expect(four.items).toHaveLength(4);
    // A receipt cut off under a dear main course: no total, every item kept.
    const cut = parseReceiptText([
      'Soup 4.29',
      'Cheese 0.99',
      'Crackers 0.99',
      'Chicken Wrap 10.29',
    ]);
    expect(cut.totalPence).toBeNull();
    expect(cut.items).toHaveLength(4);
  });
  it('says no strategy decided when nothing could be the total', () => {
    const parsed = parseReceiptText(['THE CORNER CAFE', 'Thank you']);
    expect(parsed.totalPence).toBeNull();
    expect(parsed.totalStrategy).toBeNull();
  });
  it('takes the figure under a sum line that adds a figure printed between them, not the sum', () => {
    // Net prices, their subtotal and the tax added, the words 'SUBTOTAL' and 'TOTAL' both garbled:
    // the total is the sum plus the tax, whatever the tax line's words.
    const taxed = parseReceiptText([
      'PASTA DINNER 12.99',
      'COLD SANDWICH 7.99',
      'SODA 1.50',
      'SBT7L 22.48',
      'ST 8.25% 1.85',
      'T8TL 24.33',
    ]);
    expect(taxed.totalPence).toBe(2433);
    expect(taxed.totalStrategy).toBe('sum line without a total word');
    // Cash and its change under the sum, their words garbled too: the change comes after the
    // cash, so the cash is not the sum plus a figure printed before it.
    const cash = parseReceiptText([
      'PASTA DINNER 12.99',
      'COLD SANDWICH 7.99',
      'SODA 1.50',
      'SBT7L 22.48',
      'EF3CT 25.00',
      'C4MB 2.52',
    ]);
    expect(cash.totalPence).toBe(2248);
    expect(cash.totalStrategy).toBe('sum line without a total word');
  });
});

describe('parseReceiptText: misreadings on UK supermarket receipts (issue 26)', () => {
  it("reads a reduced price printed under its item's name as the item's price", () => {
    const read = parseReceiptText([
      'MEIJER',
      '4125019175 MEIJER KETCHUP 1.59 F',
      '*4125001715 TORTILLA CHP',
      'was 3.29 now 2.99 F',
      'BUTTER 250G',
      'WAS 2.09 1.49F',
      // Under an item with its own price, the line is a saving already in that price.
      'ALB CHOP BROCCOLI 1.29F',
      'WAS 2.39 BB SAVINGS1.10',
      'TOTAL 7.36',
    ]);
    expect(read.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['MEIJER KETCHUP', 159],
      ['TORTILLA CHP', 299],
      ['BUTTER 250G', 149],
      ['ALB CHOP BROCCOLI', 129],
    ]);
    expect(read.checks.itemsMatchTotal).toBe(true);
    // As OCR reads it: its spaces lost, its '£' read as an 'E'.
    const misread = parseReceiptText([
      'WASHING UP LIQUID',
      'WAS2.20NOW 1.20',
      'POTATOES 2.5KG',
      'WASE2.05NOW 1.55',
      'BALANCE DUE 2.75',
    ]);
    expect(misread.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['WASHING UP LIQUID', 120],
      ['POTATOES 2.5KG', 155],
    ]);
    // A price that went up is no reduction: the line stays a note.
    const up = parseReceiptText(['BUTTER 250G', 'WAS 1.49 NOW 2.09', 'MILK 1.55', 'TOTAL 1.55']);
    expect(up.items.map((i) => i.name)).toEqual(['MILK']);
  });

  it('reads a VAT code letter misread as a third decimal, or with the price point lost', () => {
    const read = parseReceiptText([
      'GREENGATE FOODS',
      'MILK 4PT  1.55 B',
      'BUTTER 250G  1.954',
      'EGGS 6PK  2.30A',
      'SOURDOUGH LOAF  229Z',
      'SPINACH 240G  1.19 Z',
      'CORNFLAKES  E165A',
      'TEABAGS 80S  2.10 A',
      'COLA 2L  1.50 Z',
      'BALANCE DUE  14.53',
    ]);
    expect(read.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['MILK 4PT', 155],
      ['BUTTER 250G', 195],
      ['EGGS 6PK', 230],
      ['SOURDOUGH LOAF', 229],
      ['SPINACH 240G', 119],
      ['CORNFLAKES', 165],
      ['TEABAGS 80S', 210],
      ['COLA 2L', 150],
    ]);
    expect(read.checks.itemsMatchTotal).toBe(true);
  });

  it('reads a VAT rate digit a till prints after its prices, and leaves a lone one unread', () => {
    const read = parseReceiptText([
      'Cafe am Markt',
      '1x Apfelschorle 3,90 1',
      '2x Milchkaffee 7,80 1',
      '1x Kuchen 4,20 2',
      'Summe 15,90',
    ]);
    expect(read.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['Apfelschorle', 390],
      ['Milchkaffee', 780],
      ['Kuchen', 420],
    ]);
    expect(read.checks.itemsMatchTotal).toBe(true);
    // One such line says nothing of the till: the digit may be a quantity or a reference.
    expect(items('Cafe\nTea 2.50 1\nScone 3.00\nTOTAL 5.50')).toEqual([['Scone', 300]]);
    // Four different digits after prices are not a till's rates.
    expect(items('Cafe\nTea 2.50 1\nScone 3.00 2\nJam 1.00 3\nCake 4.00 4\nTOTAL 10.50')).toEqual(
      [],
    );
  });

  it('leaves a size in a name alone where the till prints no such code, and three decimals where it prints none', () => {
    expect(items('SPINACH 240G\nMILK 1.55 A\nEGGS 2.30 A\nJAM 0.99 B\nTOTAL 4.84')).toEqual([
      ['MILK', 155],
      ['EGGS', 230],
      ['JAM', 99],
    ]);
    // No codes after the prices: '6.281' gallons stays unread.
    expect(items('UNLEADED 6.281\nFUEL 20.00\nTOTAL 20.00')).toEqual([['FUEL', 2000]]);
  });

  it("reads a price whose '£0' was lost after a product code", () => {
    expect(
      items('STRAWBERRY JAM\n984757297454  .89\nBREAD\n123456789012  1.10\nTOTAL 1.99'),
    ).toEqual([
      ['STRAWBERRY JAM', 89],
      ['BREAD', 110],
    ]);
  });

  it('reads total, payment and table words whose spaces OCR lost', () => {
    const read = parseReceiptText([
      'MILK  1.55',
      'EGGS  2.30',
      'BALANCEDUE  E3.85',
      'VISACONTACTLESS  3.85',
      'VATRATENETVATGROSS',
      'A20%  3.21  0.64  3.85',
      'THANKYOUFORSHOPPINGWITHUS',
    ]);
    expect(read.totalPence).toBe(385);
    expect(read.items.map((i) => i.name)).toEqual(['MILK', 'EGGS']);
    // A run of letters only partly made of receipt words is a name: 'CARDIGAN' is no payment.
    expect(items('CARDIGAN  12.00\nTOTAL 12.00')).toEqual([['CARDIGAN', 1200]]);
  });

  it('pairs prices one row low with their names when the figures agree once moved up', () => {
    // A tilted photo: each price read on the row below its name, the last alone.
    const read = parseReceiptText([
      'THE OLD BELL',
      '4 x House White 250ml',
      'Sunday Roast Beef  33.40',
      'Onion Rings  17.84',
      'Lemonade  4.25',
      '2.95',
      'SUBTOTAL',
      'Service Charge 12.5%  58.44',
      'TOTAL  7.31',
      '65.75',
    ]);
    expect(read.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['House White 250ml', 3340],
      ['Sunday Roast Beef', 1784],
      ['Onion Rings', 425],
      ['Lemonade', 295],
    ]);
    expect(read.totalPence).toBe(6575);
  });

  it('pairs a product code layout whose prices were read a row low, though a figure is misread', () => {
    const read = parseReceiptText([
      'PENNE PASTA 500G',
      '606756067606',
      'FROZEN PEAS 1KG  0.60',
      '629896901012',
      'MATURE CHEDDAR  1.54',
      '930175705114',
      '3.95',
      'BALANCE DUE  6.99',
    ]);
    // The total misread ('6.99' for '6.09'): no reading adds up, the shape decides.
    expect(read.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['PENNE PASTA 500G', 60],
      ['FROZEN PEAS 1KG', 154],
      ['MATURE CHEDDAR', 395],
    ]);
  });

  it('pairs prices a row low with their names though the items add up either way', () => {
    const read = parseReceiptText([
      'Table 18 Covers 6',
      '4 x Sea Bass Fillet',
      'Margherita Pizza  70.76',
      'Chips  13.74',
      '2 x Gin and Tonic  4.09',
      '20.00',
      'SUBTOTAL',
      'TOTAL  108.59',
    ]);
    expect(read.items.map((i) => [i.name, i.amountPence, i.quantity])).toEqual([
      ['Sea Bass Fillet', 7076, 4],
      ['Margherita Pizza', 1374, undefined],
      ['Chips', 409, undefined],
      ['Gin and Tonic', 2000, 2],
    ]);
  });

  it('pairs prices a row low when names among the items were left without one', () => {
    // The price column a row low; a multi-buy's quantity line takes its item's price, the names
    // under such lines are left without one, and a misread total keeps any sum from agreeing.
    const read = parseReceiptText([
      'CUCUMBER',
      'BANANAS LOOSE  0.74 A',
      'CASTER SUGAR 1KG  0.19 Z',
      '3 @ 1.25  0.55 B',
      'CUCUMBER',
      'TINNED TUNA 4PK  3.75 A',
      '2 @ 0.50  0.80',
      'SHAMPOO 400ML',
      'TEABAGS 80S  1.00 A',
      '12 ITEMS  2.04 B',
      'BALANCE DUE',
      'VISA  9.97',
    ]);
    expect(read.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['CUCUMBER', 74],
      ['BANANAS LOOSE', 19],
      ['CASTER SUGAR 1KG', 55],
      ['CUCUMBER', 375],
      ['TINNED TUNA 4PK', 80],
      ['SHAMPOO 400ML', 100],
      ['TEABAGS 80S', 204],
    ]);
  });

  it('reads letters misread for the digits of a price on a till that prints VAT codes', () => {
    expect(
      items(
        [
          'MILK 4PT  1.55 B',
          'EGGS 6PK  2.30 A',
          'JAM  0.99 Z',
          'TEABAGS 80S  1.20 A',
          'BASMATI RICE 1KG  E1S0A',
          'CAT FOOD 12PK  S.34',
          'CORNFLAKES 500G  EL69A',
          'FLOWERS BOUQUET  4.79 8',
          'BALANCE DUE  18.36',
        ].join('\n'),
      ),
    ).toEqual([
      ['MILK 4PT', 155],
      ['EGGS 6PK', 230],
      ['JAM', 99],
      ['TEABAGS 80S', 120],
      ['BASMATI RICE 1KG', 150],
      ['CAT FOOD 12PK', 534],
      ['CORNFLAKES 500G', 169],
      ['FLOWERS BOUQUET', 479],
    ]);
  });

  it("reads a price match as a discount, its minus lost or not, and 'CLUBCARDPRICE' glued", () => {
    expect(
      items('BREAD  1.10\nPRICE MATCH  0.50\nJAM  2.00\nCLUBCARDPRICE  0.75\nTOTAL 1.85'),
    ).toEqual([
      ['BREAD', 110],
      ['PRICE MATCH', -50],
      ['JAM', 200],
      ['CLUBCARDPRICE', -75],
    ]);
  });

  it("reads a '£' misread as a '6' back when the total says so, and only then", () => {
    const lines = ['BREAD  1.10', 'JAM  61.25', 'MILK  0.95', 'TOTAL  3.30'];
    expect(items(lines.join('\n'))).toEqual([
      ['BREAD', 110],
      ['JAM', 125],
      ['MILK', 95],
    ]);
    // A total that does not say so: the price stays as read.
    lines[3] = 'TOTAL  63.31';
    expect(items(lines.join('\n'))).toEqual([
      ['BREAD', 110],
      ['JAM', 6125],
      ['MILK', 95],
    ]);
  });

  it('moves only the items’ prices up a row when the last one fell on the count of items', () => {
    const read = parseReceiptText([
      'OLIVE OIL 500ML',
      'WHITE BREAD 800G  3.49',
      'COLA 2L  0.75',
      '4 @ 0.89  3.56',
      'TOOTHPASTE',
      'PENNE PASTA  1.10',
      'BEEF MINCE 500G  1.99',
      'BROCCOLI  0.64',
      '8 ITEMS  3.24',
      'BALANCE DUE',
      'VISA CONTACTLESS  £14.77',
      'AUTH CODE 431485  4.77',
    ]);
    expect(read.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['OLIVE OIL 500ML', 349],
      ['WHITE BREAD 800G', 75],
      ['COLA 2L', 356],
      ['TOOTHPASTE', 110],
      ['PENNE PASTA', 199],
      ['BEEF MINCE 500G', 64],
      ['BROCCOLI', 324],
    ]);
    expect(read.totalPence).toBe(1477);
  });

  it('pairs names with the code and price printed under them, the count of items below', () => {
    expect(
      items(
        [
          'GROUND COFFEE 227G',
          '294361796630  2.69 B',
          'RED ONIONS 1KG',
          '810763362942  1.25 B',
          'SEMI SKIMMED MILK 4PT',
          '310626634815  1.65 Z',
          'SSITEMS',
          'BALANCE DUE  5.59',
        ].join('\n'),
      ),
    ).toEqual([
      ['GROUND COFFEE 227G', 269],
      ['RED ONIONS 1KG', 125],
      ['SEMI SKIMMED MILK 4PT', 165],
    ]);
  });

  it('keeps prices in step when names whose prices were unreadable stand among the items', () => {
    // A pen line hid two prices' points ('74', '95'): moving every price up a row would name them
    // but leave the first item without one; the names left without a price do not get fewer.
    const read = parseReceiptText([
      'Table 19 Covers 2',
      '3x Sunday Roast Beef  55.95',
      'Prosecco  74',
      'Sticky Toffee Pudding  95',
      'Sea Bass Fillet  17.29',
      'Halloumi Wrap  10.44',
      'Orange Juice  2.99',
      'SUBTOTAL  102.36',
      'TOTAL  102.36',
      'MASTERCARD  102.36',
    ]);
    expect(read.items.map((i) => [i.name, i.amountPence])).toEqual([
      ['Sunday Roast Beef', 5595],
      ['Sea Bass Fillet', 1729],
      ['Halloumi Wrap', 1044],
      ['Orange Juice', 299],
    ]);
  });

  it('keeps prices where they are when the names and prices are in step', () => {
    expect(items('Chips 3.50\nCoke 2.00\nSUBTOTAL 5.50\nTOTAL 5.50')).toEqual([
      ['Chips', 350],
      ['Coke', 200],
    ]);
  });
});
