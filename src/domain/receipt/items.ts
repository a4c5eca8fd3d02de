// Stage 2, items: where the items end, and the items read from the lines above that, each with its
// name, amount and quantity; then the corrections the printed subtotal allows.
import { letterGluedToCount } from './food-words';
import {
  hasDigits,
  hasLetters,
  isDigit,
  isLower,
  isUpper,
  lookalikesAsDigits,
  oneSpaced,
} from './text';
import { itemNameOrDefault, type Pence } from '../money';
import { findAmounts, PACK_UNIT } from './amounts';
import { countAtPriceFirst, countTimesUnit, isUnitPrice } from './classify';
import { COLUMN_HEADING, isInfoText, keywordKind, withoutBarcode } from './keywords';
import { countedPence, isItemLine, sum, type Item, type Line } from './line';
import {
  CODE_BEFORE_NAME,
  CURRENCY_AT_END,
  LEADING_QUANTITY,
  QUANTITY_LINE,
  STRONG_TOTAL,
  TOTAL_QUALIFIER,
  TOTAL_WORD,
  TRAILING_QUANTITY,
  WAS_THEN_NOW,
} from './rules';
import { isOn } from './switches';
import type { Figures } from './totals';

/**
 * The items end at the first subtotal or total that follows an item; failing that, at the first
 * payment line. (A card slip printed above the items is not the end of them.)
 */
export function endOfItems(lines: readonly Line[]): number {
  const firstItem = lines.findIndex(isItemLine);
  if (firstItem === -1) return lines.length;
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
export function itemsNamedLikeTotals(lines: readonly Line[]): Line[] {
  const firstItem = lines.findIndex(isItemLine);
  if (firstItem === -1) return [...lines];
  let itemsSoFar = 0;
  return lines.map((line, i) => {
    if (i < firstItem || !line.amount) return line;
    if (line.kind === 'item') itemsSoFar += line.amount.pence;
    if (line.kind === 'discount') itemsSoFar -= Math.abs(line.amount.pence);
    if (line.kind !== 'total' || STRONG_TOTAL.test(line.label)) return line;
    const later = lines
      .slice(i + 1)
      .some((l) => (l.kind === 'total' || l.kind === 'subtotal') && l.amount);
    // A product's name or code besides the word, not a misread 'SUBTOTAL' ('5TOTAL 35.50').
    const rest = line.label.replace(TOTAL_WORD, ' ');
    const named = (hasLetters(rest, 3) || hasDigits(rest, 6)) && !TOTAL_QUALIFIER.test(rest);
    if (later && named && line.amount.pence > 0 && line.amount.pence < itemsSoFar) {
      itemsSoFar += line.amount.pence;
      return { ...line, kind: 'item' as const };
    }
    return line;
  });
}

/** Figures of a totals block, printed under the items. */
const TOTALS_BLOCK_FIGURE: readonly Line['kind'][] = [
  'tax',
  'service',
  'tip',
  'tender',
  'change',
  'rounding',
];

/**
 * When nothing could decide the total (no total line, no payment, no subtotal, and the items
 * outgrow every figure), the total's words were garbled and its line read as the last item: the
 * last priced line of the items, at least what the two or more item lines above it add up to, is
 * the total ('TKtQK DJe: 305.00' under eleven dishes that come to 304.00 as read). So when the
 * rest of a totals block (tax, a payment, change) is printed under it, or four or more items are
 * above it: one dish dearer than four others together is rare, the total common. A receipt cut
 * off under a dear main course says neither; under a lone item it may be a second one, paid for
 * apart. The lines again with that one read as a total, or null when no line is so.
 */
export function lastItemAsTotal(lines: readonly Line[]): Line[] | null {
  const end = endOfItems(lines);
  const items = lines.filter((l) => l.index < end && l.kind === 'item' && l.amount);
  const last = items.at(-1);
  if (!last || items.length < 3 || last.amount!.pence <= 0) return null;
  const above = items.slice(0, -1).map((l) => l.amount!.pence);
  if (last.amount!.pence < sum(above)) return null;
  const block = lines.some(
    (l) => l.index > last.index && l.amount !== null && TOTALS_BLOCK_FIGURE.includes(l.kind),
  );
  if (!block && above.length < 4) return null;
  return lines.map((l) => (l === last ? { ...l, kind: 'total' as const } : l));
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

/**
 * The items above the end of the items, and the lines again with the running totals found among
 * them marked as such (a new array: the lines passed in are not changed).
 */
export function readItems(
  lines: readonly Line[],
  itemsEnd: number,
): { items: Item[]; lines: Line[] } {
  const running = new Set<number>(); // lines that add up the items above them
  const region = lines.slice(0, itemsEnd);
  const namesFollow = namesFollowPrices(region);
  const items: Item[] = [];
  const usedNames = new Set<Line>(); // name lines below a price, already given to it
  let sectionStart = 0; // items since the last running total
  let lastRunning: Pence | null = null; // that running total's amount
  let addedSince: Pence = 0; // tax and service printed since it
  let pendingName: Line | null = null; // an unpriced line just above, maybe the item's name
  let pendingQuantity: { quantity: number; total: Pence } | null = null;
  for (const [i, line] of region.entries()) {
    if (line.kind === 'text') {
      pendingName = looksLikeName(line.text) && !usedNames.has(line) ? line : null;
      continue;
    }
    if (line.kind === 'section') sectionStart = items.length;
    if ((line.kind === 'tax' || line.kind === 'service') && line.amount) {
      addedSince += line.amount.pence;
    }
    if (line.kind === 'quantity') {
      const result = quantityItem(line, items, pendingName);
      if (result && 'pending' in result) pendingQuantity = result.pending;
      else if (result) items.push(result);
      pendingName = null;
      continue;
    }
    // A reduced price under an unpriced name: the name's price, not a saving already counted.
    // ('WAS2.20NOW 1.20', its spaces lost, reads as an item named so.)
    const reduced = line.kind === 'savings' || line.kind === 'item';
    const was = reduced && pendingName ? WAS_THEN_NOW.exec(line.text) : null;
    if (was && line.amount && (findAmounts(was[1]!)[0]?.pence ?? 0) > line.amount.pence) {
      items.push({
        ...itemFromLine({ ...line, kind: 'item', label: pendingName!.text }, null),
        nameLine: pendingName!.index,
      });
      pendingName = null;
      continue;
    }
    // A weight at a unit price and its amount under an unpriced name ('BANANAS' over '1.150kg @
    // £2.65/kg 3.05'): the name's price. (Under a priced item it only says how that was made.)
    if (
      line.kind === 'info' &&
      line.amount &&
      pendingName &&
      /\d\s*KG\b/i.test(line.label) &&
      isUnitPrice(line.label, line.amount)
    ) {
      items.push({
        ...itemFromLine({ ...line, kind: 'item', label: pendingName.text }, null),
        nameLine: pendingName.index,
      });
      pendingName = null;
      continue;
    }
    if ((line.kind === 'item' || line.kind === 'discount') && line.amount) {
      const since = items.slice(sectionStart);
      // A priced line equal to the sum of the items above it is a running total ('Food 28.95'),
      // or to the running total above and the lines since, tax and service included ('16.60',
      // '1.16', '17.76': a subtotal, its tax and the total, their words garbled; 'SBT7L 12.00',
      // 'STATE TAX 0.72', 'CITY TAX 0.24', 'T8TL 12.96'), but not a price with no words of its own
      // under an unpriced name (a supermarket's code line, '480521745005 3.60' under 'SHAMPOO
      // 400ML' after items of 1.50 and 2.10): the name's.
      const namesPrice = pendingName !== null && !hasLetters(line.label, 2);
      const sinceSum = sum(since.map((x) => x.amountPence));
      if (
        line.kind === 'item' &&
        !line.isItem &&
        !namesPrice &&
        ((since.length >= 2 && sinceSum === line.amount.pence) ||
          (since.length === 1 &&
            sinceSum === line.amount.pence &&
            taxedBelow(region, i, line.amount.pence)) ||
          ((since.length >= 1 || addedSince > 0) &&
            lastRunning !== null &&
            lastRunning + sinceSum + addedSince === line.amount.pence))
      ) {
        running.add(line.index);
        lastRunning = line.amount.pence;
        addedSince = 0;
        sectionStart = items.length;
        pendingName = null;
        continue;
      }
      // '2 CAFE GRAIN 5.58' over '2.79': the unit price of the item above, not another item; and
      // 'Coke' over '2 @ 1.50' over '3.00': the line total of the count line above, printed under it.
      const above = items.at(-1);
      if (
        !pendingName &&
        !hasLetters(line.label, 2) &&
        above?.line === line.index - 1 &&
        above.quantity !== undefined &&
        (above.quantity * line.amount.pence === above.amountPence ||
          (region[i - 1]?.kind === 'quantity' && line.amount.pence === above.amountPence))
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
  return {
    items,
    lines: lines.map((line) =>
      running.has(line.index) ? { ...line, kind: 'running' as const } : line,
    ),
  };
}

/**
 * A priced line after `at`, past only tax and service lines (one at least), whose amount is
 * `pence` plus theirs: the line at `at` is a sum that the tax was added to, even when it repeats a
 * lone item's price ('FACIAL 45.00', '45.00', 'TOTAL TAX 1.80', '46.80', the words of the subtotal
 * and the total garbled), not a second helping at the same price.
 */
function taxedBelow(region: readonly Line[], at: number, pence: Pence): boolean {
  let added = 0;
  for (const line of region.slice(at + 1)) {
    if (!line.amount) continue;
    if (line.kind === 'tax' || line.kind === 'service') {
      added += line.amount.pence;
      continue;
    }
    return line.kind === 'item' && added > 0 && line.amount.pence === pence + added;
  }
  return false;
}

/**
 * Some tills print the price line first (often with a product code) and the description under it.
 * When the prices without a name more often have a name line below than above, names follow.
 */
function namesFollowPrices(region: Line[]): boolean {
  let above = 0;
  let below = 0;
  for (const [i, line] of region.entries()) {
    if (line.kind !== 'item' || hasLetters(line.label, 2)) continue;
    const previous = region[i - 1];
    const next = region[i + 1];
    if (previous?.kind === 'text' && looksLikeName(previous.text)) above++;
    if (next?.kind === 'text' && looksLikeName(next.text)) below++;
  }
  return below > 0 && below >= above;
}

function looksLikeName(text: string): boolean {
  return (
    hasLetters(text, 2) &&
    !isInfoText(withoutBarcode(text.replace(CODE_BEFORE_NAME, ''))) &&
    !COLUMN_HEADING.test(text) &&
    keywordKind(text) === null &&
    text.length < 60
  );
}

function itemFromLine(line: Line, pendingName: Line | null): Item {
  const amount = line.amount!;
  const first = countAtPriceFirst(line.label, amount.pence);
  if (first) {
    const item: Item = {
      name: itemNameOrDefault(tidyName(first.name)),
      amountPence: amount.pence,
      line: line.index,
    };
    if (first.quantity > 1) item.quantity = first.quantity;
    return item;
  }
  let name = line.label;
  // A unit price column before the line total: 'Coke 2 2.50 5.00'.
  // The unit price may keep its VAT code or a misread '£' ('DOUBLE CREAM 0.84 F 0.84').
  let unit: Pence | null = null;
  let countAfter: number | undefined;
  for (let found = findAmounts(name).at(-1); found; found = findAmounts(name).at(-1)) {
    const after = name.slice(found.end).trim();
    // The count printed after its unit price ('Coke 1.50 2 3.00'): count times unit is the amount.
    const times = countAfterUnitPrice(after, found.pence, amount.pence);
    if (times === null && !/^\s*[A-Za-z]?\s*$/.test(after)) break;
    name = name.slice(0, found.start).trim();
    unit = found.pence;
    if (times) countAfter = times;
  }
  // A unit price to three or four decimals ('CD Album 96.9040 58.14'): not part of the name.
  name = name.replace(/\s+\d+[.,]\d{3,4}$/, '');
  name = letterGluedToCount(lettersForDigits(name));
  let quantity: number | undefined = countAfter;
  // What the unit price leaves behind: 'Pinot Noir (3 @' from 'Pinot Noir (3 @10.00) 30.00',
  // 'Alfredo 1*' from 'Alfredo 1*15.20 EUR 15.20' (a star for the times sign, as tills print it); or
  // the count at a unit price OCR garbled, in its bracket or one it did not close: 'Brut
  // (2@120.0', '(s @', '(17 @7S.00)'.
  const atPrice = /\s*(?:[(（]\s*(\w{1,3})\s*@[^)）]*[)）]?|[(（]?\s*(\d{1,3})\s*[@xX×*]\s*)$/.exec(
    name,
  );
  if (atPrice && hasLetters(name.slice(0, atPrice.index), 2)) {
    const count = Number(atPrice[1] ?? atPrice[2]);
    if (Number.isInteger(count)) quantity = count;
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
  const thousandths = countSeparatorLost(name, unit, amount.pence);
  if (thousandths) {
    quantity = thousandths.quantity;
    name = thousandths.rest;
  }
  const leading = thousandths ? null : LEADING_QUANTITY.exec(name);
  const glued = leading || thousandths ? null : countGluedToCode(name, unit, amount.pence);
  // Not '2 FOR $5.95': a deal, not two of something.
  if (leading && hasLetters(name.slice(leading[0].length)) && !/^\d+\s*FOR\b/i.test(name)) {
    quantity = Number(leading[1]);
    name = withoutCountUnit(name.slice(leading[0].length));
  } else if (glued) {
    quantity = glued.quantity;
    name = glued.rest;
  }
  const trailing = TRAILING_QUANTITY.exec(name);
  if (trailing) {
    quantity = Number(trailing[1] ?? trailing[2] ?? trailing[3]);
    name = name.slice(0, trailing.index);
  }
  name = tidyName(name);
  const named = !hasLetters(name, 2) && pendingName;
  if (named) name = tidyName(pendingName.text);
  const negative = amount.negative || line.kind === 'discount';
  const pence = negative ? -Math.abs(amount.pence) || 0 : amount.pence;
  const item: Item = { name: itemNameOrDefault(name), amountPence: pence, line: line.index };
  if (named) item.nameLine = pendingName.index;
  if (quantity !== undefined && quantity > 1) item.quantity = quantity;
  return item;
}

/**
 * What may stand between a unit price and the line total it makes: the count, maybe after a times
 * sign ('Coke 1.50 2 3.00', 'Coke 1.50 x 2 3.00'), when count times unit price is the line's
 * amount; or an equals sign after it ('Coke 2 x 1.50 = 3.00'). The count (0 for none); null when
 * the text is neither.
 */
function countAfterUnitPrice(text: string, unit: Pence, amount: Pence): number | null {
  if (!isOn('a count read apart from the name')) return null;
  let rest = text.endsWith('=') ? text.slice(0, -1).trim() : text;
  if (rest === '') return text === '' ? null : 0;
  if ('xX×*'.includes(rest[0]!)) rest = rest.slice(1).trim();
  if (rest.length === 0 || rest.length > 3 || ![...rest].every(isDigit)) return null;
  const count = Number(rest);
  return count > 0 && count * unit === amount ? count : null;
}

/**
 * A count printed to three decimals ('1,000 CACERES 14,00 14,00', a till that counts in
 * thousandths as it weighs) with its separator lost: '1000', '3000'. The count and the name after
 * it, when the count times the unit price is the line's amount; null otherwise (a '1000' that
 * nothing checks may be part of the name).
 */
function countSeparatorLost(
  name: string,
  unit: Pence | null,
  amount: Pence,
): { quantity: number; rest: string } | null {
  if (unit === null || !isOn('a count read apart from the name')) return null;
  let k = 0;
  while (isDigit(name[k])) k++;
  if (k < 4 || k > 5 || name[0] === '0' || name.slice(k - 3, k) !== '000' || name[k] !== ' ') {
    return null;
  }
  const quantity = Number(name.slice(0, k - 3));
  const rest = name.slice(k).trim();
  return quantity * unit === amount && hasLetters(rest, 3) ? { quantity, rest } : null;
}

/**
 * A count glued to a menu code, or to a capital that starts no word of letters: '1A6Gyoza',
 * '1A15Grilled Salmon', '1A la Carte Sushi', "1R'berry Flurry", '1S&P Calamari', '1L*CRAB
 * CAKE'; or to a fraction less than one ('11/2 Stk Cheddar': one, of a half). The count and the
 * name after it; null when the name starts otherwise, or with a size ('1L WATER', '2G5 ...': a
 * litre or a gram is no menu code).
 */
export function countGluedToCode(
  name: string,
  unit: Pence | null = null,
  amount: Pence = 0,
): { quantity: number; rest: string } | null {
  if (!isOn('a count read apart from the name')) return null;
  let k = 0;
  while (isDigit(name[k])) k++;
  if (k === 0 || k > 3 || name[0] === '0') return null;
  // Glued to a fraction: '11/2 Stk Cheddar' is one half-stick, '23/4 LB' two of three quarters.
  const [over, under] = [name[k - 1]!, name[k + 1]];
  if (k >= 2 && name[k] === '/' && isDigit(under) && over < under! && !isDigit(name[k + 2])) {
    const rest = name.slice(k - 1);
    return hasLetters(rest, 3) ? { quantity: Number(name.slice(0, k - 1)), rest } : null;
  }
  if (!isUpper(name[k])) return null;
  const next = name[k + 1];
  const code =
    (isDigit(next) || (next === ' ' && isLower(name[k + 2]))) && name[k] !== 'L' && name[k] !== 'G';
  const mark = next === "'" || next === '&' || next === '*';
  // A capital on its own after a count the unit price checks: a brand's or a till's mark ('1M
  // BROCCOLI 0.38 0.38'), not a size.
  const checked = unit !== null && Number(name.slice(0, k)) * unit === amount;
  const own = checked && next === ' ' && name[k] !== 'L' && name[k] !== 'G';
  const rest = name.slice(k);
  if (!(code || mark || own) || !hasLetters(rest, 3)) return null;
  return { quantity: Number(name.slice(0, k)), rest };
}

/** Units a till prints a count in: pack, packet, piece, bottle, tin ('1PK', '2 BT', '7TN'). */
const COUNT_UNITS: ReadonlySet<string> = new Set(['PK', 'PKT', 'PC', 'PCS', 'BT', 'BTL', 'TN']);

/**
 * The name after a leading count without the count's unit ('1PK BANANAS' is one pack of bananas,
 * '2BT MINERAL WATER' two bottles): the unit says what was counted, it is no word of the name.
 */
export function withoutCountUnit(rest: string): string {
  if (!isOn('a count read apart from the name')) return rest;
  const space = rest.indexOf(' ');
  if (space <= 0 || !COUNT_UNITS.has(rest.slice(0, space))) return rest;
  const name = rest.slice(space + 1).trim();
  return hasLetters(name, 3) ? name : rest;
}

/** A zero starting a word of two letters or more that is not a pack's unit ('0IL'; not '0ML'). */
const ZERO_STARTING_A_WORD = new RegExp(
  String.raw`\b0(?=[A-Za-z]{2,}\b)(?!(?:${PACK_UNIT})\b)`,
  'g',
);

const WORD = /\w+/g;

/**
 * Units a size is printed in, glued to the end of a word ('CRANGRAPE1L', 'TOOTHPICK1CT'): a pack's
 * units, and a count of pieces.
 */
const SIZE_UNITS: ReadonlySet<string> = new Set([...PACK_UNIT.split('|'), 'CT']);

/** Whether a size starts at `at` in the word and ends it: digits, the first not 0, and a unit. */
function sizeStarts(word: string, at: number): boolean {
  let end = at;
  while (isDigit(word[end])) end++;
  return end > at && word[at] !== '0' && SIZE_UNITS.has(word.slice(end).toUpperCase());
}

/**
 * Within one word, each run of ones or zeros between letters read as the letters they stand for:
 * ones between a letter and a small one as 'l' ('Van1lla', 'B1k'), between capitals as 'I';
 * zeros as 'o' between small letters, as 'O' beside a capital, and zeros ending a word of three
 * capitals or more as 'O', and zeros between a word and the size glued to it ('SHAMP00400ML').
 * Not ones before a unit that ends the word: a size ('BLUE1L').
 */
function lettersInWord(word: string): string {
  let out = '';
  for (let i = 0; i < word.length;) {
    const digit = word[i]!;
    if (digit !== '0' && digit !== '1') {
      out += digit;
      i++;
      continue;
    }
    let j = i;
    while (word[j] === digit) j++;
    const before = word[i - 1];
    const after = word[j];
    const run = j - i;
    let letter: string | null = null;
    if (digit === '1') {
      // A size ending the word keeps its digits: 'CRANGRAPE1L', 'TOOTHPICK1CT' (not a zero:
      // no size is nought, 'D0G' is a 'DOG').
      if (SIZE_UNITS.has(word.slice(j).toUpperCase())) letter = null;
      else if (isLower(after) && (isLower(before) || isUpper(before))) letter = 'l';
      else if (isUpper(before) && isUpper(after)) letter = 'I';
    } else if (isLower(before) && isLower(after)) letter = 'o';
    else if (
      i >= 3 &&
      [...word.slice(i - 3, i)].every((c) => isUpper(c) || isLower(c)) &&
      sizeStarts(word, j)
    ) {
      // Zeros between a word and the size glued to it are the word's: no size starts with a
      // nought ('SHAMP00400ML' is 'SHAMPOO400ML').
      letter = isUpper(before) ? 'O' : 'o';
    } else if (
      ((isUpper(before) || isLower(before)) &&
        (isUpper(after) || isLower(after)) &&
        (isUpper(before) || isUpper(after))) ||
      (after === undefined && out.length >= 3 && [...out].every(isUpper))
    ) {
      letter = 'O';
    }
    out += letter ? letter.repeat(run) : word.slice(i, j);
    i = j;
  }
  return out;
}

/**
 * A one or a zero between letters is a misread letter ('Van1lla', 'FL00R', 'P11vr'), and so are
 * zeros ending a word of three or more capitals ('SHAMP00') and a zero starting a word of letters
 * ('OLIVE 0IL', '0nion Rings'; not a size, '0ML'): a word of letters never ends or starts in
 * digits. The other way round, a size before its unit is digits: 'SOOG' is '500G' (an 'S' read
 * for a '5', 'O's for '0's), when it starts with an 'S' or a digit and holds an 'O', or with a
 * digit glued to a word or a multipack's 'X' ('CORNFLAKES5OOG', '6X50OML').
 */
function lettersForDigits(text: string): string {
  return (
    text
      .replace(WORD, lettersInWord)
      .replace(ZERO_STARTING_A_WORD, 'O')
      // A one read as an 'I' before a unit no word ends in ('CARROTSIKG'; not 'RECEIPT'), or alone
      // before a unit ending the name ('OAT MILK IL'; not 'IL FORNO'): a size.
      .replace(/(?<=[A-Za-z]{2})I(?=(?:KG|ML|CL|PK|LTR)\b)/g, ' 1')
      .replace(/\bI(?=(?:KG|ML|CL|PK|PT|LTR|L|G)$)/, '1')
      .replace(/(?:\b[S\d]|(?<=[A-Za-z])\d)[SO\d]{1,3}(?=(?:G|KG|ML)\b)/g, (size) =>
        size.includes('O') ? lookalikesAsDigits(size) : size,
      )
  );
}

export function tidyName(name: string): string {
  return (
    oneSpaced(
      withoutBarcode(lettersForDigits(name))
        // product codes and barcodes, a VAT code glued on; not a fraction's numerator glued after
        // the code ('0328884067591/2CAP': a code, then a half-inch cap)
        .replace(/\b\d{6,}(?=\d\/\d)|\b\d{6,}[A-Z]?\b/g, ' ')
        .replace(/^\d{8,}(?=[A-Za-z]{3})/, ''), // a code glued to the name ('400084751261RINSE')
    )
      .replace(CURRENCY_AT_END, '')
      // PaddleOCR's recogniser has no '£': a pound sign before the price comes out as a lone 'f',
      // 'F' or 'E' at the end of the name ('Steak Pie f 13.95', 'CORNFLAKES 500G E1.69').
      .replace(/(?<=[A-Za-z\d]{2,}\s+)[fFE]\s*$/, '')
      .replace(/[.\s_·…:-]{2,}$/, '')
      .replace(/^[^A-Za-z0-9(]+/, '')
      .replace(/[\s:*#=@-]+$/, '')
      .trim()
  );
}

/**
 * A closing bracket with no opening one, and a digit before it, ends a name ('Kebab2)'): the
 * quantity column's bracket read into the name. A name never closes what it did not open.
 */
export function withoutStrayBracket(name: string): string {
  if (!name.endsWith(')') || name.includes('(')) return name;
  const cut = hasDigits(name.at(-2) ?? '') ? 2 : 1;
  return name.slice(0, -cut).trim();
}

/**
 * A column of counts printed between the names and the prices ('Alabama BBQ Chicken 1 12.00',
 * 'Draft Lager 2 9.00'): where two or more items' names end in a lone digit after a space, that is
 * the column, not part of the names: each count is read apart, kept as the item's quantity.
 */
export function countColumn(items: readonly Item[]): Item[] {
  if (!isOn('a count read apart from the name')) return [...items];
  const counted = (i: Item) => /\s[1-9]$/.test(i.name) && i.quantity === undefined;
  if (items.filter(counted).length < 2) return [...items];
  return items.map((i) => {
    if (!counted(i)) return i;
    const quantity = Number(i.name.at(-1));
    const item: Item = { ...i, name: i.name.slice(0, -2).trim() };
    if (quantity > 1) item.quantity = quantity;
    return item;
  });
}

/**
 * Lines at no cost printed under an item ('1 MEDIUM 0.00', 'NO ICE 0.00') are how it was ordered,
 * not items to share: each is folded into the item above as a note.
 */
export function modifiersAsNotes(items: readonly Item[]): Item[] {
  if (!isOn('modifier lines under an item')) return [...items];
  const out: Item[] = [];
  for (const item of items) {
    const above = out.at(-1);
    if (item.amountPence === 0 && above && above.amountPence !== 0 && item.line > above.line) {
      out[out.length - 1] = {
        ...above,
        note: above.note ? `${above.note}, ${item.name}` : item.name,
      };
      continue;
    }
    out.push(item);
  }
  return out;
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
  const m = QUANTITY_LINE.exec(line.text);
  const checked = m ? null : countTimesUnit(line.text);
  const amounts = findAmounts(line.text);
  const quantity = checked ? checked.quantity : Number(m![1] ?? m![2]);
  const unit = amounts[0]!.pence;
  const lineTotal = checked
    ? checked.totalPence
    : amounts.length > 1
      ? amounts.at(-1)!.pence
      : unit * quantity;
  const previous = items.at(-1);
  if (!pendingName && previous && previous.amountPence === lineTotal) {
    previous.quantity = quantity;
    return null;
  }
  if (!pendingName) return { pending: { quantity, total: lineTotal } };
  return {
    name: tidyName(pendingName.text),
    amountPence: lineTotal,
    quantity,
    line: line.index,
    nameLine: pendingName.index,
  };
}

/**
 * When the items fall short of the subtotal, lines read as something else may be items after all:
 * a line equal to the sum of the items above it, taken for a running total, whose amount is the
 * shortfall; or products named like payments ('Gift Card 100.00', 'CARD THANKS CROWN 5.99', a
 * greeting card), priced above the subtotal, that together make up the shortfall. Marks them as
 * items and says whether it did.
 */
export function restoreItemsTheSubtotalNeeds(
  lines: readonly Line[],
  items: readonly Item[],
  subtotal: Pence | null,
): Line[] | null {
  if (subtotal === null) return null;
  const shortBy = subtotal - countedPence(items);
  if (shortBy <= 0) return null;
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
  if (restored.length === 0) return null;
  return lines.map((line) =>
    restored.includes(line) ? { ...line, kind: 'item' as const, isItem: true } : line,
  );
}

/**
 * When the items exceed the subtotal by exactly one item's amount, that line was not an item. Not
 * when they exceed it by the printed VAT: prices that include it, over a net subtotal ('Net Total
 * 18.22', 'VAT 20% 3.64', a 'Banana Bread 3.64' among the items).
 */
export function dropItemThatBreaksSubtotal(
  items: Item[],
  { subtotal, tax }: Pick<Figures, 'subtotal' | 'tax'>,
): Item[] {
  if (subtotal === null) return items;
  const counted = items.filter((i) => !i.afterSubtotal);
  const excess = sum(counted.map((i) => i.amountPence)) - subtotal;
  if (excess <= 0 || excess === tax) return items;
  const culprit = [...counted].reverse().find((i) => i.amountPence === excess);
  return culprit ? items.filter((i) => i !== culprit) : items;
}

/**
 * US tills print the bill broken down by kind under the items ('Food 21.95', 'Liquor 6.50'): two or
 * more lines straight after the items, fewer than the items, that add up to the items above them
 * are not items, when those items alone agree with the subtotal or the total printed below.
 */
export function dropBreakdown(
  items: Item[],
  lines: Line[],
  itemsEnd: number,
  figures: Figures,
): Item[] {
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

/**
 * Other readings of a price its OCR may have got wrong: a recogniser without '£' reads the sign
 * before a price as a '6' ('61.40' for '£1.40').
 */
function otherReadings(pence: Pence): Pence[] {
  const digits = String(pence);
  return pence >= 1000 && digits.startsWith('6') ? [Number(digits.slice(1))] : [];
}

/**
 * The items with one or two prices read the other way, when that and only that makes up the
 * difference between the printed figure and the items (`difference` is figure less items); null
 * when no such reading, or more than one, does.
 */
export function misreadPricesRepaired(items: readonly Item[], difference: Pence): Item[] | null {
  const options = items.flatMap((item, k) =>
    item.afterSubtotal || item.amountPence <= 0
      ? []
      : otherReadings(item.amountPence).map((pence) => ({
          k,
          pence,
          delta: pence - item.amountPence,
        })),
  );
  const apply = (chosen: typeof options) =>
    items.map((item, k) => {
      const change = chosen.find((c) => c.k === k);
      return change ? { ...item, amountPence: change.pence, readTwoWays: true } : item;
    });
  const single = options.filter((o) => o.delta === difference);
  if (single.length === 1) return apply(single);
  if (single.length > 1) return null;
  const pairs = options.flatMap((a, i) =>
    options
      .slice(i + 1)
      .filter((b) => b.k !== a.k && a.delta + b.delta === difference)
      .map((b) => [a, b]),
  );
  return pairs.length === 1 ? apply(pairs[0]!) : null;
}
