import { digitsOf, hasDigits } from './text';
import type { Pence } from '../money';

// Money as printed on receipts. OCR keeps whatever the till printed: '£4.50', '4.50', '4,50'
// (a European decimal comma), '1,234.50', '1.234,50', '4.50 A' (a VAT code after the price),
// 'GBP 4.50', and negatives as '-2.00', '2.00-', '(2.00)' or '2.00 CR'. A money amount always has
// exactly two decimals; that is what tells it from a quantity, a date or a table number.

/** One amount found in a line: where it is and what it is worth. */
export interface FoundAmount {
  readonly pence: Pence;
  readonly start: number;
  readonly end: number;
  /** printed with a sign, brackets, a trailing minus or CR */
  readonly negative: boolean;
}

/** A currency sign or code printed before or beside an amount. */
export const CURRENCY = String.raw`(?:£|\$|€|GBP|EUR|USD|AED|SGD|HKD|RM|S\$|Rs\.?|INR)`;
// A minus is a sign only when it touches the number (or its currency sign) and does not end a word:
// in 'SC CA KWSTBY - 0.68X' and 'TWILL- 22.99' it is a printed flag or part of the name. PaddleOCR's
// recogniser has no '£': after a minus it reads one as an 'f' ('Voucher -f2.00' is -£2.00).
// At the end of a line a third decimal '0' or 'O' is a misread tax flag ('5.00O' for '5.00 O').
// A comma followed by exactly three digits is a thousands separator in any currency ('24,000',
// 'Total 224,400' on a rupiah receipt): never 24.00 with a misread flag, so not an amount in pence.
// A currency code is one only as a word of its own: the end of 'PEPPERS 1.19' or 'FARM 2.00' is
// not rupees or ringgit. Not after a digit, a slash or a digit and a decimal mark: '12.05.19' (a date) is not an amount,
// while 'Rs.2,800.00' and 'TOTAL:58.95' are. Not before a digit or a percent sign: '12.50%' is a rate, not money.
const AMOUNT = new RegExp(
  String.raw`(\(\s*)?((?<![A-Za-z0-9])-)?(?:(?<![A-Za-z])${CURRENCY}\s*|(?<=(?<![A-Za-z0-9])-)f\s*)?(-)?(?<![\d/])(?<!\d[.,])(\d{1,3}(?:[,.']\d{3})+|\d+)(?!,\d{3}(?![\d.,]))\s?([.,])\s?(\d{2})(?:[0O](?=\s*$))?(?![\d%])(?![.,]\d)(?!\s?%)(\s*-(?![\d]))?(\s*\))?(\s*CR\b)?`,
  'gi',
);

// A unit price and a line total printed without a gap read as one token: '3.2513.00' is 3.25 and
// 13.00. Only when both use the same decimal mark, so '1.234,50' stays one amount.
const GLUED = /(\d\.\d{2})(?=\d{1,6}\.\d{2}(?!\d))|(\d,\d{2})(?=\d{1,6},\d{2}(?!\d))/g;

/** The text with glued amounts pulled apart; same length except for the inserted spaces. */
export function unglueAmounts(text: string): string {
  return text.replace(GLUED, '$1$2 ');
}

/**
 * Texts already searched, with what was found (frozen: shared by every caller). The parser asks
 * about the same few hundred texts many times over (the rows are built and read again for each
 * other reading of an unsure figure), and the pattern above is dear: on a 180-box supermarket list
 * this was two fifths of the parse. Bounded; emptied when full.
 */
const seen = new Map<string, readonly FoundAmount[]>();
const SEEN_MAX = 4096;

/** Every amount in the text, left to right. */
export function findAmounts(text: string): readonly FoundAmount[] {
  const known = seen.get(text);
  if (known) return known;
  const found = Object.freeze(search(text));
  if (seen.size >= SEEN_MAX) seen.clear();
  seen.set(text, found);
  return found;
}

function search(text: string): FoundAmount[] {
  const found: FoundAmount[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const [whole, open, minus1, minus2, units = '', , cents = ''] = m;
    const close = m[8];
    const trailingMinus = m[7];
    const credit = m[9];
    const digits = digitsOf(units);
    // Six or more digits with no thousands separator are a product code or a barcode that runs into
    // a price ('50123454.99'), never a price: receipts in pence group large figures, or print none.
    if (digits === units && digits.length >= 6) continue;
    const magnitude = Number(digits) * 100 + Number(cents);
    if (!Number.isSafeInteger(magnitude)) continue;
    const negative = Boolean(minus1 || minus2 || trailingMinus || credit || (open && close));
    found.push(
      Object.freeze({
        pence: negative ? -magnitude || 0 : magnitude,
        start: m.index,
        end: m.index + whole.length,
        negative,
      }),
    );
  }
  return found;
}

// What may follow the price at the end of a line: a VAT or tax code ('A', 'T', 'S', 'Z', 'TX', '*',
// '<1>' as classify.ts reads a till's code digit), 'F1', 'TFW', a currency word, stray punctuation
// ('*', '#', a '+' some tills print before the code: '4.50+A', a point OCR reads for the space
// before it: '2.29.Z').
const PRICE_SUFFIX = /^[\s*#+.]*(?:[A-Z]{1,3}\d?|<[A-Z\d]>|GBP|EUR|USD)?[\s*#.]*$/i;

/** The price at the end of a line, if it ends with one (see PRICE_SUFFIX). */
export function trailingAmount(text: string): FoundAmount | null {
  const amounts = findAmounts(text);
  const last = amounts.at(-1);
  if (!last) return null;
  const rest = text.slice(last.end);
  if (PRICE_SUFFIX.test(rest)) return last;
  // A VAT code digit after the line total ('Salad 6.50 6.50 2'), where a unit price column shows
  // the last amount is the line's total.
  return amounts.length >= 2 && /^\s+\d\s*$/.test(rest) ? last : null;
}

/**
 * A price at the end of a line whose decimal point OCR lost, '$4370' for $43.70: a currency sign
 * touching three to five digits. Only for receipts whose other amounts are in pence.
 */
export function amountWithoutPoint(text: string): FoundAmount | null {
  const m = /(?<![\w.,])[£$€](\d{3,5})\s*[A-Z]?\s*$/.exec(text);
  if (!m) return null;
  return { pence: Number(m[1]), start: m.index, end: m.index + m[0].length, negative: false };
}

/** '12.5' from 'SERVICE CHARGE 12.5%', or null. */
export function findPercent(text: string): string | null {
  const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(text);
  return m ? m[1]!.replace(',', '.') : null;
}

/** Basis points of a percent string: '12.5' is 1250. Exact, no float arithmetic. */
export function percentToBasisPoints(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

// Receipts in currencies without pence (or whose OCR lost them) print '339', '356.0', 'XPF 12312',
// and rupiah in thousands: '23,967', '111.569' (OCR may read the point as a colon: '134:999').
const WHOLE_UNITS = /(?<![\d.,/:#])(\d{2,7})(?:[.,](\d))?[\s*]*[A-Z]?$/;
const THOUSANDS = /(?<![\d.,/:#])(\d{1,3}(?:[.,:]\d{3})+)[\s*]*[A-Z]?$/;

/**
 * A trailing whole-number (or one-decimal) amount, in pence; used only when a receipt has no pence.
 * With `thousands`, '23,967' is 23967 too.
 */
export function trailingWholeAmount(text: string, thousands = false): FoundAmount | null {
  const m = (thousands ? THOUSANDS.exec(text) : null) ?? WHOLE_UNITS.exec(text);
  if (!m) return null;
  const pence = Number(digitsOf(m[1]!)) * 100 + Number(m[2] ?? '0') * 10;
  return { pence, start: m.index, end: m.index + m[0].length, negative: false };
}

// Digits that are never money: a product code or barcode (a run of six or more digits) and a pack
// size ('250G', '4PK', '2PT', '500ML'; a whole number touching its unit).
const PRODUCT_CODE = /\d{6,}/g;
/** The units a pack's size is printed in ('250G', '4PK', '2PT', '500ML'). */
export const PACK_UNIT = 'G|KG|MG|ML|CL|L|LTR|PK|PT|OZ|LB|CM|MM';
const PACK_SIZE = new RegExp(String.raw`(?<![\d.,])\d{1,4}\s?(?:${PACK_UNIT})\b`, 'gi');

/**
 * Whether a line's text may hold a figure of the bill (a price, a quantity, a total): a digit
 * left once product codes and pack sizes are set aside. The OCR reads such a line twice when
 * unsure of it (adapters/ocr/paddle.ts); a code or a pack size misread costs the split nothing.
 */
export function mayHoldAFigure(text: string): boolean {
  return hasDigits(text.replace(PRODUCT_CODE, ' ').replace(PACK_SIZE, ' '));
}
