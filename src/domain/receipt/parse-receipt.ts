import { hasLetters, lettersAddedTo } from './text';
import { basisPointsOf, UNKNOWN_ITEM_NAME } from '../money';
import { addedTax } from './added-tax';
import { findAmounts, percentToBasisPoints, trailingAmount } from './amounts';
import {
  clean,
  classified,
  codesApart,
  classify,
  joinPricesOnTheirOwnLine,
  moneyReadings,
  readCodesAfterPrices,
} from './classify';
import {
  dropBreakdown,
  dropItemThatBreaksSubtotal,
  endOfItems,
  itemsNamedLikeTotals,
  lastItemAsTotal,
  misreadPricesRepaired,
  readItems,
  countColumn,
  modifiersAsNotes,
  restoreItemsTheSubtotalNeeds,
  tidyName,
  withoutStrayBracket,
} from './items';
import { repairedName } from './food-words';
import { countedPence, sum, unionRect, type Item, type Line } from './line';
import { isInfoText, keywordKind, withoutBarcode, type LineKind } from './keywords';
import { layoutLines, type ReceiptLine } from './lines-from-boxes';
import { establishmentName } from './name';
import { COUNT_AT_PRICE_FIRST, POINT_LOST, QUANTITY_LINE } from './rules';
import { best, bestPossible, score, type Reading } from './score';
import { isOn } from './switches';
import { check, chooseTotals, isLastResort, readFigures } from './totals';
import type { OcrBox, ParsedReceipt, ReceiptRect, UnusedLine } from './types';

// Reads a receipt's lines into items, subtotal, service charge, VAT, tip, total and the
// establishment's name. Pure and fast: a handful of regular expressions per line.
//
// The shape of a receipt: a header (name, address, date), the items, then the totals block
// (subtotal, service, VAT, total, how it was paid). Each line is classified by its words
// (keywords.ts) and by whether it ends with an amount (amounts.ts); items are the priced, unlabelled
// lines before the totals block. Where the text allows two readings, the printed figures decide:
// the items should add up to the subtotal, and the total to the subtotal plus service and tip.

/** Other readings of unsure boxes weighed at most, the least sure boxes' first. */
const MAX_ALTERNATIVES = 12;

/**
 * The choices a reading may make, each with what it costs against the text as read (score.ts
 * 'reading as printed'): every one must be paid for by the sums or the words.
 */
export const CHOICE_COST = {
  /** another reading the OCR engine had of an unsure box (an unsure figure read two ways) */
  alternative: 1,
  /** each row's price moved a row up: the price column out of step with the names */
  rowUp: 2,
  /** a line among the items read again so that it makes up what the items miss */
  repair: 1,
  /** the last item read as the total whose words were garbled */
  lastItemAsTotal: 1,
  /** a figure other than the strategies' first choice read as the total */
  otherTotal: 1,
} as const;

/**
 * Reads OCR boxes: builds lines (lines-from-boxes.ts), then weighs the readings of them (the text
 * as read, and with each other reading the OCR engine had of an unsure box) by one score
 * (score.ts), best first: a reading that cannot beat the best so far is not made.
 */
export function parseReceipt(boxes: readonly OcrBox[]): ParsedReceipt {
  return bestReading(boxes).parsed;
}

/** The best reading of the boxes and how it was chosen (for the bench and the tests). */
export function bestReading(recognised: readonly OcrBox[]): Reading {
  const boxes = recognised.map((box) => withDroppedLetters(withoutUnderscores(box)));
  // Laid out once: another reading of a box seldom moves it, and then only its line changes.
  const laidOut = layoutLines(boxes);
  const read = (built: readonly ReceiptLine[], cost: number, steps: readonly string[]) =>
    readingsOfText(
      built.map((l) => l.text),
      built.map((l) => l.pairing),
      cost,
      steps,
      built.map((l) => l.box),
    );
  let chosen = best(read(laidOut.lines, 0, []));
  if (!isOn('another reading of a box')) return chosen;
  const others = boxes
    .flatMap((box, index) => (box.alternatives ?? []).map((text) => ({ index, text, box })))
    .sort((a, b) => a.box.score - b.box.score)
    .slice(0, MAX_ALTERNATIVES);
  for (const [k, { index, text, box }] of others.entries()) {
    // Each later one a little dearer: of two alike, the least sure box's other reading.
    const cost = CHOICE_COST.alternative + k / 100;
    if (score(chosen) >= bestPossible(cost)) break;
    chosen = best([
      chosen,
      ...read(laidOut.withText(index, text), cost, ['another reading of a box']).map((r) => ({
        ...r,
        parsed: markedReadTwoWays(r.parsed, box),
      })),
    ]);
  }
  return chosen;
}

/**
 * The box with each underscore read as the space it stands for: no till prints one in a word or a
 * price, the recogniser reads one for a gap or a rule's dash ('SUB_TOT', 'STEAMRICE_  92.59_').
 */
function withoutUnderscores(box: OcrBox): OcrBox {
  const read = (text: string) => text.replaceAll('_', ' ').trim();
  if (!box.text.includes('_') && !box.alternatives?.some((t) => t.includes('_'))) return box;
  return {
    ...box,
    text: read(box.text),
    ...(box.alternatives && { alternatives: box.alternatives.map(read) }),
  };
}

/**
 * The box read with the letters its other reading has and it lacks: a recogniser unsure of a
 * letter drops it far more often than it makes one up, so of two readings of a name alike but for
 * letters within its words, the fuller is the text. The other stays an alternative.
 */
function withDroppedLetters(box: OcrBox): OcrBox {
  if (!box.alternatives || !isOn('letters another reading has') || !hasLetters(box.text, 3)) {
    return box;
  }
  const fuller = box.alternatives.find((other) => lettersAddedTo(box.text, other));
  if (fuller === undefined) return box;
  const others = box.alternatives.filter((other) => other !== fuller);
  return { ...box, text: fuller, alternatives: [box.text, ...others] };
}

/** The reading with the item read over `box` (its centre inside the item's box) marked so. */
function markedReadTwoWays(reading: ParsedReceipt, { box }: OcrBox): ParsedReceipt {
  const x = (box[0][0] + box[1][0] + box[2][0] + box[3][0]) / 4;
  const y = (box[0][1] + box[1][1] + box[2][1] + box[3][1]) / 4;
  const over = (r: ReceiptRect) => r.left <= x && x <= r.right && r.top <= y && y <= r.bottom;
  return {
    ...reading,
    items: reading.items.map((i) => (i.box && over(i.box) ? { ...i, readTwoWays: true } : i)),
  };
}

/**
 * Parses receipt text, one string per printed line. Never throws. `pairing`, when the lines were
 * built from boxes, says per line how sure the pairing of its price with its name is
 * (lines-from-boxes.ts); each item read from such a line carries it (not when its price was moved
 * below: that pairing is the parser's, not the geometry's).
 */
export function parseReceiptText(
  rawLines: readonly string[],
  pairing: readonly (number | undefined)[] = [],
  boxes: readonly (ReceiptRect | undefined)[] = [],
): ParsedReceipt {
  return best(readingsOfText(rawLines, pairing, 0, [], boxes)).parsed;
}

/**
 * The readings of the lines: as read, and on a tilted or bowed photo whose OCR paired each row's
 * price with the name one row below (the price column out of step with the names: the first name
 * without a price, a price left over without a name under the last), with the prices a row up,
 * all of them or only those down to where the items may end. Each is read in every form of money
 * the lines allow, and with every figure that may be the total.
 */
export function readingsOfText(
  rawLines: readonly string[],
  pairing: readonly (number | undefined)[],
  cost: number,
  steps: readonly string[],
  boxes: readonly (ReceiptRect | undefined)[] = [],
): Reading[] {
  const kept = rawLines
    .map((text, i) => ({ text: clean(text), pairing: pairing[i], box: boxes[i] }))
    .filter((l) => l.text !== '');
  const texts = readCodesAfterPrices(kept.map((l) => l.text));
  const keptBoxes = kept.map((l) => l.box);
  const span = itemSpan(texts);
  const first = readLines(
    texts,
    kept.map((l) => l.pairing),
    keptBoxes,
    cost,
    steps,
    namesWithoutPrice(texts, span),
  );
  const plain = best(first);
  const rowUp = cost + CHOICE_COST.rowUp;
  if (
    !isOn('prices a row up') ||
    plain.parsed.items.length < 2 ||
    score(plain) >= bestPossible(rowUp)
  ) {
    return first;
  }
  const moved = [undefined, ...endsOfTheItems(texts)].flatMap((upTo, k) => {
    // Moved beside its name, a price's code is read apart as the till's others are.
    const movedTexts = readCodesAfterPrices(pricesMoved(texts, 1, upTo));
    // A line given the price below it sits on both rows.
    const movedBoxes = boxesMoved(texts, keptBoxes, upTo);
    return readLines(
      movedTexts.filter((t) => t !== ''),
      [],
      movedBoxes.filter((_, i) => movedTexts[i] !== ''),
      rowUp + k / 100,
      [...steps, 'prices a row up'],
      namesWithoutPrice(movedTexts, span),
    );
  });
  // Moved up, the prices pay for other names, but they are the same prices and the same total:
  // unless a price was left over alone under the last name (it has one now, the total may too).
  const printed = plain.parsed.items.map((i) => i.amountPence);
  const unnamed = plain.parsed.items.filter((i) => i.name === UNKNOWN_ITEM_NAME).length;
  const leftOver = plain.parsed.items.at(-1)?.name === UNKNOWN_ITEM_NAME && unnamed === 1;
  return [
    ...first,
    ...moved.map((r) => ({
      ...r,
      pricesLost:
        missing(printed, r.parsed.items) +
        (leftOver || r.parsed.totalPence === plain.parsed.totalPence ? 0 : 1),
    })),
  ];
}

/** How many of the amounts (each as often as it is there) the items lack. */
function missing(amounts: readonly number[], items: readonly { amountPence: number }[]): number {
  const left = items.map((i) => i.amountPence);
  let lost = 0;
  for (const pence of amounts) {
    const at = left.indexOf(pence);
    if (at === -1) lost++;
    else left.splice(at, 1);
  }
  return lost;
}

/**
 * Each line's closing price moved to the line above it, the words staying where they are, for the
 * lines up to `last` (all without it). A line left with neither words nor price is left empty, so
 * the lines keep their places. A count at a unit price on a line of its own ('4x0,88' split from
 * 'AGUA MINERAL 4 x 0,88') is its name's, no row of the price column: the prices move past it.
 */
export function pricesMoved(texts: readonly string[], step: 1, last = texts.length - 1): string[] {
  const split = texts.map(splitPrice);
  const rows = priceRows(texts, last);
  const moved = split.map(({ words, price }) => `${words} ${price}`.trim());
  for (const [k, i] of rows.entries()) {
    const from = rows[k + step];
    moved[i] = `${split[i]!.words} ${from === undefined ? '' : split[from]!.price}`.trim();
  }
  return moved;
}

/** The lines up to `last` that are rows of the price column (pricesMoved). */
function priceRows(texts: readonly string[], last: number): number[] {
  return texts.flatMap((text, i) =>
    i > last || (QUANTITY_LINE.test(text) && findAmounts(text).length === 1) ? [] : [i],
  );
}

/** The lines' boxes as pricesMoved moves their prices: a line given the price below spans both. */
function boxesMoved(
  texts: readonly string[],
  boxes: readonly (ReceiptRect | undefined)[],
  last = texts.length - 1,
): (ReceiptRect | undefined)[] {
  const rows = priceRows(texts, last);
  const moved = [...boxes];
  for (const [k, i] of rows.entries()) {
    const from = rows[k + 1];
    if (from !== undefined && splitPrice(texts[from] ?? '').price !== '') {
      moved[i] = unionRect(boxes[i], boxes[from]);
    }
  }
  return moved;
}

function splitPrice(text: string): { words: string; price: string } {
  const amount = trailingAmount(text);
  if (amount) {
    return { words: text.slice(0, amount.start).trim(), price: text.slice(amount.start).trim() };
  }
  // A price with its till's code glued on ('1,541') is a row of the price column too.
  const apart = isOn('a code read apart from a price') ? codesApart(text) : text;
  const glued = apart === text ? null : trailingAmount(apart);
  return glued
    ? { words: apart.slice(0, glued.start).trim(), price: apart.slice(glued.start).trim() }
    : { words: text, price: '' };
}

/** A line that names something: words that are not a receipt's keywords, an address or a date. */
const named = (l: { words: string }) =>
  hasLetters(l.words, 3) && keywordKind(l.words) === null && !isInfoText(withoutBarcode(l.words));

/** From the first priced name to the last: where the items are. */
function itemSpan(texts: readonly string[]): [number, number] {
  const split = texts.map(splitPrice);
  const priced = split.flatMap((l, i) => (l.price !== '' && named(l) ? [i] : []));
  return priced.length < 2 ? [0, -1] : [priced[0]!, priced.at(-1)!];
}

/**
 * Names in the span without a price: names whose price was read elsewhere. Not a name whose price
 * is on the line under it without a name ('ORANGES' over '1.385kg @ $2.98/kg 4.13'): a layout.
 */
function namesWithoutPrice(texts: readonly string[], [from, to]: [number, number]): number {
  const split = texts.map(splitPrice);
  let count = 0;
  for (let i = from; i <= to && i < split.length; i++) {
    const line = split[i]!;
    const next = split[i + 1];
    if (line.price !== '' || !named(line)) continue;
    if (next && next.price !== '' && !named(next)) continue;
    count++;
  }
  return count;
}

/**
 * Where the items may end, for moving only their prices: the first price alone on its line after a
 * priced name (a price left over), and the first line of the totals block (its words say total,
 * payment or a count of items; the price a row low on it is the last item's).
 */
function endsOfTheItems(texts: readonly string[]): number[] {
  const split = texts.map(splitPrice);
  const firstNamed = split.findIndex((l) => l.price !== '' && hasLetters(l.words, 2));
  if (firstNamed === -1) return [];
  const alone = split.findIndex((l, i) => i > firstNamed && l.price !== '' && l.words === '');
  const totals = split.findIndex(
    (l, i) => i > firstNamed && TOTALS_BLOCK.includes(keywordKind(l.words) ?? 'info'),
  );
  return [alone, totals].filter((i) => i !== -1);
}

const TOTALS_BLOCK: readonly LineKind[] = ['subtotal', 'total', 'tender', 'count', 'table'];

function readLines(
  texts: readonly string[],
  pairing: readonly (number | undefined)[],
  boxes: readonly (ReceiptRect | undefined)[],
  cost: number,
  steps: readonly string[],
  orphans: number,
): Reading[] {
  const reading = (parsed: ParsedReceipt, more: number, step: string[]): Reading => ({
    parsed,
    cost: cost + more,
    steps: [...steps, ...step],
    namesWithoutPrice: orphans,
  });
  return moneyReadings([...texts]).flatMap((money) => {
    const form = money.cost > 0 ? [`money in ${money.form}`] : [];
    const classified = money.lines.map((line, i) => {
      const sure = pairing[i];
      const box = boxes[i];
      return {
        ...line,
        ...(sure === undefined ? {} : { pairing: sure }),
        ...(box === undefined ? {} : { box }),
      };
    });
    // Stage 1, classify (classify.ts); then a 'total' line that is a product named so (items.ts).
    const lines = isOn('product named like a total')
      ? itemsNamedLikeTotals(joinPricesOnTheirOwnLine(classified))
      : joinPricesOnTheirOwnLine(classified);
    // Where each line sits on the photo, by its index (later stages may classify a line again).
    const boxOf: BoxOf = new Map(lines.map((l) => [l.index, l.box]));
    const read = readWithTotal(lines, texts, boxOf).map((r) =>
      reading(r.parsed, money.cost + r.cost, [...form, ...r.steps]),
    );
    const plain = read[0]!;
    if (plain.parsed.checks.itemsMatchTotal) return read;
    // A price printed again under its item ('Coke 3.00' over '3.00') read as a second item: read
    // without the repeat too, for the sums to weigh (two of a dish, the name of one lost, stay).
    const twice = isOn('a price printed twice') ? pricesPrintedTwice(lines) : new Set<number>();
    if (plain.parsed.checks.differencePence < 0 && twice.size > 0) {
      const once = readClassified(
        lines.map((l) => (twice.has(l.index) ? { ...l, kind: 'text' as const } : l)),
        texts,
        boxOf,
      );
      return [
        ...read,
        ...once.map((r) =>
          reading(r.parsed, money.cost + CHOICE_COST.repair + r.cost, [
            ...form,
            'a price printed twice',
            ...r.steps,
          ]),
        ),
      ];
    }
    if (plain.parsed.checks.differencePence <= 0) return read;
    const repaired = linesThatMakeUpTheShortfall(lines, plain.parsed.checks.differencePence);
    const again = repaired
      ? readClassified(repaired, texts, boxOf).map((r) =>
          reading(r.parsed, money.cost + CHOICE_COST.repair + r.cost, [
            ...form,
            'a line makes up the shortfall',
            ...r.steps,
          ]),
        )
      : [];
    // An item priced as the items above it add up to ('Coffee 2.50', 'Tea 2.50', 'Sandwich 5.00')
    // is taken for a running total: read with every priced line an item, for the sums to weigh
    // against the same total (not one that only the running totals now make up).
    const noRunning =
      isOn('no running totals') && anyPricedAsTheLinesAbove(lines)
        ? readClassified(
            lines.map((l) => (l.kind === 'item' ? { ...l, isItem: true } : l)),
            texts,
            boxOf,
          )
            .filter((r) => r.parsed.totalPence === plain.parsed.totalPence)
            .map((r) =>
              reading(r.parsed, money.cost + CHOICE_COST.repair + r.cost, [
                ...form,
                'no running totals',
                ...r.steps,
              ]),
            )
        : [];
    return [...read, ...again, ...noRunning];
  });
}

/**
 * The bare prices (no words of their own) printed right under an item line of the same amount:
 * the line's price again, or a second of the dish whose name was lost. Their indexes.
 */
function pricesPrintedTwice(lines: readonly Line[]): Set<number> {
  const twice = new Set<number>();
  for (const [i, line] of lines.entries()) {
    const above = lines[i - 1];
    if (
      line.kind === 'item' &&
      line.amount &&
      !hasLetters(line.label, 2) &&
      above?.kind === 'item' &&
      hasLetters(above.label, 2) &&
      above.amount?.pence === line.amount.pence
    ) {
      twice.add(line.index);
    }
  }
  return twice;
}

/**
 * Whether a priced line's amount is what some priced lines right above it add up to: only then
 * may the items' reading have taken one for a running total (items.ts readItems).
 */
function anyPricedAsTheLinesAbove(lines: readonly Line[]): boolean {
  const priced = lines.filter((l) => l.kind === 'item' && l.amount).map((l) => l.amount!.pence);
  for (let i = 1; i < priced.length; i++) {
    let above = 0;
    for (let k = i - 1; k >= 0; k--) {
      above += priced[k]!;
      if (above === priced[i]) return true;
    }
  }
  return false;
}

/**
 * The lines again with one among the items read so that alone it makes up what the items miss of
 * the printed figure (`short`): the sums decide what the words or the figure could not. A priced
 * line whose words read as a note (a reference or a 'thank you' in a product's line: 'PLATES X3
 * REF:99 3.85'), or a name whose price lost its point ('CROISSANTS 4PK 164', 'MILK 2PT 129 B':
 * three or four digits after it). Else the lines printed count first whose line total OCR garbled
 * ('2@3.79 BRITISH CHICKEN BREAST.58Z', '4 @ 0.89 CHOPPED TOMATOES 4BOS6 Z'): the count at the
 * unit price is the total, when together they make up what the items miss. Null when none does.
 */
function linesThatMakeUpTheShortfall(lines: readonly Line[], short: number): Line[] | null {
  const end = endOfItems(lines);
  const repairs = isOn('a line makes up the shortfall')
    ? lines.flatMap((l): Line[] => {
        if (l.index >= end) return [];
        if (l.kind === 'info' && l.amount?.pence === short && keywordKind(l.label) === 'info') {
          return [{ ...l, kind: 'item', isItem: true }];
        }
        const lost = l.kind === 'text' ? POINT_LOST.exec(l.text) : null;
        if (!lost || Number(lost[1]) !== short) return [];
        const [, digits, code = ''] = lost;
        const line = classify(
          `${l.text.slice(0, lost.index)} ${digits!.slice(0, -2)}.${digits!.slice(-2)}${code}`,
          l.index,
        );
        return line.kind === 'item' ? [line] : [];
      })
    : [];
  const counted =
    repairs.length === 1
      ? repairs
      : isOn('count at a unit price for a garbled line total')
        ? countedLineTotals(lines, end)
        : [];
  if (
    counted.length === 0 ||
    (repairs.length !== 1 && sum(counted.map((l) => l.amount!.pence)) !== short)
  ) {
    return null;
  }
  const repaired = new Map(counted.map((l) => [l.index, l]));
  return lines.map((l) => repaired.get(l.index) ?? l);
}

/** A parsed receipt under some choices, before the choices above it are added. */
interface Choice {
  parsed: ParsedReceipt;
  cost: number;
  steps: string[];
}

/**
 * Stages 2 and 3, and again with the last item as the total (items.ts) when it may be one: a
 * total whose words were garbled, weighed against the other readings.
 */
function readWithTotal(lines: readonly Line[], texts: readonly string[], boxOf: BoxOf): Choice[] {
  const read = readClassified(lines, texts, boxOf);
  const marked = isOn('last item as the total') ? lastItemAsTotal(lines) : null;
  if (!marked) return read;
  const again = readClassified(marked, texts, boxOf).filter((r) => r.parsed.totalPence !== null);
  return [
    ...read,
    ...again.map((r) => ({
      ...r,
      cost: r.cost + CHOICE_COST.lastItemAsTotal,
      steps: ['last item as the total', ...r.steps],
    })),
  ];
}

/**
 * A garbled line total after a name: a last word with a digit in it that does not start as a word
 * ('R01L20A', '4BOS6 Z'), or '.58Z' glued to the name's last word.
 */
const GARBLED_TOTAL = /(?:\s+(?![A-Za-z]{3})\S*\d\S*|(?<=[A-Za-z])[.,]\d\S*)(?:\s+[A-Z])?$/;

/**
 * Item lines printed count first ('2@3.79 NAME 7.58') whose line total was not read as an amount,
 * read with the count at the unit price as their amount, the garbled total left out of the name.
 */
function countedLineTotals(lines: readonly Line[], end: number): Line[] {
  return lines.flatMap((l): Line[] => {
    if (l.index >= end || l.kind !== 'text' || l.amount !== null) return [];
    const m = COUNT_AT_PRICE_FIRST.exec(l.text);
    const unit = m && findAmounts(m[2]!)[0];
    if (!m || !unit || !GARBLED_TOTAL.test(m[3]!)) return [];
    const text = l.text.replace(GARBLED_TOTAL, '');
    const pence = Number(m[1]) * unit.pence;
    const line = classified(`${text} `, l.index, {
      pence,
      start: text.length + 1,
      end: text.length + 1,
      negative: false,
    });
    return line.kind === 'item' ? [{ ...line, text: l.text }] : [];
  });
}

/**
 * Stages 2 and 3 over classified lines: the items, the figures, and for each figure that may be
 * the total (totals.ts chooseTotals), the reading with it and the check.
 */
type BoxOf = ReadonlyMap<number, ReceiptRect | undefined>;

function readClassified(
  classifiedLines: readonly Line[],
  texts: readonly string[],
  boxOf: BoxOf,
): Choice[] {
  let lines = [...classifiedLines];
  // Stage 2, items (items.ts), with the figures the subtotal gives (totals.ts).
  let itemsEnd = endOfItems(lines);
  const figures = readFigures(lines, itemsEnd);
  let read = readItems(lines, itemsEnd);
  const restored = isOn('items the subtotal needs')
    ? restoreItemsTheSubtotalNeeds(read.lines, read.items, figures.subtotal)
    : null;
  if (restored) {
    itemsEnd = endOfItems(restored);
    read = readItems(restored, itemsEnd);
  }
  lines = read.lines;
  let readItemsList = modifiersAsNotes(countColumn(read.items));
  if (isOn('item that breaks the subtotal')) {
    readItemsList = dropItemThatBreaksSubtotal(readItemsList, figures);
  }
  if (isOn('breakdown by kind')) {
    readItemsList = dropBreakdown(readItemsList, lines, itemsEnd, figures);
  }
  const itemsSum = countedPence(readItemsList);
  const base = figures.subtotal ?? itemsSum;
  const service =
    figures.service ??
    (figures.servicePercent !== null && base > 0
      ? basisPointsOf(base, percentToBasisPoints(figures.servicePercent))
      : null);
  const billDiscounts = sum(readItemsList.filter((i) => i.afterSubtotal).map((i) => i.amountPence));
  const totals = chooseTotals(lines, itemsEnd, figures, base, service, billDiscounts);
  const choices = totals.length > 0 ? totals : [{ pence: null, strategy: null }];
  const readings = choices.map(({ pence: total, strategy: totalStrategy }, k) => {
    let items = readItemsList;
    let checks = check(items, lines, figures, total, service);
    // A price or two misread so that the items miss the printed figure by what their other
    // reading makes up (a '£' read as a '6'): the printed sums decide (items.ts).
    if (!checks.itemsMatchTotal && checks.differencePence !== 0 && isOn('misread price')) {
      const repaired = misreadPricesRepaired(items, checks.differencePence);
      if (repaired) {
        items = repaired;
        checks = check(items, lines, figures, total, service);
      }
    }
    // An item dearer than the whole receipt (its total, or subtotal, before the discounts printed
    // on it) is a misreading, a product code or a card number read as a price: never one to
    // return. (Which figure is the total is weighed: a small one wrongly taken drops real items,
    // and its reading then misses the sums.)
    if (total !== null && total > 0 && isOn('item dearer than the receipt')) {
      const discounts = sum(items.filter((i) => i.amountPence < 0).map((i) => -i.amountPence));
      const ceiling = Math.max(total, figures.subtotal ?? 0) + discounts;
      const kept = items.filter((i) => i.amountPence <= ceiling);
      if (kept.length < items.length) {
        items = kept;
        checks = check(items, lines, figures, total, service);
      }
    }
    const taxOnTop = addedTax({
      lines,
      itemsPence: countedPence(items),
      figures,
      total,
      service,
      billDiscounts,
    });
    const dropped = items.length < readItemsList.length;
    const pairingOf = new Map(lines.map((l) => [l.index, l.pairing]));
    const parsed: ParsedReceipt = {
      items: items.map(({ name, amountPence, quantity, line, nameLine, readTwoWays, note }) => {
        const sure = pairingOf.get(line);
        const box = unionRect(
          boxOf.get(line),
          nameLine === undefined ? undefined : boxOf.get(nameLine),
        );
        return {
          name: repairedName(withoutStrayBracket(name)),
          amountPence,
          ...(quantity === undefined ? {} : { quantity }),
          ...(note === undefined ? {} : { note: repairedName(note) }),
          ...(sure === undefined ? {} : { pairing: sure }),
          ...(readTwoWays ? { readTwoWays } : {}),
          ...(box === undefined ? {} : { box }),
        };
      }),
      unusedLines: unusedLines(lines, items, boxOf),
      subtotalPence: figures.subtotal,
      // VAT is a part of what was paid: a figure as large as the total is no VAT.
      taxPence:
        figures.tax !== null &&
        total !== null &&
        figures.tax >= total &&
        isOn('VAT less than the total')
          ? null
          : figures.tax,
      addedTaxPence: taxOnTop,
      serviceChargePence: service,
      serviceChargePercent: figures.servicePercent,
      tipPence: figures.tip,
      totalPence: total,
      establishmentName: establishmentName(lines),
      // The check once more with the tax on top taken off the total (equal to `checks` without).
      checks: taxOnTop ? check(items, lines, figures, total, service, taxOnTop) : checks,
      rawText: texts.join('\n'),
      totalStrategy,
    };
    return {
      parsed,
      cost: k === 0 ? 0 : CHOICE_COST.otherTotal + k / 10,
      steps: k === 0 ? [] : ['another total'],
      dropped,
    };
  });
  // The strategies' first choice stands unless its figure is only a last resort (no words nor
  // payment said it), or it dropped items as dearer than the receipt: then the other figures
  // that may be the total are weighed with it, by the sums.
  const first = readings[0]!;
  const weighed =
    isOn('another total') && (first.dropped || isLastResort(first.parsed.totalStrategy))
      ? readings
      : [first];
  return weighed.map(({ parsed, cost, steps }) => ({ parsed, cost, steps }));
}

/**
 * Kinds of line that are figures of the totals block or of the items' own sums: read as such, never
 * lines left out.
 */
const FIGURE_KINDS: readonly Line['kind'][] = [
  'subtotal',
  'total',
  'tax',
  'service',
  'tip',
  'tender',
  'change',
  'rounding',
  'count',
  'running',
];

/** The priced lines no item used (neither its price nor its name) that are no figure (FIGURE_KINDS). */
function unusedLines(lines: readonly Line[], items: readonly Item[], boxOf: BoxOf): UnusedLine[] {
  const used = new Set(
    items.flatMap((i) => (i.nameLine === undefined ? [i.line] : [i.line, i.nameLine])),
  );
  return lines.flatMap((l): UnusedLine[] => {
    if (!l.amount || used.has(l.index) || FIGURE_KINDS.includes(l.kind)) return [];
    const box = boxOf.get(l.index);
    const pence =
      l.amount.negative || l.kind === 'discount' ? -Math.abs(l.amount.pence) : l.amount.pence;
    return [{ text: l.text, name: tidyName(l.label), amountPence: pence, ...(box ? { box } : {}) }];
  });
}
