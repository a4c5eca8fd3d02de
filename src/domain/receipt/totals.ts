// Stage 3, totals: the printed figures (subtotal, VAT, service, tip), the total, chosen by an
// ordered list of named strategies, and the check of the items against a printed figure.
import type { Pence } from '../money';
import { CURRENCY, findPercent } from './amounts';
import { CASH, NET_OF_TAX, type LineKind } from './keywords';
import { countedPence, isItemLine, sum, type Item, type Line } from './line';
import { NET_AMOUNT, STRONG_TOTAL } from './rules';
import { isOn } from './switches';
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

export function readFigures(lines: readonly Line[], itemsEnd: number): Figures {
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

/** What every strategy for the total may look at. */
export interface TotalContext {
  lines: readonly Line[];
  itemsEnd: number;
  figures: Figures;
  /** the subtotal, or the items' sum without one */
  base: Pence;
  service: Pence | null;
  /** 'total' lines with an amount (or with a bare amount printed just above them) */
  candidates: readonly Line[];
  /** what the total may add up to: base plus service, tip and tax, less bill discounts */
  expected: readonly Pence[];
  /** cash less change, or the card's amount, printed under the items; null when neither is */
  paid: Pence | null;
  /** the line of the money handed over, when what was paid is that less the change given */
  handedLine: number | null;
}

/** The last resort's name: a total it decides may be an item's own price (parse-receipt.ts). */
export const LARGEST_AMOUNT = 'largest amount';

/** One way to decide the total; null when it does not apply and the next is tried. */
export interface TotalStrategy {
  name: string;
  decide: (c: TotalContext) => Pence | null;
}

/**
 * The total, decided by the first strategy that applies, in this order: the figures agreeing with
 * each other come first, then the wording, then what is left.
 */
export const TOTAL_STRATEGIES: readonly TotalStrategy[] = [
  {
    // No total line (OCR garbled its word: 'TDT,COHPRA' for 'TOT.COMPRA'), but a line under the
    // items adds them all up: that is the total, unless more than that was paid, or what was paid
    // is printed again under it (the sum less a saving), or a figure printed under it is the sum
    // plus a figure printed between the two (tax or service added to net prices, the total's word
    // garbled too): then that figure is.
    name: 'sum line without a total word',
    decide: ({ lines, itemsEnd, base, candidates, expected, paid }) => {
      const sumLine = lines.find(
        (l) =>
          (l.kind === 'running' || (l.kind === 'item' && l.index >= itemsEnd)) &&
          l.amount!.pence === base,
      );
      if (!sumLine || base <= 0 || candidates.length > 0 || (paid !== null && paid >= base)) {
        return null;
      }
      const paidPrinted = lines.some(
        (l) =>
          l.index > sumLine.index &&
          l.kind !== 'tender' &&
          l.kind !== 'change' &&
          l.amount?.pence === paid,
      );
      if (paidPrinted) return null;
      const added = lines.find(
        (l) =>
          l.index > sumLine.index &&
          l.amount !== null &&
          l.amount.pence > base &&
          // (a figure the sums agree with may share its line with a time: '10:00 DuZ 25.61')
          (!NOT_THE_TOTAL.includes(l.kind) ||
            (l.kind === 'info' && expected.includes(l.amount.pence))) &&
          (expected.includes(l.amount.pence) ||
            lines.some(
              (x) =>
                x.index > sumLine.index &&
                x.index < l.index &&
                x.kind !== 'tender' &&
                x.kind !== 'change' &&
                x.amount?.pence === l.amount!.pence - base,
            )),
      );
      if (added) return added.amount!.pence;
      // Or the sum less a discount printed between the two ('SUB 20.00', 'DISC -2.00', 'T0TAL
      // 18.00'), the words garbled again.
      const discounted = lines.find(
        (l) =>
          l.index > sumLine.index &&
          (l.kind === 'item' || l.kind === 'text') &&
          l.amount !== null &&
          l.amount.pence > 0 &&
          l.amount.pence < base &&
          lines.some(
            (x) =>
              x.index > sumLine.index &&
              x.index < l.index &&
              (x.kind === 'discount' || x.kind === 'savings' || (x.amount?.pence ?? 0) < 0) &&
              Math.abs(x.amount?.pence ?? 0) === base - l.amount!.pence,
          ),
      );
      return discounted ? discounted.amount!.pence : base;
    },
  },
  {
    // Cash rounding ('Total 11.98', 'Rounding Adj 0.02', 'Rounding 12.00', 'Cash 20.00', 'Change
    // 8.00'): the bill is the total the items, service and tax add up to, or failing that the total
    // within a rounding of what was paid; rounding to the nearest 5 sen or cent is how the cash was
    // settled, not part of what is shared (decision 007).
    name: 'total before cash rounding',
    decide: ({ lines, itemsEnd, base, candidates, expected, paid }) => {
      const rounding = lines.find((l) => l.kind === 'rounding');
      if (!rounding) return null;
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
      if (exact && lines.some((l) => l.index >= itemsEnd && l.kind === 'rounding')) {
        return exact.amount!.pence;
      }
      // No total line (its word garbled, so the rounding may read as among the items): the figure
      // just above the rounding, within a rounding of what was paid and not equal to it, is the
      // total being rounded.
      const above = lines[rounding.index - 1];
      const rounded =
        candidates.length === 0 &&
        paid !== null &&
        above?.amount &&
        (above.kind === 'item' || above.kind === 'text' || above.kind === 'running') &&
        above.amount.pence !== paid &&
        Math.abs(paid - above.amount.pence) <= MAX_ROUNDING;
      return rounded ? above.amount!.pence : null;
    },
  },
  {
    // A currency sign read as a digit ('$7.29' as 37.29, '£2.19' as 12.19): no total line is what
    // was paid or what the figures add up to, but one is, its first digit dropped. Not when the
    // sign was read as printed ('$10.70').
    name: 'currency sign read as a digit',
    decide: ({ base, candidates, expected, paid }) => {
      const agrees = (p: Pence) => p === paid || (base > 0 && expected.includes(p));
      if (candidates.some((l) => agrees(l.amount!.pence))) return null;
      const read = candidates.flatMap((l) => {
        if (SIGN.test(l.text.slice(0, l.amount!.end))) return [];
        const pence = withoutFirstDigit(l.amount!.pence);
        return pence !== null && agrees(pence) ? [pence] : [];
      });
      return read.at(-1) ?? null;
    },
  },
  {
    // What was paid settles it: the card's amount, or cash less change, when the figures agree
    // with it or it is printed again above, or (cash less change) printed as a payment. Printed
    // again as the last of the items and the sum of those above it, it is the total whose word
    // was garbled ('CASE 10.00', 'JZQAQ PUJKKVQX 10.00', 'OTHER CARD 10.00').
    name: 'what was paid',
    decide: ({ lines, itemsEnd, base, candidates, expected, paid, handedLine }) => {
      if (paid === null) return null;
      const printed = lines
        .slice(itemsEnd)
        .some(
          (l) =>
            (l.kind !== 'tender' || (handedLine !== null && l.index !== handedLine)) &&
            l.kind !== 'change' &&
            l.amount !== null &&
            Math.abs(l.amount.pence) === paid,
        );
      const agrees = base > 0 && expected.includes(paid);
      const items = lines.slice(0, itemsEnd).filter((l) => l.kind === 'item' && l.amount);
      const last = items.at(-1);
      const sumsAbove =
        last !== undefined &&
        last.amount!.pence === paid &&
        sum(items.slice(0, -1).map((l) => l.amount!.pence)) === paid;
      return agrees || printed || sumsAbove || candidates.some((l) => l.amount!.pence === paid)
        ? paid
        : null;
    },
  },
  {
    // 'Total 365.00', taxes, 'Net Amount 393.00': a net amount printed after the total, and larger,
    // is what is paid (Indian bills), not the net of tax a subtotal usually is.
    name: 'net amount after the total',
    decide: ({ lines, candidates }) => {
      const net = lines.find(
        (l) =>
          l.kind === 'subtotal' &&
          l.amount !== null &&
          NET_AMOUNT.test(l.label) &&
          candidates.some((c) => c.index < l.index && c.amount!.pence < l.amount!.pence),
      );
      return net ? net.amount!.pence : null;
    },
  },
  {
    // 'Total Payable' or 'Amount Due' printed last is the total, whatever the lines above add up to.
    name: 'strong wording printed last',
    decide: ({ candidates }) => {
      const last = candidates.reduce<Line | null>((a, l) => (a && a.index > l.index ? a : l), null);
      return last && STRONG_TOTAL.test(last.label) ? last.amount!.pence : null;
    },
  },
  {
    // The last total line that the subtotal, service, tip and tax add up to.
    name: 'total the figures agree with',
    decide: ({ base, candidates, expected }) => {
      if (base <= 0) return null;
      const agreeing = candidates.filter((l) => expected.includes(l.amount!.pence));
      return agreeing.length > 0 ? agreeing.at(-1)!.amount!.pence : null;
    },
  },
  {
    // The largest total line, strong wording first (a receipt that adds a tip prints the total
    // again, larger).
    name: 'largest total line',
    decide: ({ candidates }) => {
      if (candidates.length === 0) return null;
      const strong = candidates.filter((l) => STRONG_TOTAL.test(l.label));
      const pool = strong.length > 0 ? strong : candidates;
      return Math.max(...pool.map((l) => l.amount!.pence));
    },
  },
  {
    // No total line, but a figure under the items that the subtotal, service and tax add up to,
    // its words garbled ('TKTQK DJE: $27.30' under 'SUB-TOTAL $26.00' and 'GST(5%): $1.30'), or
    // sharing its line with a time ('10:00 PKyQKnJ DuZ 25.61'): the sums agreeing outweigh a
    // payment that does not (cash handed over before its change).
    name: 'figure under the items the sums agree with',
    decide: ({ lines, itemsEnd, base, candidates, expected }) => {
      if (base <= 0 || candidates.length > 0) return null;
      const agreeing = lines
        .slice(itemsEnd)
        .find(
          (l) =>
            (l.kind === 'item' || l.kind === 'text' || l.kind === 'info') &&
            l.amount !== null &&
            l.amount.pence > base &&
            expected.includes(l.amount.pence),
        );
      return agreeing ? agreeing.amount!.pence : null;
    },
  },
  {
    // A payment printed among the items (a slip whose totals lost their amounts) still says it.
    // Less than the items cost it is a part of the bill paid so (a voucher, a split), not all of
    // it; unless it is the one payment, none given change, and the total's words are printed
    // with their amounts lost: then the items are what was misread.
    name: 'payment printed anywhere',
    decide: ({ lines, paid, base }) => {
      const pence = paid ?? paidAmount(lines)?.pence ?? null;
      if (pence === null) return null;
      const payments = lines.filter((l) => l.kind === 'tender' && l.amount);
      const sole =
        payments.length === 1 &&
        !lines.some((l) => l.kind === 'change') &&
        lines.some((l) => l.kind === 'total' && !l.amount);
      return pence >= base || sole ? pence : null;
    },
  },
  {
    // Amounts with no words under the items ('Subtotal 5.25', '0.20', '5.45'): the one that
    // agrees, else the largest that is not less than the items. An unlabelled running total of all
    // the items, last in the item list, is the total.
    name: 'bare amount under the items',
    decide: ({ lines, itemsEnd, base, expected }) => {
      const bare = lines
        .slice(itemsEnd)
        .filter(
          (l) => (l.kind === 'item' || l.kind === 'text') && l.amount && l.amount.pence >= base,
        )
        .map((l) => l.amount!.pence);
      const running = lines
        .slice(0, itemsEnd)
        .filter((l) => l.kind === 'running')
        .at(-1);
      if (running && running.amount!.pence === base) bare.unshift(base);
      const agreeing = bare.find((p) => expected.includes(p));
      if (agreeing !== undefined) return agreeing;
      return bare.length > 0 ? Math.max(...bare) : null;
    },
  },
  {
    // The subtotal with service and tip, and US tax printed between it and a total whose amount
    // was lost.
    name: 'subtotal plus service, tip and tax',
    decide: ({ lines, itemsEnd, figures, service }) =>
      figures.subtotal === null
        ? null
        : figures.subtotal +
          (service ?? 0) +
          (figures.tip ?? 0) +
          taxAdded(lines, itemsEnd, figures),
  },
  {
    // Last resort, when OCR lost every total word: the largest amount that is not a payment, if the
    // items fit under it (a receipt's total is its largest figure but for cash tendered). Or if it
    // is printed twice, the second time last: with the words of the total and the payment garbled
    // ('RONTDUE 12.62'), both lines were read as items and the items outgrow every amount, but a
    // figure larger than any other, printed again under everything else, is the total printed
    // again as what was paid (two coffees at the dearest price are followed by other items).
    name: LARGEST_AMOUNT,
    decide: ({ lines, base }) => {
      const amounts = lines
        .filter((l) => l.amount && l.amount.pence !== 0 && !NOT_THE_TOTAL.includes(l.kind))
        .map((l) => l.amount!.pence);
      const largest = amounts.length > 0 ? Math.max(...amounts) : 0;
      if (largest <= 0) return null;
      const repeatedLast =
        amounts.at(-1) === largest && amounts.filter((p) => p === largest).length >= 2;
      return largest >= base || repeatedLast ? largest : null;
    },
  },
];

/** Lines whose amount is never the total, for the last resort. */
const NOT_THE_TOTAL: readonly Line['kind'][] = [
  'tender',
  'change',
  'info',
  'rounding',
  'count',
  'table',
];

/**
 * The figures that may be the total, each with the strategy that decided it, in the strategies'
 * order (empty when none could): the first is the strategies' choice, the others are weighed
 * against it by the receipt's sums (parse-receipt.ts), so that a small figure taken for the total
 * does not drop the items dearer than it before they are read.
 */
export function chooseTotals(
  lines: readonly Line[],
  itemsEnd: number,
  figures: Figures,
  base: Pence,
  service: Pence | null,
  billDiscounts: Pence = 0,
): { pence: Pence; strategy: string }[] {
  const candidates = lines.filter((l) => l.kind === 'total' && l.amount && l.amount.pence > 0);
  // 'TOTAL' printed under its amount: take the bare amount just above. Or over it: a row split
  // in two by a tilt, its amount bare or after a stray letter (a currency sign misread, 'e28.95').
  for (const line of lines) {
    if (line.kind !== 'total' || line.amount) continue;
    const above = lines[line.index - 1];
    const below = lines[line.index + 1];
    if (above?.amount && above.label === '') {
      candidates.push({ ...line, amount: above.amount });
    } else if (
      below?.amount &&
      below.amount.pence > 0 &&
      (below.kind === 'item' || below.kind === 'text') &&
      !/\p{L}{2}/u.test(below.label)
    ) {
      candidates.push({ ...line, amount: below.amount });
    }
  }
  const extras = (service ?? 0) + (figures.tip ?? 0);
  // Several taxes printed one under another (state and city, CGST and SGST): the total adds all.
  const taxLines = lines.filter((l) => l.kind === 'tax' && l.amount && l.amount.pence > 0);
  const taxes = taxLines.length > 1 ? [sum(taxLines.map((l) => l.amount!.pence))] : [];
  const sums = [
    base + extras,
    base + extras + (figures.tax ?? 0),
    base + (service ?? 0),
    base + (service ?? 0) + (figures.tax ?? 0),
    ...taxes.flatMap((t) => [base + extras + t, base + (service ?? 0) + t]),
  ];
  // A discount on the whole bill, printed after the subtotal, comes off the total.
  const expected = billDiscounts === 0 ? sums : [...sums.map((p) => p + billDiscounts), ...sums];
  // With no items read, no line is above them: every line is where the totals may be.
  const under = lines.some(isItemLine) ? itemsEnd : 0;
  const payment = paidAmount(lines.slice(under), base > 0 ? expected : []);
  const context: TotalContext = {
    lines,
    itemsEnd: under,
    figures,
    base,
    service,
    candidates,
    expected,
    paid: payment?.pence ?? null,
    handedLine: payment?.handed ?? null,
  };
  const chosen: { pence: Pence; strategy: string }[] = [];
  for (const strategy of TOTAL_STRATEGIES) {
    if (!isOn(strategy.name)) continue;
    const pence = strategy.decide(context);
    if (pence === null || chosen.some((c) => c.pence === pence)) continue;
    chosen.push({ pence, strategy: strategy.name });
    if (chosen.length === MAX_TOTALS) break;
  }
  return chosen;
}

/**
 * The strategies that decide from no words and no payment, only from where a figure stands or how
 * large it is: their choice is weighed against the others by the sums (parse-receipt.ts).
 */
const LAST_RESORTS: ReadonlySet<string> = new Set([
  'bare amount under the items',
  'subtotal plus service, tip and tax',
  LARGEST_AMOUNT,
]);

export function isLastResort(strategy: string | null): boolean {
  return strategy !== null && LAST_RESORTS.has(strategy);
}

/** Figures weighed as the total at most: the strategies' first choices, in their order. */
const MAX_TOTALS = 3;

/**
 * Tax printed between the subtotal and a total whose amount was lost is added on top of the
 * subtotal (US receipts); VAT printed elsewhere is included in the prices (UK receipts).
 */
function taxAdded(lines: readonly Line[], itemsEnd: number, figures: Figures): Pence {
  const subtotal = lines.findIndex((l, i) => i >= itemsEnd && l.kind === 'subtotal' && l.amount);
  const total = lines.findIndex((l, i) => i > subtotal && l.kind === 'total');
  if (subtotal === -1 || total === -1 || figures.tax === null) return 0;
  return lines.slice(subtotal, total).some((l) => l.kind === 'tax' && l.amount) ? figures.tax : 0;
}

/**
 * What was paid: cash (or any tender) less the change given after it, else the card's amount, else
 * cash with no change that must have been the exact sum; null when none is printed. Some tills
 * print the payment as a negative line ('Card -59.00').
 */
function paidAmount(
  lines: readonly Line[],
  expected: readonly Pence[] = [],
): { pence: Pence; handed: number | null } | null {
  const tenders = lines.filter((l) => l.kind === 'tender' && l.amount && l.amount.pence !== 0);
  const change = lines.find((l) => l.kind === 'change' && l.amount);
  if (change) {
    // The money handed over is more than the change; cash is named so when it is.
    const given = tenders.filter(
      (l) => l.index < change.index && Math.abs(l.amount!.pence) > Math.abs(change.amount!.pence),
    );
    const handed = given.find((l) => CASH.test(l.label)) ?? given.at(-1);
    if (handed) {
      const pence = Math.abs(handed.amount!.pence) - Math.abs(change.amount!.pence);
      return { pence, handed: handed.index };
    }
  }
  const card = tenders.find((l) => !CASH.test(l.label));
  if (card) return { pence: Math.abs(card.amount!.pence), handed: null };
  // Cash with no change printed: the exact sum when it is to the penny (notes handed over are a
  // whole number of pounds or dollars) or when the figures add up to it.
  const exact = change
    ? undefined
    : tenders.find(
        (l) => l.amount!.pence % 100 !== 0 || expected.includes(Math.abs(l.amount!.pence)),
      );
  return exact ? { pence: Math.abs(exact.amount!.pence), handed: null } : null;
}

/** A currency sign before the digits of an amount that ends the text. */
const SIGN = new RegExp(String.raw`${CURRENCY}\s*-?\s*[\d.,' ]+$`);

/**
 * An amount without its first digit (3729 -> 729), or null when it has none to spare or the rest
 * would start with a zero (10.70 is not a sign before '0.70').
 */
function withoutFirstDigit(pence: Pence): Pence | null {
  const digits = String(pence);
  return digits.length < 4 || digits[1] === '0' ? null : Number(digits.slice(1));
}

/**
 * The items against a printed figure, like with like: the items as printed (VAT included in UK
 * prices, not yet added in US ones) against the subtotal, or the total less service, tip and the
 * tax added on top (added-tax.ts). A
 * subtotal net of VAT ('Net total', 'Total excl. VAT', a VAT table's net) is not what VAT-inclusive
 * items add up to: when the items miss it and it is net of the tax (by its words, or because it
 * plus the tax is the total), they are checked against the gross total instead.
 */
export function check(
  items: Item[],
  lines: readonly Line[],
  figures: Figures,
  total: Pence | null,
  service: Pence | null,
  addedTax: Pence | null = null,
): ParsedReceipt['checks'] {
  const { subtotal, tip, tax } = figures;
  const counted = countedPence(items);
  const againstTotal = (): ParsedReceipt['checks'] | null => {
    if (total === null) return null;
    const itemsSum = sum(items.map((i) => i.amountPence));
    let difference = total - (service ?? 0) - (tip ?? 0) - (addedTax ?? 0) - itemsSum;
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
