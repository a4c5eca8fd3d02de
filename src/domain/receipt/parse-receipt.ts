import { basisPointsOf, itemNameOrDefault, type Pence } from '../money';
import {
  CURRENCY,
  amountWithoutPoint,
  findAmounts,
  findPercent,
  percentToBasisPoints,
  trailingAmount,
  trailingWholeAmount,
  unglueAmounts,
  type FoundAmount,
} from './amounts';
import {
  BUSINESS_WORD,
  COLUMN_HEADING,
  FOUNDED,
  NET_OF_TAX,
  NOT_A_NAME,
  isInfoText,
  keywordKind,
  type LineKind,
} from './keywords';
import { linesFromBoxes } from './lines-from-boxes';
import type { OcrBox, ParsedReceipt, ParsedReceiptItem } from './types';

// Reads a receipt's lines into items, subtotal, service charge, VAT, tip, total and the
// establishment's name. Pure and fast: a handful of regular expressions per line.
//
// The shape of a receipt: a header (name, address, date), the items, then the totals block
// (subtotal, service, VAT, total, how it was paid). Each line is classified by its words
// (keywords.ts) and by whether it ends with an amount (amounts.ts); items are the priced, unlabelled
// lines before the totals block. Where the text allows two readings, the printed figures decide:
// the items should add up to the subtotal, and the total to the subtotal plus service and tip.

/** Other readings tried at most, the least sure boxes' first. */
const MAX_ALTERNATIVES = 12;

/**
 * Reads OCR boxes: builds lines (lines-from-boxes.ts), then parses them. When the items do not add
 * up and the OCR engine had another reading of some box (an unsure figure read two ways), each is
 * tried in turn, one at a time, and the first with which the items add up is kept: the printed
 * sums decide between two readings of a figure.
 */
export function parseReceipt(boxes: readonly OcrBox[]): ParsedReceipt {
  const first = parseReceiptText(linesFromBoxes(boxes));
  if (first.checks.itemsMatchTotal) return first;
  const others = boxes
    .flatMap((box, index) => (box.alternatives ?? []).map((text) => ({ index, text, box })))
    .sort((a, b) => a.box.score - b.box.score)
    .slice(0, MAX_ALTERNATIVES);
  for (const { index, text } of others) {
    const changed = boxes.map((b, k) => (k === index ? { ...b, text } : b));
    const other = parseReceiptText(linesFromBoxes(changed));
    if (other.checks.itemsMatchTotal) return other;
  }
  return first;
}

interface Line {
  index: number;
  text: string;
  /** the price the line ends with, if any */
  amount: FoundAmount | null;
  /** the text before that price */
  label: string;
  /** keyword kind, 'item' for a priced ordinary line, 'text' for an unpriced one */
  kind: LineKind | 'item' | 'text' | 'quantity' | 'running';
  /** decided by the subtotal: an item even if it equals the items above it */
  isItem?: boolean;
}

interface Item extends ParsedReceiptItem {
  line: number;
  /** after the subtotal: a discount on the whole bill, not checked against the subtotal */
  afterSubtotal?: boolean;
}

/** Parses receipt text, one string per printed line. Never throws. */
export function parseReceiptText(rawLines: readonly string[]): ParsedReceipt {
  const texts = rawLines.map(clean).filter((t) => t !== '');
  const lines = joinPricesOnTheirOwnLine(classifyAll(texts));
  let itemsEnd = endOfItems(lines);
  const figures = readFigures(lines, itemsEnd);
  let items = readItems(lines, itemsEnd);
  if (restoreItemsTheSubtotalNeeds(lines, items, figures.subtotal)) {
    itemsEnd = endOfItems(lines);
    items = readItems(lines, itemsEnd);
  }
  items = dropItemThatBreaksSubtotal(items, figures.subtotal);
  items = dropBreakdown(items, lines, itemsEnd, figures);
  const itemsSum = countedPence(items);
  const base = figures.subtotal ?? itemsSum;
  const service =
    figures.service ??
    (figures.servicePercent !== null && base > 0
      ? basisPointsOf(base, percentToBasisPoints(figures.servicePercent))
      : null);
  const billDiscounts = sum(items.filter((i) => i.afterSubtotal).map((i) => i.amountPence));
  const total = chooseTotal(lines, itemsEnd, figures, base, service, billDiscounts);
  // An item dearer than the whole receipt (its total, or subtotal, before the discounts printed on
  // it) is a misreading, a product code or a card number read as a price: never one to return.
  if (total !== null && total > 0) {
    const discounts = sum(items.filter((i) => i.amountPence < 0).map((i) => -i.amountPence));
    const ceiling = Math.max(total, figures.subtotal ?? 0) + discounts;
    items = items.filter((i) => i.amountPence <= ceiling);
  }

  return {
    items: items.map(({ name, amountPence, quantity }) =>
      quantity === undefined ? { name, amountPence } : { name, amountPence, quantity },
    ),
    subtotalPence: figures.subtotal,
    taxPence: figures.tax,
    serviceChargePence: service,
    serviceChargePercent: figures.servicePercent,
    tipPence: figures.tip,
    totalPence: total,
    establishmentName: establishmentName(lines),
    checks: check(items, lines, figures, total, service),
    rawText: texts.join('\n'),
  };
}

function clean(text: string): string {
  let line = unglueAmounts(text.replace(/\s+/g, ' ').trim())
    // US tills print amounts under a dollar without the zero: 'TAX .56', 'Change $.00'.
    // Not after a number and a space: '1 .39' is a misread 1.39.
    .replace(/(^|[$£€:]|(?<![\d\s]|\bN[Oo]|\bNR|#)\s)\.(\d{2})(?![\d.,])/g, '$10.$2');
  // A VAT code digit printed right after the line total ('2.50 2.509' for 2.50 and code 9): only
  // where a unit price column already stands before it, so a lone '2.509' stays unread.
  const glued = /(\d[.,]\d{2})[1-9]$/.exec(line);
  if (glued && findAmounts(line.slice(0, glued.index)).length > 0) {
    line = `${line.slice(0, glued.index)}${glued[1]} ${line.at(-1)}`;
  }
  return line;
}

// A quantity line: '2 @ 2.50', '2 x £2.50 5.00', '2 X 1.25', 'Qty 4@ $9.30ea 37.20', and with its
// '@' lost to OCR 'Qty 4 $9.30ea 37.20'. The name is on the line above or the price belongs to the
// item above.
const QUANTITY_LINE =
  /^(?:QTY\.?:?\s*)?(\d{1,3})\s*[@x×*]\s*(?:£|\$|€)?\s*\d+[.,]\d{2}(?!\d)|^QTY\.?:?\s*(\d{1,3})\s+(?:£|\$|€)?\s*\d+[.,]\d{2}\s*(?:EA|EACH)\b/i;

/**
 * A line ending in a whole amount grouped by commas: '50,000', 'Total 224,400'. (A point before
 * three digits may be a decimal point: '6.281' gallons, '6.900' rials.)
 */
const THOUSANDS_AT_END = /(?<![\d.,])\d{1,3}(?:,\d{3})+\s*[A-Z]?\s*$/;

/**
 * Classifies every line. A receipt with (almost) no amounts in pence but several lines ending in a
 * whole number ('Haircut 250', 'Grand Total 356.0') is in a currency without pence: read those.
 * Thousands ('23,967' rupiah) only when nothing at all is in pence: '6.281' gallons beside a
 * '$16.24' sale are not 6281 dollars.
 */
function classifyAll(texts: string[]): Line[] {
  const lines = texts.map((text, index) => classify(text, index));
  // A line with an amount in pence anywhere ('Aamur 2.50 250': a unit price before a whole line
  // total) says the receipt prints pence.
  const inPence = lines.filter((l) => l.amount || findAmounts(l.text).length > 0).length;
  // Lines ending in comma thousands ('50,000'): more of them than lines in pence is a currency
  // without pence whose OCR made a few look like pence ('9.350' read as 9.35 and a flag).
  const inThousands = texts.filter((t) => THOUSANDS_AT_END.test(t)).length;
  const thousands = inPence === 0 || (inThousands >= 2 && inThousands > inPence);
  if (inPence >= 2 && !thousands) {
    // Among amounts in pence, '$4370' is $43.70 whose point OCR lost.
    return lines.map((line) => {
      const amount = line.amount ? null : amountWithoutPoint(line.text);
      return amount ? classified(line.text, line.index, amount) : line;
    });
  }
  const whole = texts.map((text, index) => {
    const line = classify(text, index, thousands ? 'thousands' : 'units');
    // '2* 2760' under '2 HINANO PACK 5520': the count and unit price of the item above.
    return /^\d{1,3}\s*[@x×*]\s*\d+$/i.test(text) ? { ...line, kind: 'info' as const } : line;
  });
  const priced = whole.filter((l) => l.amount && /[A-Za-z]{2,}/.test(l.label));
  return priced.length >= 2 ? whole : lines;
}

/** 'units' and 'thousands': read whole numbers, for a receipt without pence (see classifyAll). */
function classify(text: string, index: number, whole?: 'units' | 'thousands'): Line {
  const amount = whole
    ? trailingWholeAmount(text, whole === 'thousands')
    : (trailingAmount(text) ?? totalsAmount(text));
  return classified(text, index, amount);
}

function classified(text: string, index: number, amount: FoundAmount | null): Line {
  const label = amount ? text.slice(0, amount.start).trim() : text;
  let kind: Line['kind'];
  if (amount && QUANTITY_LINE.test(text) && !/[A-Za-z]{3,}/.test(text.replace(/^QTY/i, ''))) {
    kind = 'quantity';
  } else kind = keywordKind(label) ?? (amount ? 'item' : 'text');
  if (kind === 'item' && (isInfoText(label, true) || FOUNDED.test(text))) kind = 'info';
  // '1.385kg @ $2.98/kg 4.13', '2 @ 0.69 EA', '0.20 EA 5 FOR 0.99': a weight or count at a unit
  // price under an item. ('2 FOR $5.95 -25.30' is the deal's discount: it stays.)
  if (kind === 'item' && !amount?.negative && isUnitPrice(label)) kind = 'info';
  return { index, text, amount, label, kind };
}

const UNIT_WORDS = /^(?:EA|EACH|FOR|PER|AT|LBS?|KG)$/i;

/** A label that only says how the price was made: a count or weight at a unit price. */
function isUnitPrice(label: string): boolean {
  if (/^[^A-Za-z]*(?:[A-Za-z]{1,2}[^A-Za-z]*)?@/.test(label)) return true;
  const words = label.split(/[^A-Za-z]+/).filter((w) => w !== '');
  return (
    findAmounts(label).length > 0 && words.length > 0 && words.every((w) => UNIT_WORDS.test(w))
  );
}

/**
 * A total's amount followed by a stray word from the paper around it ('TOTAL 49.25 SICA', a logo or
 * a fold read into the line): for subtotal and total lines only, whose words say what the amount is.
 */
function totalsAmount(text: string): FoundAmount | null {
  const last = findAmounts(text).at(-1);
  if (!last || !/^\s+[^\d\s]{1,8}\s*$/.test(text.slice(last.end))) return null;
  const kind = keywordKind(text.slice(0, last.start));
  return kind === 'total' || kind === 'subtotal' ? last : null;
}

/**
 * 'Fish & Chips' on one line and '12.50' on the next is one item; so is 'TOTAL' over '30.00'. OCR
 * often splits a row whose price is far to the right, and some tills print prices under names.
 */
function joinPricesOnTheirOwnLine(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const priceOnly = line.amount !== null && !/[A-Za-z]/.test(line.label) && line.label === '';
    if (previous && priceOnly && previous.amount === null && /[A-Za-z]{2,}/.test(previous.text)) {
      const text = `${previous.text} ${line.text}`;
      out[out.length - 1] = { ...classify(text, previous.index) };
      continue;
    }
    out.push(line);
  }
  return out.map((line, index) => ({ ...line, index }));
}

/**
 * The items end at the first subtotal or total that follows an item; failing that, at the first
 * payment line. (A card slip printed above the items is not the end of them.)
 */
function endOfItems(lines: Line[]): number {
  const firstItem = lines.findIndex((l) => l.kind === 'item' || l.kind === 'quantity');
  if (firstItem === -1) return lines.length;
  itemsNamedLikeTotals(lines, firstItem);
  const after = lines.slice(firstItem);
  const end =
    after.find((l) => l.kind === 'subtotal' || l.kind === 'total' || l.kind === 'table') ??
    sumOfItems(after) ??
    after.find((l) => l.kind === 'tender' || l.kind === 'change');
  return end ? end.index : lines.length;
}

/**
 * A 'total' line for less than the items printed above it, with another total still to come, is a
 * product whose name holds the word ('LIST TOTAL CARE 2.77', 'TOTAL WASH 3.49'): an item.
 */
function itemsNamedLikeTotals(lines: Line[], firstItem: number): void {
  let itemsSoFar = 0;
  for (const [i, line] of lines.entries()) {
    if (i < firstItem || !line.amount) continue;
    if (line.kind === 'item') itemsSoFar += line.amount.pence;
    if (line.kind === 'discount') itemsSoFar -= Math.abs(line.amount.pence);
    if (line.kind !== 'total' || STRONG_TOTAL.test(line.label)) continue;
    const later = lines
      .slice(i + 1)
      .some((l) => (l.kind === 'total' || l.kind === 'subtotal') && l.amount);
    // A product's name or code besides the word, not a misread 'SUBTOTAL' ('5TOTAL 35.50').
    const rest = line.label.replace(/\b\w*TOTAL\w*\b/gi, ' ');
    const named =
      (/[A-Za-z]{3,}/.test(rest) || /\d{6,}/.test(rest)) &&
      !/\b(?:INC\w*|EXC\w*|GST|VAT|TAX\w*|DUE|NET|ADJ\w*|SALES|AMOUNT|AMT)\b/i.test(rest);
    if (later && named && line.amount.pence > 0 && line.amount.pence < itemsSoFar) {
      line.kind = 'item';
      itemsSoFar += line.amount.pence;
    }
  }
}

/**
 * With no subtotal or total line (OCR garbled its word: 'TDT,COHPRA' for 'TOT.COMPRA'), the first
 * line whose amount is the sum of three or more items above it ends the items.
 */
function sumOfItems(after: Line[]): Line | undefined {
  let sum = 0;
  let count = 0;
  for (const line of after) {
    if (!line.amount) continue;
    if (line.kind === 'item' && count >= 3 && line.amount.pence === sum) return line;
    if (line.kind === 'item') {
      sum += line.amount.pence;
      count++;
    } else if (line.kind === 'discount') sum -= Math.abs(line.amount.pence);
  }
  return undefined;
}

function readItems(lines: Line[], itemsEnd: number): Item[] {
  const region = lines.slice(0, itemsEnd);
  const namesFollow = namesFollowPrices(region);
  const items: Item[] = [];
  const usedNames = new Set<Line>(); // name lines below a price, already given to it
  let sectionStart = 0; // items since the last running total
  let pendingName: Line | null = null; // an unpriced line just above, maybe the item's name
  let pendingQuantity: { quantity: number; total: Pence } | null = null;
  for (const [i, line] of region.entries()) {
    if (line.kind === 'text') {
      pendingName = looksLikeName(line.text) && !usedNames.has(line) ? line : null;
      continue;
    }
    // An unpriced line of three or more words named like a payment, among the items, names the
    // price below it: 'CARD MDAY GRANDMOTHER' over '720473462272 4.99T' (a greeting card).
    if (line.kind === 'tender' && !line.amount && /^(?:\W*[A-Za-z]{2,}\b){3}/.test(line.text)) {
      pendingName = line;
      continue;
    }
    if (line.kind === 'section') sectionStart = items.length;
    if (line.kind === 'quantity') {
      const result = quantityItem(line, items, pendingName);
      if (result && 'pending' in result) pendingQuantity = result.pending;
      else if (result) items.push(result);
      pendingName = null;
      continue;
    }
    if ((line.kind === 'item' || line.kind === 'discount') && line.amount) {
      const since = items.slice(sectionStart);
      // A priced line equal to the sum of the items above it is a running total ('Food 28.95').
      if (
        line.kind === 'item' &&
        !line.isItem &&
        since.length >= 2 &&
        sum(since.map((x) => x.amountPence)) === line.amount.pence
      ) {
        line.kind = 'running';
        sectionStart = items.length;
        pendingName = null;
        continue;
      }
      // '2 CAFE GRAIN 5.58' over '2.79': the unit price of the item above, not another item.
      const above = items.at(-1);
      if (
        !pendingName &&
        !/[A-Za-z]{2,}/.test(line.label) &&
        above?.line === line.index - 1 &&
        above.quantity !== undefined &&
        above.quantity * line.amount.pence === above.amountPence
      ) {
        continue;
      }
      const next = region[i + 1];
      const nameBelow =
        namesFollow && next?.kind === 'text' && looksLikeName(next.text) ? next : null;
      const item = itemFromLine(line, nameBelow ?? pendingName);
      if (pendingQuantity && pendingQuantity.total === item.amountPence) {
        item.quantity = pendingQuantity.quantity;
      }
      items.push(item);
      if (nameBelow && item.name === tidyName(nameBelow.text)) {
        usedNames.add(nameBelow); // it must not name the next price too
      }
    }
    pendingQuantity = null;
    pendingName = null;
  }
  // Discounts and promotions printed between the subtotal and the total still change what people pay.
  // ('Item Total 30.00', 'Discount 5.00', 'Total 25.00': the items may end at a first total.)
  const totalLine = lines.findIndex((l, i) => i > itemsEnd && l.kind === 'total');
  if (totalLine !== -1) {
    for (const line of lines.slice(itemsEnd, totalLine)) {
      if (line.kind === 'discount' && line.amount && line.amount.pence !== 0) {
        items.push({ ...itemFromLine(line, null), afterSubtotal: true });
      }
    }
  }
  return items;
}

/**
 * Some tills print the price line first (often with a product code) and the description under it.
 * When the prices without a name more often have a name line below than above, names follow.
 */
function namesFollowPrices(region: Line[]): boolean {
  let above = 0;
  let below = 0;
  for (const [i, line] of region.entries()) {
    if (line.kind !== 'item' || /[A-Za-z]{2,}/.test(line.label)) continue;
    const previous = region[i - 1];
    const next = region[i + 1];
    if (previous?.kind === 'text' && looksLikeName(previous.text)) above++;
    if (next?.kind === 'text' && looksLikeName(next.text)) below++;
  }
  return below > 0 && below >= above;
}

/** A product code before the name ('4000000104 CHECKLANE CANDY'): not a phone number. */
const CODE_BEFORE_NAME = /^\d{8,14}\s+(?=[A-Za-z]{3})/;

function looksLikeName(text: string): boolean {
  return (
    /[A-Za-z]{2,}/.test(text) &&
    !isInfoText(text.replace(CODE_BEFORE_NAME, '')) &&
    !COLUMN_HEADING.test(text) &&
    keywordKind(text) === null &&
    text.length < 60
  );
}

// Leading quantity: '2 x Coke', '2x Coke', '2 Coke', '1,00 Copa' (a European quantity column),
// '1BAJA STEAK' (no space, as many tills print it).
const LEADING_QUANTITY =
  /^(\d{1,3})(?:[.,]\d{1,3})?\s*(?:[xX×*@]\s*|\s+|(?=[A-Z][A-Za-z]|[a-z]{3}))(?=\S)/;
// Trailing quantity: 'Coke x2', 'Coke x 2', 'Coke (2)'.
const TRAILING_QUANTITY = /\s+(?:[xX×]\s?(\d{1,3})|\((\d{1,3})\))$/;

function itemFromLine(line: Line, pendingName: Line | null): Item {
  const amount = line.amount!;
  let name = line.label;
  // A unit price column before the line total: 'Coke 2 2.50 5.00'.
  // The unit price may keep its VAT code or a misread '£' ('DOUBLE CREAM 0.84 F 0.84').
  let unit: Pence | null = null;
  for (let found = findAmounts(name).at(-1); found; found = findAmounts(name).at(-1)) {
    if (!/^\s*[A-Za-z]?\s*$/.test(name.slice(found.end))) break;
    name = name.slice(0, found.start).trim();
    unit = found.pence;
  }
  // A unit price to three or four decimals ('CD Album 96.9040 58.14'): not part of the name.
  name = name.replace(/\s+\d+[.,]\d{3,4}$/, '');
  name = lettersForDigits(name);
  let quantity: number | undefined;
  // What the unit price leaves behind: 'Pinot Noir (3 @' from 'Pinot Noir (3 @10.00) 30.00'.
  const atPrice = /\s*[(（]?\s*(\d{1,3})\s*[@xX×]\s*$/.exec(name);
  if (atPrice && /[A-Za-z]{2,}/.test(name.slice(0, atPrice.index))) {
    quantity = Number(atPrice[1]);
    name = name.slice(0, atPrice.index);
  }
  // A count before the unit price, when count times unit price is the line's amount: 'Coffee 2
  // $1.95 $3.90', or with its '@' misread as a '0' or an '8', 'Coffee 20$1.95 $3.90'.
  const count = /\s(\d{1,3})$/.exec(name);
  if (quantity === undefined && unit && count) {
    const printed = Number(count[1]);
    // Only a count of two or more loses its '@': 'Pizza 10 8.00 8.00' is not one pizza.
    const misread = /\d[08]$/.test(count[1]!) ? Math.floor(printed / 10) : 0;
    const times = [printed, misread].find(
      (q) => q > 0 && q * unit === amount.pence && (q > 1 || q === printed),
    );
    if (times !== undefined) {
      quantity = times;
      name = name.slice(0, count.index);
    }
  }
  const leading = LEADING_QUANTITY.exec(name);
  // Not '2 FOR $5.95': a deal, not two of something.
  if (leading && /[A-Za-z]/.test(name.slice(leading[0].length)) && !/^\d+\s*FOR\b/i.test(name)) {
    quantity = Number(leading[1]);
    name = name.slice(leading[0].length);
  }
  const trailing = TRAILING_QUANTITY.exec(name);
  if (trailing) {
    quantity = Number(trailing[1] ?? trailing[2]);
    name = name.slice(0, trailing.index);
  }
  name = tidyName(name);
  if (!/[A-Za-z]{2,}/.test(name) && pendingName) name = tidyName(pendingName.text);
  const negative = amount.negative || line.kind === 'discount';
  const pence = negative ? -Math.abs(amount.pence) || 0 : amount.pence;
  const item: Item = { name: itemNameOrDefault(name), amountPence: pence, line: line.index };
  if (quantity !== undefined && quantity > 1) item.quantity = quantity;
  return item;
}

/** A currency left at the end of a name when its amount was printed apart ('Steak GBP  12.50'). */
const CURRENCY_AT_END = new RegExp(String.raw`(?:(?<![A-Za-z])${CURRENCY}|[£$€])\s*$`, 'i');

/** A one or a zero between letters is a misread letter ('Van1lla', 'FL00R', 'P11vr'). */
function lettersForDigits(text: string): string {
  return text
    .replace(/(?<=[a-z]1*)1(?=1*[a-z])/g, 'l')
    .replace(/(?<=[A-Z]1*)1(?=1*[A-Z])/g, 'I')
    .replace(/(?<=[a-z]0*)0(?=0*[a-z])/g, 'o')
    .replace(/(?<=[A-Z]0*)0(?=0*[A-Za-z])|(?<=[A-Za-z]0*)0(?=0*[A-Z])/g, 'O');
}

function tidyName(name: string): string {
  return (
    lettersForDigits(name)
      .replace(/\b\d{6,}\b/g, ' ') // product codes and barcodes
      .replace(/^\d{8,}(?=[A-Za-z]{3})/, '') // a code glued to the name ('400084751261RINSE')
      .replace(/\s+/g, ' ')
      .replace(CURRENCY_AT_END, '')
      // PaddleOCR's recogniser has no '£': a pound sign before the price comes out as a lone 'f',
      // 'F' or 'E' at the end of the name ('Steak Pie f 13.95').
      .replace(/(?<=[A-Za-z]{2,}\s+)[fFE]\s*$/, '')
      .replace(/[.\s_·…:-]{2,}$/, '')
      .replace(/^[^A-Za-z0-9(]+/, '')
      .replace(/[\s:*#-]+$/, '')
      .trim()
  );
}

/**
 * '2 @ 2.50' (or '2 x 2.50 5.00'): the quantity of the item above when its amount agrees, else an
 * item named by the line above, else the quantity of the item below (returned as pending).
 */
function quantityItem(
  line: Line,
  items: Item[],
  pendingName: Line | null,
): Item | { pending: { quantity: number; total: Pence } } | null {
  const m = QUANTITY_LINE.exec(line.text)!;
  const quantity = Number(m[1] ?? m[2]);
  const amounts = findAmounts(line.text);
  const unit = amounts[0]!.pence;
  const lineTotal = amounts.length > 1 ? amounts.at(-1)!.pence : unit * quantity;
  const previous = items.at(-1);
  if (!pendingName && previous && previous.amountPence === lineTotal) {
    previous.quantity = quantity;
    return null;
  }
  if (!pendingName) return { pending: { quantity, total: lineTotal } };
  return { name: tidyName(pendingName.text), amountPence: lineTotal, quantity, line: line.index };
}

interface Figures {
  subtotal: Pence | null;
  tax: Pence | null;
  service: Pence | null;
  servicePercent: string | null;
  tip: Pence | null;
  /** the words printed beside the subtotal */
  subtotalLabel: string | null;
}

function readFigures(lines: Line[], itemsEnd: number): Figures {
  const nonZero = (kind: LineKind): Pence | null => {
    const line = lines.find((l) => l.kind === kind && l.amount && l.amount.pence !== 0);
    return line ? Math.abs(line.amount!.pence) : null;
  };
  const serviceLines = lines.filter((l) => l.kind === 'service');
  const percentLine = serviceLines.find((l) => findPercent(l.text) !== null);
  const subtotalLine =
    lines.find((l) => l.index >= itemsEnd && l.kind === 'subtotal' && l.amount) ??
    lines.find((l) => l.kind === 'subtotal' && l.amount);
  return {
    subtotal: subtotalLine ? Math.abs(subtotalLine.amount!.pence) : null,
    subtotalLabel: subtotalLine?.label ?? null,
    tax: nonZero('tax'),
    service: nonZero('service'),
    servicePercent: percentLine ? findPercent(percentLine.text) : null,
    tip: nonZero('tip'),
  };
}

/**
 * When the items fall short of the subtotal, lines read as something else may be items after all:
 * a line equal to the sum of the items above it, taken for a running total, whose amount is the
 * shortfall; or products named like payments ('Gift Card 100.00', 'CARD THANKS CROWN 5.99', a
 * greeting card), priced above the subtotal, that together make up the shortfall. Marks them as
 * items and says whether it did.
 */
function restoreItemsTheSubtotalNeeds(
  lines: Line[],
  items: Item[],
  subtotal: Pence | null,
): boolean {
  if (subtotal === null) return false;
  const shortBy = subtotal - countedPence(items);
  if (shortBy <= 0) return false;
  const running = lines.find((l) => l.kind === 'running' && l.amount?.pence === shortBy);
  const firstSubtotal = lines.findIndex((l) => l.kind === 'subtotal' && l.amount);
  const payments = lines
    .slice(0, firstSubtotal)
    .filter((l) => l.kind === 'tender' && l.amount && l.amount.pence > 0);
  const restored = running
    ? [running]
    : sum(payments.map((l) => l.amount!.pence)) === shortBy
      ? payments
      : [];
  for (const line of restored) {
    line.kind = 'item';
    line.isItem = true;
  }
  return restored.length > 0;
}

/** When the items exceed the subtotal by exactly one item's amount, that line was not an item. */
function dropItemThatBreaksSubtotal(items: Item[], subtotal: Pence | null): Item[] {
  if (subtotal === null) return items;
  const counted = items.filter((i) => !i.afterSubtotal);
  const excess = sum(counted.map((i) => i.amountPence)) - subtotal;
  if (excess <= 0) return items;
  const culprit = [...counted].reverse().find((i) => i.amountPence === excess);
  return culprit ? items.filter((i) => i !== culprit) : items;
}

/**
 * US tills print the bill broken down by kind under the items ('Food 21.95', 'Liquor 6.50'): two or
 * more lines straight after the items, fewer than the items, that add up to the items above them
 * are not items, when those items alone agree with the subtotal or the total printed below.
 */
function dropBreakdown(items: Item[], lines: Line[], itemsEnd: number, figures: Figures): Item[] {
  const counted = items.filter((i) => !i.afterSubtotal);
  const printed = lines
    .slice(itemsEnd)
    .filter((l) => (l.kind === 'subtotal' || l.kind === 'total') && l.amount)
    .map((l) => l.amount!.pence);
  const extras = (figures.tax ?? 0) + (figures.service ?? 0);
  for (let k = 2; k < counted.length - k; k++) {
    const tail = counted.slice(-k);
    const head = sum(counted.slice(0, -k).map((i) => i.amountPence));
    const consecutive = tail.every((item, i) => i === 0 || item.line === tail[i - 1]!.line + 1);
    if (
      consecutive &&
      tail.every((i) => i.amountPence > 0 && i.quantity === undefined) &&
      sum(tail.map((i) => i.amountPence)) === head &&
      printed.some((p) => p === head || p === head + extras)
    ) {
      return items.filter((i) => !tail.includes(i));
    }
  }
  return items;
}

// Stronger wording wins when the figures do not decide between two totals.
const STRONG_TOTAL =
  /GRAND\s*TOTAL|TOTAL\s*DUE|BALANCE\s*DUE|AMOUNT\s*DUE|AMT\s*DUE|TO\s*PAY|PAYABLE/i;

/** Cash is rounded to the nearest 5 or 10 of the smallest coin: never more than 5p either way. */
const MAX_ROUNDING = 5;

/**
 * The total: a 'total' line whose amount agrees with the subtotal plus service and tip (with or
 * without VAT added, as US receipts add tax), else the largest total line (a receipt that adds a
 * tip prints the total again, larger), else what the card paid, else cash less change.
 */
function chooseTotal(
  lines: Line[],
  itemsEnd: number,
  figures: Figures,
  base: Pence,
  service: Pence | null,
  billDiscounts: Pence = 0,
): Pence | null {
  const candidates = lines.filter((l) => l.kind === 'total' && l.amount && l.amount.pence > 0);
  // 'TOTAL' printed under its amount: take the bare amount just above.
  for (const line of lines) {
    const above = lines[line.index - 1];
    if (line.kind === 'total' && !line.amount && above?.amount && above.label === '') {
      candidates.push({ ...line, amount: above.amount });
    }
  }
  const extras = (service ?? 0) + (figures.tip ?? 0);
  const sums = [
    base + extras,
    base + extras + (figures.tax ?? 0),
    base + (service ?? 0),
    base + (service ?? 0) + (figures.tax ?? 0),
  ];
  // A discount on the whole bill, printed after the subtotal, comes off the total.
  const expected = billDiscounts === 0 ? sums : [...sums.map((p) => p + billDiscounts), ...sums];
  const paid = paidAmount(lines.slice(itemsEnd));
  // No total line (OCR garbled its word: 'TDT,COHPRA' for 'TOT.COMPRA'), but a line under the
  // items adds them all up: that is the total, unless more than that was paid (tax added after).
  const sumLine = lines.find(
    (l) =>
      (l.kind === 'running' || (l.kind === 'item' && l.index >= itemsEnd)) &&
      l.amount!.pence === base,
  );
  if (sumLine && base > 0 && candidates.length === 0 && (paid === null || paid < base)) {
    return base;
  }
  // Cash rounding ('Total 11.98', 'Rounding Adj 0.02', 'Rounding 12.00', 'Cash 20.00', 'Change
  // 8.00'): the bill is the total the items, service and tax add up to, or failing that the total
  // within a rounding of what was paid; rounding to the nearest 5 sen or cent is how the cash was
  // settled, not part of what is shared (decision 007).
  const rounding = lines.find((l) => l.index >= itemsEnd && l.kind === 'rounding');
  if (rounding) {
    const exact = candidates
      .filter((l) => {
        const pence = l.amount!.pence;
        const nearPaid = paid !== null && Math.abs(paid - pence) <= MAX_ROUNDING;
        return (
          (paid === null || nearPaid) &&
          ((base > 0 && expected.includes(pence)) || (nearPaid && paid !== pence))
        );
      })
      .at(-1);
    if (exact) return exact.amount!.pence;
  }
  // What was paid settles it: the card's amount, or cash less change, when the figures agree with it
  // or it is printed again above. (Cash rounding is settled above.)
  if (paid !== null) {
    const printed = lines
      .slice(itemsEnd)
      .filter((l) => l.kind !== 'tender' && l.kind !== 'change' && l.amount?.pence === paid);
    const agrees = base > 0 && expected.includes(paid);
    if (agrees || printed.length > 0 || candidates.some((l) => l.amount!.pence === paid)) {
      return paid;
    }
  }
  // 'Total 365.00', taxes, 'Net Amount 393.00': a net amount printed after the total, and larger,
  // is what is paid (Indian bills), not the net of tax a subtotal usually is.
  const net = lines.find(
    (l) =>
      l.kind === 'subtotal' &&
      l.amount !== null &&
      /\bNET\s*(?:AMOUNT|AMT)\b/i.test(l.label) &&
      candidates.some((c) => c.index < l.index && c.amount!.pence < l.amount!.pence),
  );
  if (net) return net.amount!.pence;
  // 'Total Payable' or 'Amount Due' printed last is the total, whatever the lines above add up to.
  const last = candidates.reduce<Line | null>((a, l) => (a && a.index > l.index ? a : l), null);
  if (last && STRONG_TOTAL.test(last.label)) return last.amount!.pence;
  if (base > 0) {
    const agreeing = candidates.filter((l) => expected.includes(l.amount!.pence));
    if (agreeing.length > 0) return agreeing.at(-1)!.amount!.pence;
  }
  if (candidates.length > 0) {
    const strong = candidates.filter((l) => STRONG_TOTAL.test(l.label));
    const pool = strong.length > 0 ? strong : candidates;
    return Math.max(...pool.map((l) => l.amount!.pence));
  }
  // A payment printed among the items (a slip whose totals lost their amounts) still says it.
  const paidAnywhere = paid ?? paidAmount(lines);
  if (paidAnywhere !== null) return paidAnywhere;
  const afterItems = lines.slice(itemsEnd);
  // Amounts with no words under the items ('Subtotal 5.25', '0.20', '5.45'): the one that agrees,
  // else the largest that is not less than the items.
  const bare = afterItems
    .filter((l) => (l.kind === 'item' || l.kind === 'text') && l.amount && l.amount.pence >= base)
    .map((l) => l.amount!.pence);
  // An unlabelled running total of all the items, last in the item list, is the total.
  const running = lines
    .slice(0, itemsEnd)
    .filter((l) => l.kind === 'running')
    .at(-1);
  if (running && running.amount!.pence === base) bare.unshift(base);
  const agreeing = bare.find((p) => expected.includes(p));
  if (agreeing !== undefined) return agreeing;
  if (bare.length > 0) return Math.max(...bare);
  if (figures.subtotal !== null)
    return figures.subtotal + extras + taxAdded(lines, itemsEnd, figures);
  // Last resort, when OCR lost every total word: the largest amount that is not a payment, if the
  // items fit under it (a receipt's total is its largest figure but for cash tendered).
  const amounts = lines
    .filter(
      (l) =>
        l.amount && !['tender', 'change', 'info', 'rounding', 'count', 'table'].includes(l.kind),
    )
    .map((l) => l.amount!.pence);
  const largest = amounts.length > 0 ? Math.max(...amounts) : 0;
  return largest > 0 && largest >= base ? largest : null;
}

/**
 * Tax printed between the subtotal and a total whose amount was lost is added on top of the
 * subtotal (US receipts); VAT printed elsewhere is included in the prices (UK receipts).
 */
function taxAdded(lines: Line[], itemsEnd: number, figures: Figures): Pence {
  const subtotal = lines.findIndex((l, i) => i >= itemsEnd && l.kind === 'subtotal' && l.amount);
  const total = lines.findIndex((l, i) => i > subtotal && l.kind === 'total');
  if (subtotal === -1 || total === -1 || figures.tax === null) return 0;
  return lines.slice(subtotal, total).some((l) => l.kind === 'tax' && l.amount) ? figures.tax : 0;
}

/**
 * What was paid: cash (or any tender) less the change given after it, else the card's amount; null
 * when neither is printed. Some tills print the payment as a negative line ('Card -59.00').
 */
function paidAmount(lines: Line[]): Pence | null {
  const tenders = lines.filter((l) => l.kind === 'tender' && l.amount && l.amount.pence !== 0);
  const change = lines.find((l) => l.kind === 'change' && l.amount);
  if (change) {
    // The money handed over is more than the change; cash is named so when it is.
    const given = tenders.filter(
      (l) => l.index < change.index && Math.abs(l.amount!.pence) > Math.abs(change.amount!.pence),
    );
    const handed = given.find((l) => /CASH/i.test(l.label)) ?? given.at(-1);
    if (handed) return Math.abs(handed.amount!.pence) - Math.abs(change.amount!.pence);
  }
  const card = tenders.find((l) => !/CASH/i.test(l.label));
  return card ? Math.abs(card.amount!.pence) : null;
}

/**
 * The establishment: among the first lines above the items, those that are not an address, phone,
 * date, URL or 'RECEIPT'; the first of them, unless a later one carries a company's legal form
 * ('SDN BHD', 'LTD') and the first does not (a person's name or a slogan above the company).
 */
function establishmentName(lines: Line[]): string | null {
  const candidates: string[] = [];
  for (const line of lines.slice(0, 8)) {
    if (line.amount || line.kind === 'item') break;
    if (line.kind !== 'text' && !/^\s*WELCOME\s+(?:TO|AT)\s/i.test(line.text)) continue;
    const text = line.text
      .replace(/^\s*WELCOME\s+(?:TO|AT)\s+/i, '') // 'Welcome to The Grand Wok'
      .replace(/\(\s*[\dA-Z]*\d[\dA-Z-]*\s*\)/g, '') // a registration number '(728384-M)'
      .replace(/^[^A-Za-z0-9&'(]+|[^A-Za-z0-9)'.!]+$/g, '')
      .trim();
    const letters = text.match(/[A-Za-z]/g)?.length ?? 0;
    if (letters < 3 || letters < text.length * 0.5) continue;
    if (NOT_A_NAME.test(text) || isInfoText(text) || keywordKind(text) !== null) continue;
    candidates.push(text);
  }
  const [first] = candidates;
  if (first === undefined) return null;
  if (BUSINESS_WORD.test(first)) return first;
  return candidates.slice(1, 4).find((c) => BUSINESS_WORD.test(c) && !/\d/.test(c)) ?? first;
}

/**
 * The items against a printed figure, like with like: the items as printed (VAT included in UK
 * prices, not yet added in US ones) against the subtotal, or the total less service and tip. A
 * subtotal net of VAT ('Net total', 'Total excl. VAT', a VAT table's net) is not what VAT-inclusive
 * items add up to: when the items miss it and it is net of the tax (by its words, or because it
 * plus the tax is the total), they are checked against the gross total instead.
 */
function check(
  items: Item[],
  lines: Line[],
  figures: Figures,
  total: Pence | null,
  service: Pence | null,
): ParsedReceipt['checks'] {
  const { subtotal, tip, tax } = figures;
  const counted = countedPence(items);
  const againstTotal = (): ParsedReceipt['checks'] | null => {
    if (total === null) return null;
    const itemsSum = sum(items.map((i) => i.amountPence));
    let difference = total - (service ?? 0) - (tip ?? 0) - itemsSum;
    // US receipts add tax on top; UK prices include VAT. Either agrees.
    if (difference !== 0 && tax !== null && difference === tax) difference = 0;
    const line = lines.find((l) => l.kind === 'total' && l.amount?.pence === total);
    return {
      itemsMatchTotal: difference === 0,
      differencePence: difference,
      against: 'total',
      figurePence: total,
      figureLabel: line ? printedWords(line.label) : null,
    };
  };
  if (subtotal !== null) {
    const difference = subtotal - counted;
    const netOfTax =
      NET_OF_TAX.test(figures.subtotalLabel ?? '') ||
      (tax !== null && total !== null && subtotal + tax === total);
    if (difference !== 0 && netOfTax) {
      const gross = againstTotal();
      if (gross) return gross;
    }
    return {
      itemsMatchTotal: difference === 0,
      differencePence: difference,
      against: 'subtotal',
      figurePence: subtotal,
      figureLabel: printedWords(figures.subtotalLabel ?? ''),
    };
  }
  return (
    againstTotal() ?? {
      itemsMatchTotal: false,
      differencePence: 0,
      against: null,
      figurePence: null,
      figureLabel: null,
    }
  );
}

/** A figure's words as printed, without the punctuation and currency signs around them. */
function printedWords(label: string): string | null {
  const words = label.replace(/^[^\p{L}]+|[^\p{L}%)]+$/gu, '').trim();
  return words === '' ? null : words;
}

/** The items the subtotal counts: all but discounts printed after it. */
function countedPence(items: Item[]): Pence {
  return sum(items.filter((i) => !i.afterSubtotal).map((i) => i.amountPence));
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
