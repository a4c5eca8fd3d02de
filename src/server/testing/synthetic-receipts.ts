import sharp, { type OverlayOptions } from 'sharp';
import { renderReceipt, type ReceiptLine } from './receipt-fixtures';
import { amount as money, draftWorld, type WorldKind } from './world-receipts';

// A seeded generator of UK receipts with their labels, photographed the ways people do: the
// synthetic set bench/receipts reads like any folder (`npm run fixtures:receipt -- --synthetic`),
// and the source of the tests' hard cases (a long receipt photographed whole, a pen stroke across
// the prices, product codes between name and price). Layouts, fonts, sizes and the photo's faults
// all vary by seed, so its figures are a floor to keep, not a target to fit.

/** A labelled receipt in bench/receipts' format (WildReceipt-style items, total and store name). */
export interface SyntheticLabel {
  kind: ReceiptKind;
  items: { name: string; price_value: number }[];
  total: { value: number }[];
  store_name_parts: string[];
  /** how it was photographed, for reading the figures by fault */
  photo: PhotoFaults & {
    /** the share of the frame's width the paper takes in the photo as made */
    paperShareInFrame: number;
    /** the printed lines, header and footer included */
    printedLines: number;
    format: 'jpeg' | 'heic';
  };
}

/** UK kinds, and the kinds of receipt brought back from abroad (world-receipts.ts). */
export type ReceiptKind = 'supermarket' | 'restaurant' | 'cafe' | 'pub' | WorldKind;

export interface PhotoFaults {
  /** share of the frame's width the paper is meant to take; a receipt too long for a 3:4 frame at
   * that share takes less (the label's `paperShareInFrame` says how much) */
  paperShare: number;
  angle: number;
  /** how bowed the paper is, 0 (flat) to 1 (its edges half a printed line below its middle) */
  curl: number;
  /** 1 is a well-lit photo */
  light: number;
  shadow: boolean;
  jpegQuality: number;
  /**
   * A ballpoint line down the price column (true), or a felt-tip line drawn through the prices
   * themselves ('through'): the digits still legible, but prices split where the line crosses them
   */
  penStroke: boolean | 'through';
  /**
   * The longest side the photo may have: a phone camera's own photo is 4032 px (12 MP); one
   * resized on the way (a messaging app, a screenshot) about 2000. Within it the paper keeps the
   * pixels it was printed with (a long receipt in a small frame loses them).
   */
  frameSide: number;
  /** the table's colour under the paper: a seeded dark wood or slate unless given (photoFaults
   * gives one seed in four a pale one, which the paper hardly stands out from) */
  table?: string;
}

/** Mulberry32: a small, fast, seeded generator (the same seed gives the same receipt). */
export function seeded(seed: number) {
  // Neighbouring seeds must not start alike: the seed is mixed first (a 32-bit integer hash).
  let a = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) >>> 0;
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof seeded>;

const GROCERIES: readonly [string, number, number][] = [
  ['SEMI SKIMMED MILK 4PT', 125, 165],
  ['WHITE BREAD 800G', 75, 140],
  ['FREE RANGE EGGS 6PK', 180, 260],
  ['SALTED BUTTER 250G', 189, 245],
  ['BANANAS LOOSE', 15, 95],
  ['BRITISH CHICKEN BREAST', 350, 590],
  ['MATURE CHEDDAR 400G', 300, 420],
  ['PENNE PASTA 500G', 55, 120],
  ['CHOPPED TOMATOES 400G', 45, 95],
  ['BASMATI RICE 1KG', 150, 299],
  ['GREEK YOGURT 500G', 120, 230],
  ['ORANGE JUICE 1L', 110, 220],
  ['BAKED BEANS 4PK', 160, 320],
  ['TEABAGS 80S', 150, 340],
  ['GROUND COFFEE 227G', 250, 450],
  ['DIGESTIVE BISCUITS', 80, 160],
  ['RED PEPPERS 3PK', 99, 180],
  ['BROCCOLI', 49, 89],
  ['CARROTS 1KG', 45, 80],
  ['POTATOES 2.5KG', 120, 210],
  ['SALMON FILLETS 2PK', 350, 520],
  ['BEEF MINCE 500G', 240, 450],
  ['PORK SAUSAGES 6PK', 180, 320],
  ['STREAKY BACON', 175, 300],
  ['FROZEN PEAS 1KG', 99, 160],
  ['OAT MILK 1L', 140, 200],
  ['HOUMOUS 200G', 70, 130],
  ['CUCUMBER', 50, 85],
  ['ICEBERG LETTUCE', 55, 90],
  ['APPLES 6PK', 120, 210],
  ['WASHING UP LIQUID', 90, 200],
  ['TOILET TISSUE 9 ROLL', 350, 590],
  ['KITCHEN ROLL 2PK', 180, 300],
  ['SPARKLING WATER 6X500ML', 180, 320],
  ['COLA 2L', 150, 225],
  ['CRISPS MULTIPACK', 150, 300],
  ['DARK CHOCOLATE 100G', 90, 200],
  ['PLAIN FLOUR 1.5KG', 65, 120],
  ['CASTER SUGAR 1KG', 95, 150],
  ['OLIVE OIL 500ML', 299, 550],
  ['TINNED TUNA 4PK', 299, 420],
  ['SWEETCORN 3PK', 120, 190],
  ['MUSHROOMS 250G', 79, 120],
  ['GARLIC BULBS 3PK', 60, 99],
  ['RED ONIONS 1KG', 80, 130],
  ['LEMONS 4PK', 70, 120],
  ['SPINACH 240G', 100, 165],
  ['CORNFLAKES 500G', 120, 230],
  ['PORRIDGE OATS 1KG', 75, 170],
  ['STRAWBERRY JAM', 90, 199],
  ['PEANUT BUTTER', 150, 250],
  ['DOUBLE CREAM 300ML', 95, 160],
  ['SOURDOUGH LOAF', 150, 250],
  ['CROISSANTS 4PK', 120, 200],
  ['HAND SOAP', 80, 150],
  ['SHAMPOO 400ML', 200, 450],
  ['TOOTHPASTE', 100, 250],
  ['BIN BAGS 20PK', 150, 300],
  ['CAT FOOD 12PK', 400, 650],
  ['FLOWERS BOUQUET', 300, 600],
];

const DISHES: readonly [string, number, number][] = [
  ['Fish and Chips', 1250, 1695],
  ['Steak and Ale Pie', 1350, 1650],
  ['Sunday Roast Beef', 1595, 1995],
  ['Chicken Tikka Masala', 1195, 1495],
  ['Caesar Salad', 895, 1195],
  ['Margherita Pizza', 1050, 1395],
  ['Beef Burger', 1295, 1595],
  ['Halloumi Wrap', 895, 1150],
  ['Bangers and Mash', 1195, 1450],
  ['Mushroom Risotto', 1250, 1550],
  ['Ploughmans Lunch', 995, 1250],
  ['Sea Bass Fillet', 1695, 2195],
  ['Lamb Shank', 1795, 2195],
  ['Tomato Soup', 595, 750],
  ['Garlic Bread', 450, 595],
  ['Chips', 350, 450],
  ['Side Salad', 395, 495],
  ['Onion Rings', 395, 495],
  ['Sticky Toffee Pudding', 650, 795],
  ['Eton Mess', 650, 795],
  ['Apple Crumble', 595, 750],
  ['Cheesecake', 650, 795],
];

const DRINKS: readonly [string, number, number][] = [
  ['Pint of Lager', 550, 695],
  ['Pint of Bitter', 495, 625],
  ['House Red 175ml', 650, 850],
  ['House White 250ml', 750, 995],
  ['Prosecco', 750, 950],
  ['Gin and Tonic', 850, 1150],
  ['Coke', 295, 395],
  ['Lemonade', 275, 350],
  ['Sparkling Water', 250, 395],
  ['Orange Juice', 295, 395],
  ['Cider', 550, 650],
];

const CAFE: readonly [string, number, number][] = [
  ['Flat White', 320, 395],
  ['Latte', 330, 410],
  ['Cappuccino', 320, 400],
  ['Americano', 280, 350],
  ['Espresso', 220, 290],
  ['Pot of Tea', 280, 350],
  ['Hot Chocolate', 340, 420],
  ['Croissant', 250, 320],
  ['Pain au Chocolat', 270, 340],
  ['Cheese Scone', 295, 375],
  ['Carrot Cake', 380, 450],
  ['Bacon Roll', 450, 595],
  ['Toastie', 595, 750],
  ['Banana Bread', 320, 395],
];

const SHOPS = [
  'FRESHWAYS',
  'GREENGATE FOODS',
  'HIGH STREET MARKET',
  'VALLEY STORES',
  'NORTHFIELD SUPERSTORE',
];
const RESTAURANTS = [
  'THE RED LION',
  'THE OLD BELL',
  'BRIDGE STREET KITCHEN',
  'THE ROSE AND CROWN',
  'HARBOUR GRILL',
];
const CAFES = ['CORNER CAFE', 'THE DAILY GRIND', 'MAPLE COFFEE HOUSE', 'BEAN THERE'];
const TOWNS = [
  'London SE1 7PB',
  'Leeds LS1 4AP',
  'Bristol BS1 5TR',
  'York YO1 7HH',
  'Norwich NR2 1RQ',
];
const FONTS = ['DejaVu Sans Mono', 'Liberation Mono', 'DejaVu Sans', 'Liberation Sans Narrow'];

const price = (r: Random, [, lo, hi]: readonly [string, number, number]) =>
  Math.round(r.int(lo, hi) / 5) * 5 - (r.chance(0.5) ? 1 : 0);

interface Drafted {
  lines: ReceiptLine[];
  items: { name: string; pence: number }[];
  total: number;
  store: string;
}

function header(r: Random, store: string): ReceiptLine[] {
  return [
    { left: store, center: true },
    {
      left: `${r.int(1, 120)} ${r.pick(['High Street', 'Market Place', 'Station Road', 'Church Lane'])}`,
      center: true,
    },
    { left: r.pick(TOWNS), center: true },
    { left: `VAT No: GB ${r.int(100, 999)} ${r.int(1000, 9999)} ${r.int(10, 99)}`, center: true },
    {
      left: `${String(r.int(1, 28)).padStart(2, '0')}/${String(r.int(1, 12)).padStart(2, '0')}/2026  ${r.int(10, 21)}:${String(r.int(0, 59)).padStart(2, '0')}`,
    },
    { left: '' },
  ];
}

/** The VAT included in a gross amount at 20%, to the penny. */
const vatOf = (gross: number) => Math.round(gross / 6);

function vatTable(gross: number): ReceiptLine[] {
  const vat = vatOf(gross);
  return [
    { left: '' },
    { left: 'VAT RATE   NET    VAT   GROSS' },
    { left: `A 20%  ${money(gross - vat)}  ${money(vat)}  ${money(gross)}` },
  ];
}

function cardSlip(r: Random, total: number): ReceiptLine[] {
  return [
    { left: '' },
    { left: `${r.pick(['VISA', 'MASTERCARD', 'DEBIT CARD'])} CONTACTLESS`, right: money(total) },
    { left: `**** **** **** ${r.int(1000, 9999)}` },
    { left: `AUTH CODE ${r.int(100000, 999999)}` },
  ];
}

/**
 * How a till prints what other tills print otherwise, for one seed in five each (a stream of its
 * own, so a seed's receipt and photo are otherwise the same): its VAT codes after a minus
 * ('4.99-A'), a line's count and unit price before the name ('2 @ 3.50 COKE 7.00'), a reduced
 * item's price on a line under its name ('BUTTER 250G' over 'WAS 2.09 NOW 1.49'); and for one
 * in four, loose produce sold by weight, its weight and price a kilo on a line under the name,
 * the price on the name's line or on the weight's ('LOOSE CARROTS' over '0.765 kg @ £0.60/kg
 * 0.46').
 */
export interface TillStyle {
  minusBeforeCodes: boolean;
  countFirst: boolean;
  reducedUnderName: boolean;
  weighed: 'priceOnName' | 'priceOnWeight' | null;
}
const PLAIN_TILL: TillStyle = {
  minusBeforeCodes: false,
  countFirst: false,
  reducedUnderName: false,
  weighed: null,
};

function tillStyle(seed: number): TillStyle {
  const r = seeded(seed ^ 0x1b873593);
  return {
    minusBeforeCodes: r.chance(0.2),
    countFirst: r.chance(0.2),
    reducedUnderName: r.chance(0.2),
    weighed: r.chance(0.25) ? r.pick(['priceOnName', 'priceOnWeight'] as const) : null,
  };
}

/** Produce sold loose, with its price a kilo in pence. */
const LOOSE: readonly [string, number][] = [
  ['LOOSE BANANAS', 95],
  ['LOOSE CARROTS', 60],
  ['BROWN ONIONS LOOSE', 85],
  ['LOOSE TOMATOES', 220],
  ['RED GRAPES', 350],
  ['LOOSE PARSNIPS', 110],
];

function supermarket(r: Random, codes: boolean, till: TillStyle): Drafted {
  const store = r.pick(SHOPS);
  const lines = header(r, store);
  const items: Drafted['items'] = [];
  const count = r.int(40, 60);
  const code = () => String(r.int(10_000_000, 99_999_999)) + String(r.int(1000, 9999));
  while (items.length < count) {
    const product = r.pick(GROCERIES);
    const pence = price(r, product);
    const letter = r.pick([' A', ' B', ' Z', '']);
    const vatCode = till.minusBeforeCodes && letter ? `-${letter.trim()}` : letter;
    if (codes) {
      // Name, product code and price on separate lines, as some tills print them.
      lines.push(
        { left: product[0] },
        { left: `  ${code()}`, right: `£${money(pence)}${vatCode}` },
      );
    } else if (till.weighed && r.chance(0.08)) {
      const [name, perKilo] = r.pick(LOOSE);
      const grams = r.int(150, 1800);
      const weighed = Math.round((grams * perKilo) / 1000);
      const weight = `  ${(grams / 1000).toFixed(3)} kg @ £${money(perKilo)}/kg`;
      if (till.weighed === 'priceOnName') {
        lines.push({ left: name, right: `${money(weighed)}${vatCode}` }, { left: weight });
      } else {
        lines.push({ left: name }, { left: weight, right: `${money(weighed)}${vatCode}` });
      }
      items.push({ name, pence: weighed });
      continue;
    } else if (r.chance(0.08)) {
      const n = r.int(2, 4);
      if (till.countFirst) {
        lines.push({
          left: `${n} @ ${money(pence)} ${product[0]}`,
          right: `${money(pence * n)}${vatCode}`,
        });
      } else {
        lines.push({ left: product[0], right: `${money(pence * n)}${vatCode}` });
        lines.push({ left: `  ${n} @ ${money(pence)}` });
      }
      items.push({ name: product[0], pence: pence * n });
      continue;
    } else if (till.reducedUnderName && r.chance(0.1)) {
      const was = pence + r.pick([20, 50, 100]);
      lines.push(
        { left: product[0] },
        { left: `  WAS £${money(was)} NOW`, right: `£${money(pence)}${vatCode}` },
      );
    } else {
      lines.push({ left: product[0], right: `${money(pence)}${vatCode}` });
    }
    items.push({ name: product[0], pence });
    if (r.chance(0.06)) {
      const off = -Math.min(pence - 10, r.pick([50, 100, 75]));
      const name = r.pick(['MULTIBUY SAVING', 'PRICE MATCH', 'CLUBCARD PRICE']);
      lines.push({ left: name, right: money(off) });
      items.push({ name, pence: off });
    }
  }
  const total = items.reduce((s, i) => s + i.pence, 0);
  lines.push(
    { left: '' },
    { left: `${items.filter((i) => i.pence > 0).length} ITEMS` },
    { left: 'BALANCE DUE', right: `£${money(total)}` },
    ...cardSlip(r, total),
    ...vatTable(total),
    { left: '' },
    { left: 'THANK YOU FOR SHOPPING WITH US', center: true },
  );
  return { lines, items, total, store };
}

function restaurant(r: Random, pub: boolean, till: TillStyle): Drafted {
  const store = r.pick(RESTAURANTS);
  const lines = header(r, store);
  lines.splice(lines.length - 1, 0, { left: `Table ${r.int(1, 30)}   Covers ${r.int(2, 8)}` });
  const items: Drafted['items'] = [];
  const n = r.int(4, 12);
  for (let k = 0; k < n; k++) {
    const dish = r.pick(r.chance(0.6) ? DISHES : DRINKS);
    const pence = price(r, dish);
    if (items.some((i) => i.name === dish[0])) continue;
    const q = r.chance(0.25) ? r.int(2, 4) : 1;
    const left =
      q === 1
        ? dish[0]
        : till.countFirst
          ? `${q} @ ${money(pence)} ${dish[0]}`
          : `${q} x ${dish[0]}`;
    lines.push({ left, right: `£${money(pence * q)}` });
    items.push({ name: dish[0], pence: pence * q });
  }
  if (r.chance(0.25)) {
    const off = -Math.round(items.reduce((s, i) => s + i.pence, 0) / 10);
    lines.push({ left: 'Discount 10%', right: `-£${money(-off)}` });
    items.push({ name: 'Discount 10%', pence: off });
  }
  const subtotal = items.reduce((s, i) => s + i.pence, 0);
  const service = pub ? 0 : Math.round((subtotal * 125) / 1000);
  const total = subtotal + service;
  lines.push({ left: '' }, { left: 'SUBTOTAL', right: `£${money(subtotal)}` });
  if (service) lines.push({ left: 'Service Charge 12.5%', right: `£${money(service)}` });
  lines.push({ left: 'TOTAL', right: `£${money(total)}` });
  lines.push(
    ...(r.chance(0.5)
      ? vatTable(total)
      : [{ left: 'VAT included', right: `£${money(vatOf(total))}` }]),
  );
  if (r.chance(0.7)) lines.push(...cardSlip(r, total));
  lines.push({ left: '' }, { left: 'Thank you for dining with us', center: true });
  return { lines, items, total, store };
}

function cafe(r: Random): Drafted {
  const store = r.pick(CAFES);
  const lines = header(r, store);
  const items: Drafted['items'] = [];
  const n = r.int(2, 6);
  for (let k = 0; k < n; k++) {
    const product = r.pick(CAFE);
    if (items.some((i) => i.name === product[0])) continue;
    const pence = price(r, product);
    lines.push({ left: product[0], right: money(pence) });
    items.push({ name: product[0], pence });
  }
  const total = items.reduce((s, i) => s + i.pence, 0);
  const vat = vatOf(total);
  lines.push(
    { left: '' },
    { left: 'Net Total', right: money(total - vat) },
    { left: 'VAT 20%', right: money(vat) },
    { left: 'TOTAL', right: `£${money(total)}` },
    ...vatTable(total),
    ...cardSlip(r, total),
  );
  return { lines, items, total, store };
}

/** One receipt's printed lines and labels, by kind (or the seed's choice). */
export function draftReceipt(
  seed: number,
  kind?: ReceiptKind,
  { productCodes = false, tillStyles = false } = {},
): Drafted & { kind: ReceiptKind } {
  const r = seeded(seed);
  const till = tillStyles ? tillStyle(seed) : PLAIN_TILL;
  const chosen = kind ?? r.pick<ReceiptKind>(['supermarket', 'restaurant', 'cafe', 'pub']);
  const drafted =
    chosen === 'supermarket'
      ? supermarket(r, productCodes, till)
      : chosen === 'cafe'
        ? cafe(r)
        : chosen === 'restaurant' || chosen === 'pub'
          ? restaurant(r, chosen === 'pub', till)
          : draftWorld(r, chosen);
  return { ...drafted, kind: chosen };
}

/** A pale table under the paper for one seed in four (the paper hardly stands out), else none. */
function paleTable(seed: number): string | undefined {
  const r = seeded(seed ^ 0x68e31da4);
  return r.chance(0.25) ? r.pick(['#d9d4cb', '#e6e2da', '#c8b89e', '#efece6']) : undefined;
}

/** The faults of a seed's photo; `over` fixes some. */
export function photoFaults(seed: number, over: Partial<PhotoFaults> = {}): PhotoFaults {
  const r = seeded(seed ^ 0x5bd1e995);
  return {
    paperShare: 0.3 + r.next() * 0.55,
    angle: (r.next() - 0.5) * 12,
    curl: r.chance(0.4) ? r.next() : 0,
    light: r.chance(0.3) ? 0.55 + r.next() * 0.3 : 0.9 + r.next() * 0.15,
    shadow: r.chance(0.3),
    jpegQuality: r.int(45, 90),
    penStroke: false,
    // Its own stream, so the other faults of a seed stay what they were before it was added.
    frameSide: seeded(seed ^ 0x2545f491).chance(0.6) ? 4032 : 2000,
    // A pale table (a white cloth, pale wood, a counter) for one photo in four, its own stream too.
    table: paleTable(seed),
    ...over,
  };
}

/**
 * Photographs a flat receipt: the paper on a table, `paperShare` of the frame's width (the frame
 * 3:4, at most `frameSide` px long), tilted, bowed, dimmed, shadowed, crossed by a pen stroke through the
 * price column if asked, then JPEG-compressed.
 */
export async function photograph(flat: Buffer, faults: PhotoFaults, seed = 1): Promise<Buffer> {
  return (await photographed(flat, faults, seed)).image;
}

/**
 * The photo (JPEG, or with `lossless` a PNG to be encoded as HEIC by the caller) and the share of
 * the frame's width its paper takes.
 */
async function photographed(
  flat: Buffer,
  faults: PhotoFaults,
  seed: number,
  lossless = false,
): Promise<{ image: Buffer; paperShareInFrame: number }> {
  const r = seeded(seed);
  let paper = sharp(flat);
  const { width = 1, height: flatHeight = 1 } = await paper.metadata();
  let height = flatHeight;
  if (faults.penStroke === 'through') {
    // A felt-tip line drawn down through the prices themselves, wavering across them.
    const points = Array.from({ length: 25 }, (_, k) => {
      const y = (height * k) / 24;
      const x = width * (0.875 + Math.sin(k * 1.3) * 0.02) + (r.next() - 0.5) * width * 0.01;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    }).join(' ');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><polyline points="${points}" fill="none" stroke="#16307a" stroke-width="${Math.max(4, Math.round(width / 70))}" stroke-linecap="round" stroke-linejoin="round" opacity="0.9"/></svg>`;
    paper = sharp(
      await paper
        .composite([{ input: Buffer.from(svg) }])
        .png()
        .toBuffer(),
    );
  } else if (faults.penStroke) {
    // A blue ballpoint line down the price column, wavering, as someone ticking the prices.
    const x = width * 0.82;
    const points = Array.from({ length: 12 }, (_, k) => {
      const y = (height * (k + 0.5)) / 12;
      return `${(x + (r.next() - 0.5) * width * 0.06).toFixed(1)},${y.toFixed(1)}`;
    }).join(' ');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><polyline points="${points}" fill="none" stroke="#1f3a93" stroke-width="${Math.max(3, Math.round(width / 140))}" stroke-linecap="round" opacity="0.85"/></svg>`;
    paper = sharp(
      await paper
        .composite([{ input: Buffer.from(svg) }])
        .png()
        .toBuffer(),
    );
  }
  if (faults.curl > 0) {
    // The paper bowed across its width: each column moved down by a parabola, edges most.
    const { data, info } = await paper.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // At most about half a printed line at the edges (24 px on a 48 px line at full size).
    const lift = faults.curl * 24;
    const out = Buffer.alloc(info.width * (info.height + Math.ceil(lift)) * 3, 0xfb);
    for (let xx = 0; xx < info.width; xx++) {
      const t = (xx / info.width) * 2 - 1;
      const dy = Math.round(lift * t * t);
      for (let yy = 0; yy < info.height; yy++) {
        const from = (yy * info.width + xx) * 3;
        const to = ((yy + dy) * info.width + xx) * 3;
        out[to] = data[from]!;
        out[to + 1] = data[from + 1]!;
        out[to + 2] = data[from + 2]!;
      }
    }
    height = info.height + Math.ceil(lift);
    paper = sharp(out, { raw: { width: info.width, height, channels: 3 } });
  }
  // The frame: 3:4, the paper filling `paperShare` of its width unless the paper is too long.
  const frameW0 = width / faults.paperShare;
  const frameH0 = Math.max(frameW0 * (4 / 3), height * 1.08);
  const scale = Math.min(1, faults.frameSide / Math.max(frameW0 * 1.0, frameH0));
  const frameW = Math.round(Math.max(frameW0, frameH0 * 0.75) * scale);
  const frameH = Math.round(frameH0 * scale);
  const pw = Math.max(1, Math.round(width * scale));
  const ph = Math.max(1, Math.round(height * scale));
  // Drawn whether or not the table is given, so a given table changes nothing else of the photo.
  const darkTable = r.pick(['#6b5a48', '#4a4f57', '#8a7f70', '#2f2b28']);
  const table = faults.table ?? darkTable;
  const rotated = await paper
    .resize(pw, ph)
    .rotate(faults.angle, { background: table })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = Math.max(0, Math.round((frameW - rotated.info.width) * r.next()));
  const top = Math.max(0, Math.round((frameH - rotated.info.height) / 2));
  const canvasW = Math.max(frameW, rotated.info.width);
  const canvasH = Math.max(frameH, rotated.info.height);
  // One composite call: sharp keeps only the last list given.
  const overlays: OverlayOptions[] = [{ input: rotated.data, left, top }];
  if (faults.shadow) {
    // A hand's or a phone's shadow across part of the frame.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvasW}" height="${canvasH}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.45" stop-color="#000" stop-opacity="0.25"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    overlays.push({ input: Buffer.from(svg) });
  }
  const photo = sharp(
    await sharp({
      create: { width: canvasW, height: canvasH, channels: 3, background: table },
    })
      .composite(overlays)
      .png()
      .toBuffer(),
  );
  const lit = photo.linear(faults.light, 0);
  return {
    image: await (lossless ? lit.png() : lit.jpeg({ quality: faults.jpegQuality })).toBuffer(),
    paperShareInFrame: pw / canvasW,
  };
}

/**
 * One synthetic photo and its label. With `lossless` the photo is a PNG, for the caller to encode
 * as HEIC (scripts/receipt-fixture.ts; no npm package encodes HEVC), and the label says so.
 */
export async function syntheticReceipt(
  seed: number,
  {
    kind,
    faults,
    productCodes,
    tillStyles,
    lossless = false,
  }: {
    kind?: ReceiptKind;
    faults?: Partial<PhotoFaults>;
    productCodes?: boolean;
    /** vary how the till prints codes and counts (tillStyle); the tests' hard cases keep one */
    tillStyles?: boolean;
    lossless?: boolean;
  } = {},
): Promise<{ jpeg: Buffer; label: SyntheticLabel }> {
  const drafted = draftReceipt(seed, kind, { productCodes, tillStyles });
  const r = seeded(seed * 7 + 3);
  const width = r.int(560, 720);
  const fontSize = r.int(22, 28);
  const fontFamily = r.pick(FONTS);
  const flat = await renderReceipt(drafted.lines, {
    width,
    // A till with a barcode on each line prints in a smaller type, for name, code and price to fit.
    fontSize: drafted.kind === 'us-grocery' ? Math.round(fontSize * 0.75) : fontSize,
    fontFamily,
  });
  const photo = photoFaults(seed, faults);
  const made = await photographed(flat, photo, seed, lossless);
  return {
    jpeg: made.image,
    label: {
      kind: drafted.kind,
      items: drafted.items.map((i) => ({ name: i.name, price_value: i.pence / 100 })),
      total: [{ value: drafted.total / 100 }],
      store_name_parts: [drafted.store],
      photo: {
        ...photo,
        paperShareInFrame: Math.round(made.paperShareInFrame * 1000) / 1000,
        printedLines: drafted.lines.length,
        format: lossless ? 'heic' : 'jpeg',
      },
    },
  };
}

const UPRIGHT: Partial<PhotoFaults> = {
  frameSide: 2000,
  table: undefined,
  angle: 0,
  curl: 0,
  light: 1,
  shadow: false,
  jpegQuality: 85,
};

/**
 * The hard cases the API and browser tests read end to end, each a photo people take: a long
 * supermarket receipt photographed whole (the paper a third of the frame's width; a longer one on a
 * pale table it hardly stands out from), a restaurant
 * bill with a pen stroke down its prices, a supermarket list with a product code between each name
 * and its price, and a cafe receipt with a net total and a VAT table (whose items are checked
 * against the gross total, so it does not warn).
 */
export const HARD_CASES = {
  longWhole: () =>
    syntheticReceipt(101, {
      kind: 'supermarket',
      faults: { ...UPRIGHT, paperShare: 0.33, angle: 1.5 },
    }),
  /**
   * a 105-line supermarket list with product codes on a pale table, curled and dim, in a phone
   * camera's own photo (4032 px): its paper does not stand out, so it is found by its print
   */
  longOnPaleTable: () =>
    syntheticReceipt(6020, {
      kind: 'supermarket',
      productCodes: true,
      faults: { table: '#d9d4cb' },
    }),
  penStroke: () =>
    syntheticReceipt(202, {
      kind: 'restaurant',
      faults: { ...UPRIGHT, paperShare: 0.8, penStroke: true },
    }),
  /** a felt-tip line drawn through the prices themselves, splitting each where it crosses */
  penThrough: () =>
    syntheticReceipt(202, {
      kind: 'restaurant',
      faults: { ...UPRIGHT, paperShare: 0.8, penStroke: 'through' },
    }),
  productCodes: () =>
    syntheticReceipt(303, {
      kind: 'supermarket',
      productCodes: true,
      faults: { ...UPRIGHT, paperShare: 0.8 },
    }),
  cafeVat: () =>
    syntheticReceipt(404, { kind: 'cafe', faults: { ...UPRIGHT, paperShare: 0.7, angle: 2 } }),
} as const;
