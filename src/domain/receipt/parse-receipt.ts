import { basisPointsOf } from '../money';
import { addedTax } from './added-tax';
import { percentToBasisPoints } from './amounts';
import { clean, classifyAll, joinPricesOnTheirOwnLine } from './classify';
import {
  dropBreakdown,
  dropItemThatBreaksSubtotal,
  endOfItems,
  itemsNamedLikeTotals,
  readItems,
  restoreItemsTheSubtotalNeeds,
} from './items';
import { countedPence, sum } from './line';
import { buildLines } from './lines-from-boxes';
import { establishmentName } from './name';
import { check, chooseTotal, readFigures } from './totals';
import type { OcrBox, ParsedReceipt } from './types';

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
  const read = (b: readonly OcrBox[]) => {
    const built = buildLines(b);
    return parseReceiptText(
      built.map((l) => l.text),
      built.map((l) => l.pairing),
    );
  };
  const first = read(boxes);
  if (first.checks.itemsMatchTotal) return first;
  const others = boxes
    .flatMap((box, index) => (box.alternatives ?? []).map((text) => ({ index, text, box })))
    .sort((a, b) => a.box.score - b.box.score)
    .slice(0, MAX_ALTERNATIVES);
  for (const { index, text } of others) {
    const changed = boxes.map((b, k) => (k === index ? { ...b, text } : b));
    const other = read(changed);
    if (other.checks.itemsMatchTotal) return other;
  }
  return first;
}

/**
 * Parses receipt text, one string per printed line. Never throws. `pairing`, when the lines were
 * built from boxes, says per line how sure the pairing of its price with its name is
 * (lines-from-boxes.ts); each item read from such a line carries it.
 */
export function parseReceiptText(
  rawLines: readonly string[],
  pairing: readonly (number | undefined)[] = [],
): ParsedReceipt {
  const kept = rawLines.map((text, i) => ({ text: clean(text), pairing: pairing[i] }));
  const nonEmpty = kept.filter((l) => l.text !== '');
  const texts = nonEmpty.map((l) => l.text);
  const classified = classifyAll(texts).map((line, i) => {
    const sure = nonEmpty[i]!.pairing;
    return sure === undefined ? line : { ...line, pairing: sure };
  });
  // Stage 1, classify (classify.ts); then a 'total' line that is a product named so (items.ts).
  let lines = itemsNamedLikeTotals(joinPricesOnTheirOwnLine(classified));
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
  const { pence: total, strategy: totalStrategy } = chooseTotal(
    lines,
    itemsEnd,
    figures,
    base,
    service,
    billDiscounts,
  );
  // An item dearer than the whole receipt (its total, or subtotal, before the discounts printed on
  // it) is a misreading, a product code or a card number read as a price: never one to return.
  if (total !== null && total > 0) {
    const discounts = sum(items.filter((i) => i.amountPence < 0).map((i) => -i.amountPence));
    const ceiling = Math.max(total, figures.subtotal ?? 0) + discounts;
    items = items.filter((i) => i.amountPence <= ceiling);
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
    items: items.map(({ name, amountPence, quantity, line }) => {
      const sure = pairingOf.get(line);
      return {
        name,
        amountPence,
        ...(quantity === undefined ? {} : { quantity }),
        ...(sure === undefined ? {} : { pairing: sure }),
      };
    }),
    subtotalPence: figures.subtotal,
    taxPence: figures.tax,
    addedTaxPence: taxOnTop,
    serviceChargePence: service,
    serviceChargePercent: figures.servicePercent,
    tipPence: figures.tip,
    totalPence: total,
    establishmentName: establishmentName(lines),
    checks: check(items, lines, figures, total, service, taxOnTop),
    rawText: texts.join('\n'),
    totalStrategy,
  };
}
