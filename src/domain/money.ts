/**
 * An amount of money as a whole number of pence: £12.50 is 1250, a £1.20 discount is -120.
 * Always a safe integer. It stays a plain number (not a class or a brand) so it crosses JSON, zod and
 * the database untouched; `isPence` checks the invariant where a value comes from outside.
 */
export type Pence = number;

export const UNKNOWN_ITEM_NAME = 'Unknown Item';

/**
 * The largest bill Fairshare takes, in pence (£1,000,000.00). Every amount a client sends is at
 * most this, and so is the sum of a bill's items and service charge (each counted as its size, so
 * discounts count too); the tip is at most the items again and the fee 3%. Any sum a bill makes
 * therefore stays far inside a safe integer and a 64-bit column (and even a 32-bit one).
 */
export const MAX_BILL_PENCE = 100_000_000;

/** True when `value` is a valid Pence: a safe integer number of pence. */
export function isPence(value: unknown): value is Pence {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Throws a RangeError naming `label` unless `value` is a safe integer number of pence. */
export function assertPence(value: unknown, label: string): asserts value is Pence {
  if (!isPence(value))
    throw new RangeError(`${label} must be a whole number of pence, got ${value}`);
}

const POUNDS = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/;

/**
 * Converts a pounds decimal string ("12.5", "-1.20", ".99") to pence by reading its digits, so no
 * float error can creep in. Digits past the second decimal place round half away from zero, keeping
 * -x the mirror of x. Throws a RangeError for anything else, or for a result beyond a safe integer.
 */
export function toPence(pounds: string): Pence {
  const match = POUNDS.exec(pounds);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new RangeError(`Not an amount in pounds: "${pounds}"`);
  }
  const roundsUp = (fraction[2] ?? '0') >= '5';
  const magnitude = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rounded = magnitude + (roundsUp ? 1 : 0);
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`Amount too large: "${pounds}"`);
  // `|| 0` turns "-0.00" into 0 rather than -0.
  return match[1] === '-' ? -rounded || 0 : rounded;
}

/**
 * Reads money typed by a person or read by OCR, in pounds, and returns pence; never throws.
 * Non-numeric characters are stripped (spec §5), so "£1,234.50" is 123450; a minus counts only before
 * the first digit ("-£3.00" is -300); a second decimal point ends the number, as parseFloat does.
 * A missing, empty, non-finite or out-of-range value gives 0 (the spec's "missing amount becomes 0.00").
 */
export function parseMoney(input: string | number | null | undefined): Pence {
  if (input === null || input === undefined) return 0;
  if (typeof input === 'number') {
    // String(x) is the shortest decimal that reads back as x: the number as it was typed. Exponent
    // forms only occur for amounts far below a penny or absurdly large ones, both garbage here.
    const text = String(input);
    return Number.isFinite(input) && !text.includes('e') ? toPenceOrZero(text) : 0;
  }
  const start = input.search(/[\d.]/);
  if (start === -1) return 0;
  const negative = input.slice(0, start).includes('-');
  const [whole = '', fraction] = input
    .slice(start)
    .replace(/[^\d.]/g, '')
    .split('.');
  const cleaned = `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`;
  return toPenceOrZero(cleaned);
}

function toPenceOrZero(pounds: string): Pence {
  try {
    return toPence(pounds);
  } catch {
    return 0;
  }
}

/** Formats pence as a pounds string with exactly 2 decimals and a minus for negatives: 1250 -> "12.50", -120 -> "-1.20". */
export function toDecimalString(amount: Pence): string {
  assertPence(amount, 'amount');
  const magnitude = Math.abs(amount);
  const pennies = String(magnitude % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${pennies}`;
}

/**
 * Formats pence as GBP for display, en-GB, exactly 2 decimals: 1250 -> "£12.50", -120 -> "-£1.20",
 * 123456789 -> "£1,234,567.89". The same text as Intl.NumberFormat('en-GB', GBP) gives (the tests
 * hold it to that), written out: building an Intl currency formatter costs a phone ~10 ms of its
 * start (locale data), on every screen that shows an amount.
 */
export function formatPence(amount: Pence): string {
  const [pounds = '0', pennies = '00'] = toDecimalString(amount).replace('-', '').split('.');
  const grouped = pounds.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}£${grouped}.${pennies}`;
}

/**
 * Formats a value that should be pence but comes from somewhere untyped (stored summary data):
 * a non-number, NaN or Infinity shows "£0.00", as the spec asks; a fractional number is rounded.
 */
export function formatMoney(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return formatPence(0);
  const rounded = Math.round(value);
  return isPence(rounded) ? formatPence(rounded) : formatPence(0);
}

/**
 * `basisPoints` hundredths of a percent of `amount` pence (300 = 3%), rounded to the penny half away
 * from zero. BigInt keeps it exact for any safe amount.
 */
export function basisPointsOf(amount: Pence, basisPoints: number): Pence {
  assertPence(amount, 'amount');
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`basisPoints must be a non-negative integer, got ${basisPoints}`);
  }
  const scaled = BigInt(Math.abs(amount)) * BigInt(basisPoints);
  const rounded = Number((scaled + 5_000n) / 10_000n);
  return amount < 0 ? -rounded || 0 : rounded;
}

/** The item's name trimmed, or "Unknown Item" when it is missing or blank (spec §5). */
export function itemNameOrDefault(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? UNKNOWN_ITEM_NAME : trimmed;
}
