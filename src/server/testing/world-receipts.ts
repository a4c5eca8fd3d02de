import type { ReceiptLine } from './receipt-fixtures';
import type { seeded } from './synthetic-receipts';

// Receipts of the kinds UK users bring back from abroad and that read worst on photos nobody tuned
// on (issue 53): continental tills with decimal commas, a tax code after each price (a letter, or
// a digit printed hard against it) and rows with two amounts (a count at a unit price beside the
// line's total); US tills with product codes before prices that have no leading zero ('.89') and a
// tax flag after them; and bills in one currency that print the total again converted into a
// second, smaller one; and Asian restaurant bills printed as a table, a count, a unit price and
// the row's amount on every row. The printed lines and their labels; synthetic-receipts.ts
// photographs them.

type Random = ReturnType<typeof seeded>;

export type WorldKind = 'continental' | 'us-grocery' | 'two-currencies' | 'table';

export interface WorldDraft {
  lines: ReceiptLine[];
  items: { name: string; pence: number }[];
  total: number;
  store: string;
}

/** An amount in minor units with its decimal mark: 1249 -> '12,49' or '12.49'. */
export const amount = (minor: number, mark: ',' | '.' = '.') =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}${mark}${String(Math.abs(minor) % 100).padStart(2, '0')}`;

const CONTINENTAL: readonly [string, number, number][] = [
  ['VOLLKORNBROT', 149, 289],
  ['H-MILCH 3,5% 1L', 89, 129],
  ['BUTTER 250G', 189, 259],
  ['GOUDA JUNG', 199, 349],
  ['BANANEN', 99, 199],
  ['TOMATEN RISPEN', 149, 299],
  ['MINERALWASSER', 19, 69],
  ['JOGHURT NATUR', 39, 89],
  ['KAFFEE GEMAHLEN', 399, 699],
  ['NUDELN PENNE', 79, 149],
  ['FROMAGE BLANC', 129, 249],
  ['BAGUETTE TRADITION', 95, 135],
  ['JAMBON CUIT', 229, 399],
  ['CAMEMBERT', 179, 289],
  ['POMMES GALA', 199, 329],
  ['CROISSANT', 90, 140],
  ['HAGELSLAG PUUR', 189, 289],
  ['KAAS BELEGEN', 349, 599],
  ['APPELSAP 1L', 119, 199],
  ['STROOPWAFELS', 149, 249],
  ['AGUA MINERAL', 39, 89],
  ['PAN DE MOLDE', 109, 189],
  ['QUESO MANCHEGO', 399, 699],
  ['ACEITE DE OLIVA', 499, 899],
  ['CHORIZO PICANTE', 189, 299],
];

const US_GROCERY: readonly [string, number, number][] = [
  ['BANANAS', 49, 99],
  ['GV WHOLE MILK', 298, 398],
  ['WHITE BREAD', 128, 248],
  ['LARGE EGGS 12CT', 199, 399],
  ['PEANUT BUTTER', 198, 348],
  ['CHEDDAR CHEESE', 248, 448],
  ['ROMA TOMATOES', 68, 98],
  ['YELLOW ONIONS', 78, 98],
  ['CORN TORTILLAS', 148, 248],
  ['GROUND BEEF', 498, 798],
  ['TORTILLA CHIPS', 248, 398],
  ['SODA 12PK', 498, 698],
  ['PAPER TOWELS', 598, 998],
  ['LIMES', 25, 89],
  ['AVOCADO', 58, 98],
  ['GREEN BEANS CAN', 58, 89],
  ['RAMEN NOODLES', 25, 79],
];

const DINER: readonly [string, number, number][] = [
  ['TACOS AL PASTOR', 9500, 16000],
  ['ENCHILADAS VERDES', 12000, 18500],
  ['GUACAMOLE', 8500, 13000],
  ['QUESADILLA', 7500, 11000],
  ['AGUA DE JAMAICA', 3500, 5500],
  ['CERVEZA', 4500, 7000],
  ['MARGARITA', 9000, 14000],
  ['FLAN', 5500, 8000],
  ['CHURROS', 5000, 7500],
  ['POZOLE', 11000, 16500],
];

const KOPITIAM: readonly [string, number, number][] = [
  ['Nasi Lemak Ayam', 850, 1450],
  ['Char Kway Teow', 750, 1200],
  ['Roti Canai', 150, 350],
  ['Teh Tarik', 250, 450],
  ['Kopi O', 180, 300],
  ['Mee Goreng Mamak', 700, 1100],
  ['Satay Ayam 10pcs', 1200, 1800],
  ['Laksa Penang', 800, 1300],
  ['Milo Ais', 300, 500],
  ['Ayam Penyet', 1100, 1600],
  ['Kuih Lapis', 200, 400],
  ['Sirap Bandung', 300, 450],
];

const CONTINENTAL_SHOPS = [
  'MARKT AM RING',
  'EPICERIE DU PORT',
  'BUURTSUPER DE HOEK',
  'MERCADO SOL',
];
const US_SHOPS = ['VALUE MART', 'SUNRISE GROCERY', 'EAGLE FOODS'];
const CANTINAS = ['LA PALOMA CANTINA', 'CASA AZUL', 'EL FAROLITO'];
const RESTORAN = ['RESTORAN SRI MELATI', 'KEDAI MAKAN AH HOCK', 'WARUNG PAK LAH'];

const price = (r: Random, [, lo, hi]: readonly [string, number, number]) => r.int(lo, hi);

function pickItems(r: Random, list: readonly [string, number, number][], n: number) {
  const chosen: (readonly [string, number, number])[] = [];
  while (chosen.length < n) {
    const p = r.pick(list);
    if (!chosen.includes(p)) chosen.push(p);
  }
  return chosen;
}

/**
 * A continental supermarket: decimal commas; a tax code after each price, a letter with a space or
 * a digit printed hard against it ('2,491' is 2,49 at rate 1); one row in four a count at a unit
 * price printed beside the line's total ('2 x 0,79   1,58'), on the name's line or under it; a
 * summe, what was given and the change, and a tax table.
 */
export function continental(r: Random): WorldDraft {
  const store = r.pick(CONTINENTAL_SHOPS);
  const digitCodes = r.chance(0.5);
  const glued = digitCodes && r.chance(0.6);
  const unitBeside = r.chance(0.5);
  const lines: ReceiptLine[] = [
    { left: store, center: true },
    {
      left: `${r.pick(['Hauptstr.', 'Rue de la Gare', 'Dorpsstraat', 'Calle Mayor'])} ${r.int(1, 90)}`,
      center: true,
    },
    {
      left: `${String(r.int(1, 28)).padStart(2, '0')}.${String(r.int(1, 12)).padStart(2, '0')}.2026 ${r.int(8, 20)}:${String(r.int(0, 59)).padStart(2, '0')}`,
    },
    { left: 'EUR', right: '' },
  ];
  const items: WorldDraft['items'] = [];
  for (const product of pickItems(r, CONTINENTAL, r.int(6, 16))) {
    const unit = price(r, product);
    const n = r.chance(0.25) ? r.int(2, 4) : 1;
    const code = digitCodes ? r.pick(['1', '2']) : r.pick(['A', 'B']);
    const priced = `${amount(unit * n, ',')}${glued ? '' : ' '}${code}`;
    if (n === 1) lines.push({ left: product[0], right: priced });
    else if (unitBeside)
      lines.push({ left: `${product[0]}  ${n} x ${amount(unit, ',')}`, right: priced });
    else lines.push({ left: product[0] }, { left: `  ${n} x ${amount(unit, ',')}`, right: priced });
    items.push({ name: product[0], pence: unit * n });
  }
  const total = items.reduce((s, i) => s + i.pence, 0);
  const given = Math.ceil(total / 1000) * 1000 + (r.chance(0.5) ? 1000 : 0);
  const net = Math.round(total / 1.07);
  lines.push(
    { left: '-'.repeat(24) },
    { left: r.pick(['SUMME', 'TOTAL', 'TOTAAL']), right: `EUR ${amount(total, ',')}` },
    { left: r.pick(['BAR', 'ESPECES', 'CONTANT']), right: amount(given, ',') },
    { left: r.pick(['RUECKGELD', 'RENDU', 'WISSELGELD']), right: amount(given - total, ',') },
    { left: '' },
    {
      left: `${digitCodes ? '1' : 'A'} 7%  ${amount(net, ',')}  ${amount(total - net, ',')}  ${amount(total, ',')}`,
    },
    { left: '' },
    {
      left: r.pick(['VIELEN DANK', 'MERCI DE VOTRE VISITE', 'BEDANKT EN TOT ZIENS']),
      center: true,
    },
  );
  return { lines, items, total, store };
}

/**
 * A US grocery: a product code before each price, prices under a dollar without their leading
 * zero ('.89'), a tax flag after each ('N', 'F', 'X'); one row in five a count at a unit price on
 * the line under its name; subtotal, sales tax, total, the card and the change.
 */
export function usGrocery(r: Random): WorldDraft {
  const store = r.pick(US_SHOPS);
  const lines: ReceiptLine[] = [
    { left: store, center: true },
    { left: `${r.int(100, 9999)} ${r.pick(['MAIN ST', 'OAK AVE', 'W 5TH ST'])}`, center: true },
    {
      left: `${r.pick(['AUSTIN TX', 'FRESNO CA', 'TAMPA FL'])} ${r.int(10000, 99999)}`,
      center: true,
    },
    { left: `ST# ${r.int(1000, 9999)} OP# ${r.int(10, 99)} TE# ${r.int(1, 40)}` },
  ];
  const items: WorldDraft['items'] = [];
  let taxable = 0;
  for (const product of pickItems(r, US_GROCERY, r.int(6, 15))) {
    const unit = price(r, product);
    const n = r.chance(0.2) ? r.int(2, 4) : 1;
    const flag = r.pick(['N', 'F', 'X']);
    if (flag === 'X') taxable += unit * n;
    // A UPC-A code: twelve digits.
    const code = String(r.int(100_000, 999_999)) + String(r.int(100_000, 999_999));
    const dollars = (minor: number) =>
      minor < 100 ? amount(minor).replace(/^0/, '') : amount(minor);
    if (n === 1) lines.push({ left: `${product[0]} ${code}`, right: `${dollars(unit)} ${flag}` });
    else {
      lines.push(
        { left: `${product[0]} ${code}` },
        { left: `  ${n} AT 1 FOR ${dollars(unit)}`, right: `${dollars(unit * n)} ${flag}` },
      );
    }
    items.push({ name: product[0], pence: unit * n });
  }
  const subtotal = items.reduce((s, i) => s + i.pence, 0);
  const tax = Math.round(taxable * 0.0825);
  const total = subtotal + tax;
  const cash = Math.ceil(total / 2000) * 2000;
  lines.push(
    { left: 'SUBTOTAL', right: amount(subtotal) },
    { left: 'TAX 1  8.250 %', right: amount(tax) },
    { left: 'TOTAL', right: amount(total) },
    { left: 'CASH TEND', right: amount(cash) },
    { left: 'CHANGE DUE', right: amount(cash - total) },
    { left: '' },
    { left: `# ITEMS SOLD ${items.length}` },
    { left: `TC# ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(1000, 9999)}` },
  );
  return { lines, items, total, store };
}

/**
 * A bill in pesos (tens to hundreds a dish) that prints its total again in dollars, a far smaller
 * figure, and a suggested tip on it: the total is the first, and no dish is dearer than it.
 */
export function twoCurrencies(r: Random): WorldDraft {
  const store = r.pick(CANTINAS);
  const lines: ReceiptLine[] = [
    { left: store, center: true },
    { left: `Av. ${r.pick(['Juarez', 'Reforma', 'Hidalgo'])} ${r.int(10, 400)}`, center: true },
    { left: `Mesa ${r.int(1, 30)}  Mesero ${r.pick(['Luis', 'Ana', 'Jorge'])}` },
  ];
  const items: WorldDraft['items'] = [];
  for (const dish of pickItems(r, DINER, r.int(3, 8))) {
    const each = Math.round(price(r, dish) / 500) * 500;
    const n = r.chance(0.3) ? r.int(2, 4) : 1;
    lines.push({ left: `${n} ${dish[0]}`, right: amount(each * n) });
    items.push({ name: dish[0], pence: each * n });
  }
  const total = items.reduce((s, i) => s + i.pence, 0);
  const iva = Math.round(total - total / 1.16);
  const dollars = Math.round(total / 18.4);
  lines.push(
    { left: '' },
    { left: 'IVA 16% incluido', right: amount(iva) },
    { left: 'TOTAL MXN', right: amount(total) },
    { left: `TOTAL USD (TC 18.40)`, right: amount(dollars) },
    { left: `Propina sugerida 15%`, right: amount(Math.round(total * 0.15)) },
    { left: '' },
    { left: 'Gracias por su visita', center: true },
  );
  return { lines, items, total, store };
}

/**
 * A restaurant bill printed as a table under its headings: on every row a count, the name, the
 * unit price and the row's amount (the count first, or after the name), then the subtotal, a
 * service charge and a tax on it, and the total rounded to five cents.
 */
export function table(r: Random): WorldDraft {
  const store = r.pick(RESTORAN);
  const countFirst = r.chance(0.5);
  const lines: ReceiptLine[] = [
    { left: store, center: true },
    {
      left: `No. ${r.int(1, 200)}, Jalan ${r.pick(['Ampang', 'Bukit Bintang', 'Tun Razak'])}`,
      center: true,
    },
    { left: `Table: ${r.int(1, 40)}   Pax: ${r.int(1, 8)}` },
    {
      left: countFirst ? 'QTY DESCRIPTION     PRICE' : 'DESCRIPTION  QTY   PRICE',
      right: 'AMOUNT',
    },
  ];
  const items: WorldDraft['items'] = [];
  for (const dish of pickItems(r, KOPITIAM, r.int(3, 9))) {
    const each = Math.round(price(r, dish) / 10) * 10;
    const n = r.chance(0.4) ? r.int(2, 5) : 1;
    const left = countFirst
      ? `${n}  ${dish[0]}  ${amount(each)}`
      : `${dish[0]}  ${n}  ${amount(each)}`;
    lines.push({ left, right: amount(each * n) });
    items.push({ name: dish[0], pence: each * n });
  }
  const subtotal = items.reduce((s, i) => s + i.pence, 0);
  const service = Math.round(subtotal / 10);
  const tax = Math.round(((subtotal + service) * 6) / 100);
  const exact = subtotal + service + tax;
  const total = Math.round(exact / 5) * 5;
  lines.push(
    { left: '' },
    { left: 'Sub Total', right: amount(subtotal) },
    { left: 'Service Charge 10%', right: amount(service) },
    { left: 'SST 6%', right: amount(tax) },
    { left: 'Rounding Adj', right: amount(total - exact) },
    { left: 'TOTAL (RM)', right: amount(total) },
    { left: 'CASH', right: amount(Math.ceil(total / 1000) * 1000) },
    { left: 'CHANGE', right: amount(Math.ceil(total / 1000) * 1000 - total) },
    { left: '' },
    { left: 'Thank You, Please Come Again', center: true },
  );
  return { lines, items, total, store };
}

export function draftWorld(r: Random, kind: WorldKind): WorldDraft {
  return kind === 'continental'
    ? continental(r)
    : kind === 'us-grocery'
      ? usGrocery(r)
      : kind === 'two-currencies'
        ? twoCurrencies(r)
        : table(r);
}
