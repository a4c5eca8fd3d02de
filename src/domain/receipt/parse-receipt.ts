import { basisPointsOf, UNKNOWN_ITEM_NAME } from '../money';
import { addedTax } from './added-tax';
import { findAmounts, percentToBasisPoints, trailingAmount } from './amounts';
import {
  clean,
  classified,
  classify,
  classifyAll,
  joinPricesOnTheirOwnLine,
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
  restoreItemsTheSubtotalNeeds,
  tidyName,
} from './items';
import { countedPence, sum, unionRect, type Item, type Line } from './line';
import { isInfoText, keywordKind, type LineKind } from './keywords';
import { layoutLines, type ReceiptLine } from './lines-from-boxes';
import { establishmentName } from './name';
import { COUNT_AT_PRICE_FIRST, POINT_LOST } from './rules';
import { check, chooseTotal, LARGEST_AMOUNT, readFigures } from './totals';
import type { OcrBox, ParsedReceipt, ReceiptRect, UnusedLine } from './types';

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
  const read = (built: readonly ReceiptLine[]) =>
    parseReceiptText(
      built.map((l) => l.text),
      built.map((l) => l.pairing),
      built.map((l) => l.box),
    );
  // Laid out once: another reading of a box seldom moves it, and then only its line changes.
  const laidOut = layoutLines(boxes);
  const first = read(laidOut.lines);
  if (addsUp(first)) return first;
  const others = boxes
    .flatMap((box, index) => (box.alternatives ?? []).map((text) => ({ index, text, box })))
    .sort((a, b) => a.box.score - b.box.score)
    .slice(0, MAX_ALTERNATIVES);
  for (const { index, text, box } of others) {
    const other = read(laidOut.withText(index, text));
    if (addsUp(other)) return markedReadTwoWays(other, box);
  }
  return first;
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
 * The items add up to a figure printed apart from them: then the sums can decide between two
 * readings. Not when the total is only the largest amount and that is an item's own price (a
 * lone item then adds up to itself, whatever the reading): that says nothing of the reading.
 */
function addsUp(r: ParsedReceipt): boolean {
  if (!r.checks.itemsMatchTotal) return false;
  return !(
    r.totalStrategy === LARGEST_AMOUNT && r.items.some((i) => i.amountPence === r.totalPence)
  );
}

/**
 * Parses receipt text, one string per printed line. Never throws. `pairing`, when the lines were
 * built from boxes, says per line how sure the pairing of its price with its name is
 * (lines-from-boxes.ts); each item read from such a line carries it (not when its price was moved
 * below: that pairing is the parser's, not the geometry's).
 *
 * On a tilted or bowed photo OCR may pair each row's price with the name one row below (the price
 * column out of step with the names: the first name without a price, a price left over without a
 * name under the last). When the items do not add up and a price is left over so, the prices are
 * tried one row up against the names, and kept when then they add up, or when every price has a
 * name and the total is the same.
 */
export function parseReceiptText(
  rawLines: readonly string[],
  pairing: readonly (number | undefined)[] = [],
  boxes: readonly (ReceiptRect | undefined)[] = [],
): ParsedReceipt {
  const kept = rawLines
    .map((text, i) => ({ text: clean(text), pairing: pairing[i], box: boxes[i] }))
    .filter((l) => l.text !== '');
  const texts = readCodesAfterPrices(kept.map((l) => l.text));
  const keptBoxes = kept.map((l) => l.box);
  const first = readLines(
    texts,
    kept.map((l) => l.pairing),
    keptBoxes,
  );
  if (first.items.length < 2) return first;
  const unnamed = (r: ParsedReceipt) => r.items.filter((i) => i.name === UNKNOWN_ITEM_NAME).length;
  const leftOver = first.items.at(-1)?.name === UNKNOWN_ITEM_NAME && unnamed(first) === 1;
  // Items that add up, each with its name, are read right. (Prices a row low still add up when
  // the last is left over alone: then the names decide below.)
  if (first.checks.itemsMatchTotal && !leftOver) return first;
  // Every price moved up a row, or (when a price is left over alone under the last name) only
  // those down to it: the totals block may be read in step.
  const ends = [undefined, ...endsOfTheItems(texts)];
  const movedTexts = ends.map((upTo) => pricesMoved(texts, 1, upTo));
  const readings = movedTexts.map((moved, k) => {
    // A line given the price below it sits on both rows.
    const movedBoxes = boxesMoved(texts, keptBoxes, ends[k]);
    return readLines(
      moved.filter((t) => t !== ''),
      [],
      movedBoxes.filter((_, i) => moved[i] !== ''),
    );
  });
  for (const moved of readings) {
    if (!moved.checks.itemsMatchTotal || moved.totalPence === null || unnamed(moved) > 0) continue;
    // The last price left without a name, alone or on a line of the totals block: moved up a
    // row, it has one, and the first name gets its price (one item more, the same total).
    if (
      leftOver ||
      (moved.totalPence === first.totalPence && moved.items.length > first.items.length)
    ) {
      return moved;
    }
  }
  // A misread figure keeps every reading from adding up: then the shape decides. Once moved,
  // every price has a name and the total is the same; and either a price was left over alone, or
  // names among the items were left without a price that now have one (two or more fewer).
  const span = itemSpan(texts);
  const orphans = namesWithoutPrice(texts, span);
  const same = readings.find(
    (moved, k) =>
      unnamed(moved) === 0 &&
      moved.items.length >= first.items.length &&
      moved.totalPence !== null &&
      moved.totalPence === first.totalPence &&
      (leftOver || namesWithoutPrice(movedTexts[k]!, span) <= orphans - 2),
  );
  if (same) return same;
  return first;
}

/**
 * Each line's closing price moved to the line above it, the words staying where they are, for the
 * lines up to `last` (all without it). A line left with neither words nor price is left empty, so
 * the lines keep their places.
 */
export function pricesMoved(texts: readonly string[], step: 1, last = texts.length - 1): string[] {
  const split = texts.map(splitPrice);
  return split.map(({ words, price }, i) => {
    if (i > last) return `${words} ${price}`.trim();
    return `${words} ${i + step <= last ? (split[i + step]?.price ?? '') : ''}`.trim();
  });
}

/** The lines' boxes as pricesMoved moves their prices: a line given the price below spans both. */
function boxesMoved(
  texts: readonly string[],
  boxes: readonly (ReceiptRect | undefined)[],
  last = texts.length - 1,
): (ReceiptRect | undefined)[] {
  return texts.map((_, i) => {
    const below = i + 1 <= last && splitPrice(texts[i + 1] ?? '').price !== '';
    return below ? unionRect(boxes[i], boxes[i + 1]) : boxes[i];
  });
}

function splitPrice(text: string): { words: string; price: string } {
  const amount = trailingAmount(text);
  return amount
    ? { words: text.slice(0, amount.start).trim(), price: text.slice(amount.start).trim() }
    : { words: text, price: '' };
}

/** A line that names something: words that are not a receipt's keywords, an address or a date. */
const named = (l: { words: string }) =>
  /[A-Za-z]{3,}/.test(l.words) && keywordKind(l.words) === null && !isInfoText(l.words);

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
  const firstNamed = split.findIndex((l) => l.price !== '' && /[A-Za-z]{2,}/.test(l.words));
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
  pairing: readonly (number | undefined)[] = [],
  boxes: readonly (ReceiptRect | undefined)[] = [],
): ParsedReceipt {
  const classified = classifyAll([...texts]).map((line, i) => {
    const sure = pairing[i];
    const box = boxes[i];
    return {
      ...line,
      ...(sure === undefined ? {} : { pairing: sure }),
      ...(box === undefined ? {} : { box }),
    };
  });
  // Stage 1, classify (classify.ts); then a 'total' line that is a product named so (items.ts).
  const lines = itemsNamedLikeTotals(joinPricesOnTheirOwnLine(classified));
  // Where each line sits on the photo, by its index (later stages may classify a line again).
  const boxOf: BoxOf = new Map(lines.map((l) => [l.index, l.box]));
  const read = readWithTotal(lines, texts, boxOf);
  if (read.checks.itemsMatchTotal || read.checks.differencePence <= 0) return read;
  // A line among the items that makes up, alone, what the items miss of the printed figure: the
  // sums decide what the words or the figure could not. A priced line whose words read as a note
  // (a reference or a 'thank you' in a product's line: 'PLATES X3 REF:99 3.85'), or a name whose
  // price lost its point ('CROISSANTS 4PK 164', 'MILK 2PT 129 B': three or four digits after it).
  const end = endOfItems(lines);
  const short = read.checks.differencePence;
  const repairs = lines.flatMap((l): Line[] => {
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
  });
  // Else the lines printed count first whose line total OCR garbled ('2@3.79 BRITISH CHICKEN
  // BREAST.58Z', '4 @ 0.89 CHOPPED TOMATOES 4BOS6 Z'): the count at the unit price is the total,
  // when together they make up what the items miss.
  const counted = repairs.length === 1 ? repairs : countedLineTotals(lines, end);
  if (
    counted.length === 0 ||
    (repairs.length !== 1 && sum(counted.map((l) => l.amount!.pence)) !== short)
  ) {
    return read;
  }
  const repaired = new Map(counted.map((l) => [l.index, l]));
  const again = readClassified(
    lines.map((l) => repaired.get(l.index) ?? l),
    texts,
    boxOf,
  );
  return again.checks.itemsMatchTotal ? again : read;
}

/** Stages 2 and 3, again with the last item as the total (items.ts) when nothing decides it. */
function readWithTotal(
  lines: readonly Line[],
  texts: readonly string[],
  boxOf: BoxOf,
): ParsedReceipt {
  const read = readClassified(lines, texts, boxOf);
  if (read.totalPence !== null) return read;
  const marked = lastItemAsTotal(lines);
  const again = marked && readClassified(marked, texts, boxOf);
  return again && again.totalPence !== null ? again : read;
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

/** Stages 2 and 3 over classified lines: the items, the figures, the total and the check. */
type BoxOf = ReadonlyMap<number, ReceiptRect | undefined>;

function readClassified(
  classifiedLines: readonly Line[],
  texts: readonly string[],
  boxOf: BoxOf,
): ParsedReceipt {
  let lines = [...classifiedLines];
  // Stage 2, items (items.ts), with the figures the subtotal gives (totals.ts).
  let itemsEnd = endOfItems(lines);
  const figures = readFigures(lines, itemsEnd);
  let read = readItems(lines, itemsEnd);
  const restored = restoreItemsTheSubtotalNeeds(read.lines, read.items, figures.subtotal);
  if (restored) {
    itemsEnd = endOfItems(restored);
    read = readItems(restored, itemsEnd);
  }
  lines = read.lines;
  let items = read.items;
  items = dropItemThatBreaksSubtotal(items, figures);
  items = dropBreakdown(items, lines, itemsEnd, figures);
  const itemsSum = countedPence(items);
  const base = figures.subtotal ?? itemsSum;
  const service =
    figures.service ??
    (figures.servicePercent !== null && base > 0
      ? basisPointsOf(base, percentToBasisPoints(figures.servicePercent))
      : null);
  const billDiscounts = sum(items.filter((i) => i.afterSubtotal).map((i) => i.amountPence));
  const { pence: total, strategy: totalStrategy } = chooseTotal(
    lines,
    itemsEnd,
    figures,
    base,
    service,
    billDiscounts,
  );
  let checks = check(items, lines, figures, total, service);
  // A price or two misread so that the items miss the printed figure by what their other reading
  // makes up (a '£' read as a '6'): the printed sums decide (items.ts misreadPricesRepaired).
  if (!checks.itemsMatchTotal && checks.differencePence !== 0) {
    const repaired = misreadPricesRepaired(items, checks.differencePence);
    if (repaired) {
      items = repaired;
      checks = check(items, lines, figures, total, service);
    }
  }
  // An item dearer than the whole receipt (its total, or subtotal, before the discounts printed on
  // it) is a misreading, a product code or a card number read as a price: never one to return.
  if (total !== null && total > 0) {
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

  const pairingOf = new Map(lines.map((l) => [l.index, l.pairing]));
  return {
    items: items.map(({ name, amountPence, quantity, line, nameLine, readTwoWays }) => {
      const sure = pairingOf.get(line);
      const box = unionRect(
        boxOf.get(line),
        nameLine === undefined ? undefined : boxOf.get(nameLine),
      );
      return {
        name,
        amountPence,
        ...(quantity === undefined ? {} : { quantity }),
        ...(sure === undefined ? {} : { pairing: sure }),
        ...(readTwoWays ? { readTwoWays } : {}),
        ...(box === undefined ? {} : { box }),
      };
    }),
    unusedLines: unusedLines(lines, items, boxOf),
    subtotalPence: figures.subtotal,
    taxPence: figures.tax,
    addedTaxPence: taxOnTop,
    serviceChargePence: service,
    serviceChargePercent: figures.servicePercent,
    tipPence: figures.tip,
    totalPence: total,
    establishmentName: establishmentName(lines),
    // The check once more with the tax on top taken off the total (equal to `checks` without one).
    checks: taxOnTop ? check(items, lines, figures, total, service, taxOnTop) : checks,
    rawText: texts.join('\n'),
    totalStrategy,
  };
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
