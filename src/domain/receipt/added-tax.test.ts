import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimalString } from '../money';
import { parseReceiptText } from './parse-receipt';

const parse = (text: string) =>
  parseReceiptText(
    text
      .trim()
      .split('\n')
      .map((l) => l.trim()),
  );

describe('tax added on top (US style): the bill keeps it', () => {
  it('a sales tax between the subtotal and the total, a tip after it', () => {
    const parsed = parse(`
      Joe's Diner
      Cheeseburger $11.99
      Fries $3.50
      Iced Tea $2.75
      Subtotal $18.24
      Sales Tax 8.25% $1.50
      Total $19.74
      Tip $3.50
      Total $23.24`);
    expect(parsed.totalPence).toBe(2324);
    expect(parsed.taxPence).toBe(150);
    expect(parsed.addedTaxPence).toBe(150);
    expect(parsed.checks.itemsMatchTotal).toBe(true);
  });

  it('a tax printed under the total: the total first, or a line saying the total includes it', () => {
    const first = parse(`
      AROMA CAFE
      GINGER CARROT SOUP $6.79
      HOUSE SALAD $7.69
      AMOUNT $14.98
      SUB-TOTAL $14.48
      TAX $0.50
      BALANCE $14.98`);
    expect(first.totalPence).toBe(1498);
    expect(first.addedTaxPence).toBe(50);
    const includes = parse(`
      1 Coke Light 2.95
      1 Beef & Egg 3.00
      Eat-In Total (incl Tax) 6.25
      TOTAL INCLUDES 6% Govt TAX OF 0.30`);
    expect(includes.totalPence).toBe(625);
    expect(includes.taxPence).toBe(30);
    expect(includes.addedTaxPence).toBe(30);
    // A UK total whose items include the VAT printed under it: information only.
    const uk = parse(`
      Fish & Chips 10.00
      Mushy Peas 2.00
      TOTAL 12.00
      VAT 20% 2.00`);
    expect(uk.addedTaxPence).toBeNull();
  });

  it('no subtotal: the items and the tax make the total, and the check counts the tax', () => {
    const parsed = parse(`
      Deli
      Pickle .75
      Bagel 2.25
      TAX .24
      TOTAL 3.24`);
    expect(parsed.addedTaxPence).toBe(24);
    expect(parsed.checks).toMatchObject({
      itemsMatchTotal: true,
      differencePence: 0,
      against: 'total',
    });
  });

  it('two taxes (state and city) are added together', () => {
    const parsed = parse(`
      Burger Barn
      Burger 10.00
      Shake 4.00
      Subtotal 14.00
      State Tax 0.84
      City Tax 0.28
      Total 15.12`);
    expect(parsed.addedTaxPence).toBe(112);
  });

  it('each rate and then their sum: the sum, once', () => {
    const parsed = parse(`
      Maple Cafe
      Poutine 9.00
      Coffee 3.00
      Subtotal 12.00
      GST 0.60
      PST 0.84
      Total Tax 1.44
      Total 13.44`);
    expect(parsed.addedTaxPence).toBe(144);
  });

  it('with a service charge: items + service + tax is the total', () => {
    const parsed = parse(`
      Steak House
      Ribeye 30.00
      Wine 12.00
      Subtotal 42.00
      Service Charge 18% 7.56
      Sales Tax 3.78
      Total 53.34`);
    expect(parsed.serviceChargePence).toBe(756);
    expect(parsed.addedTaxPence).toBe(378);
    expect(parsed.checks.itemsMatchTotal).toBe(true);
  });
});

describe('VAT included in the prices (UK style): information only', () => {
  it('VAT printed under a total that includes it', () => {
    const parsed = parse(`
      Pizza Express
      Margherita 11.95
      Peroni 5.25
      TOTAL INC VAT 17.20
      VAT 20% 2.87`);
    expect(parsed.taxPence).toBe(287);
    expect(parsed.addedTaxPence).toBeNull();
  });

  it('a net total and VAT printed above a total the gross items already make', () => {
    const parsed = parse(`
      The Kings Arms
      Burger 8.00
      Chips 4.00
      Net total 10.00
      VAT 20% 2.00
      TOTAL 12.00`);
    expect(parsed.totalPence).toBe(1200);
    expect(parsed.addedTaxPence).toBeNull();
  });

  it('a VAT table is never tax on top, even when the items read miss a line', () => {
    const parsed = parse(`
      Corner Cafe
      Latte 3.20
      Toastie 6.80
      TOTAL 12.00
      VAT RATE NET VAT GROSS
      A 20% 10.00 2.00 12.00`);
    expect(parsed.addedTaxPence).toBeNull();
  });

  it('service charge and VAT after the total (a UK restaurant)', () => {
    const parsed = parse(`
      THE RED LION
      Fish & Chips 14.50
      Steak Pie 14.95
      SUBTOTAL 29.45
      SERVICE CHARGE 12.5% 3.68
      TOTAL 33.13
      VAT @ 20% 5.52`);
    expect(parsed.taxPence).toBe(552);
    expect(parsed.addedTaxPence).toBeNull();
  });

  it('a tax line that does not make the total is not added', () => {
    const parsed = parse(`
      Diner
      Soup 4.00
      Bread 2.00
      Tax 0.50
      Total 7.20`);
    expect(parsed.addedTaxPence).toBeNull();
  });
});

describe('added tax, generated receipts', () => {
  const NAMES = ['Burger', 'Salad', 'Pasta', 'Coffee', 'Cake', 'Soup', 'Pizza', 'Juice'];
  const itemsArb = fc.array(
    fc.record({
      name: fc.constantFrom(...NAMES),
      pence: fc.integer({ min: 50, max: 5000 }),
    }),
    { minLength: 1, maxLength: 8 },
  );
  const money = (p: number) => toDecimalString(p);

  it('US: subtotal, a sales tax, the total: the tax is added on top', () => {
    fc.assert(
      fc.property(itemsArb, fc.integer({ min: 1, max: 2000 }), (items, tax) => {
        const sum = items.reduce((a, i) => a + i.pence, 0);
        const parsed = parseReceiptText([
          'Main Street Grill',
          ...items.map((i) => `${i.name} $${money(i.pence)}`),
          `Subtotal $${money(sum)}`,
          `Sales Tax $${money(tax)}`,
          `Total $${money(sum + tax)}`,
        ]);
        expect(parsed.addedTaxPence).toBe(tax);
        expect(parsed.checks.itemsMatchTotal).toBe(true);
      }),
    );
  });

  it('UK: VAT a sixth of a total the items make, above or below it: never added', () => {
    fc.assert(
      fc.property(itemsArb, fc.boolean(), fc.boolean(), (items, vatFirst, table) => {
        const sum = items.reduce((a, i) => a + i.pence, 0);
        const vat = Math.round(sum / 6);
        const vatLines = table
          ? ['VAT RATE NET VAT GROSS', `A 20% ${money(sum - vat)} ${money(vat)} ${money(sum)}`]
          : [`VAT 20% £${money(vat)}`];
        const total = `TOTAL £${money(sum)}`;
        const parsed = parseReceiptText([
          'The Crown',
          ...items.map((i) => `${i.name} £${money(i.pence)}`),
          ...(vatFirst && !table ? [...vatLines, total] : [total, ...vatLines]),
        ]);
        expect(parsed.addedTaxPence).toBeNull();
      }),
    );
  });
});
