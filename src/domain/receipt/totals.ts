// Stage 3, totals: the printed figures (subtotal, VAT, service, tip), the total, chosen by an
// ordered list of named strategies, and the check of the items against a printed figure.
import type { Pence } from '../money';
import { findPercent } from './amounts';
import { NET_OF_TAX, type LineKind } from './keywords';
import { countedPence, sum, type Item, type Line } from './line';
import { STRONG_TOTAL } from './rules';
import type { ParsedReceipt } from './types';

export interface Figures {
  subtotal: Pence | null;
  tax: Pence | null;
  service: Pence | null;
  servicePercent: string | null;
  tip: Pence | null;
  /** the words printed beside the subtotal */
  subtotalLabel: string | null;
}

export function readFigures(lines: Line[], itemsEnd: number): Figures {
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

/** Cash is rounded to the nearest 5 or 10 of the smallest coin: never more than 5p either way. */
const MAX_ROUNDING = 5;

/**
 * The total: a 'total' line whose amount agrees with the subtotal plus service and tip (with or
 * without VAT added, as US receipts add tax), else the largest total line (a receipt that adds a
 * tip prints the total again, larger), else what the card paid, else cash less change.
 */
export function chooseTotal(
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
 * The items against a printed figure, like with like: the items as printed (VAT included in UK
 * prices, not yet added in US ones) against the subtotal, or the total less service and tip. A
 * subtotal net of VAT ('Net total', 'Total excl. VAT', a VAT table's net) is not what VAT-inclusive
 * items add up to: when the items miss it and it is net of the tax (by its words, or because it
 * plus the tax is the total), they are checked against the gross total instead.
 */
export function check(
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
