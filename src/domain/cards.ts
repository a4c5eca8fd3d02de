// The card form's rules (payments-accounts.md §2 Card form, §5): number, expiry and CVC, with the
// brands Fairshare takes (Visa, Mastercard, American Express). Pure: the caller passes the clock.
// The sandbox checkout checks the same rules on the server that the form checks at the field.

export type CardBrand = 'visa' | 'mastercard' | 'amex';

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

export const MISSING_CARD_TITLE = 'Oops! Missing information';
export const MISSING_CARD_MESSAGE = 'Please fill in all card details to continue';

export const CARD_MESSAGES = {
  numberInvalid: 'Enter a valid card number',
  brandUnsupported: 'We accept Visa, Mastercard and American Express',
  expiryInvalid: 'Enter the expiry date as MM/YY',
  expiryPast: 'This card has expired',
  cvcInvalid: 'Enter the 3-digit security code',
  cvcInvalidAmex: 'Enter the 4-digit security code',
} as const;

/** The digits of a typed card number, spaces and dashes dropped; null when anything else is in it. */
export function cardDigits(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d*$/.test(compact) ? compact : null;
}

/** The brand a card number belongs to from its leading digits, or null for any other scheme. */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  // Mastercard's 2-series: 2221 to 2720.
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  return null;
}

const LENGTHS: Record<CardBrand, number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
};

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Groups card digits as printed on the card: 4-6-5 for American Express, fours otherwise. */
export function formatCardNumber(input: string): string {
  const digits = (input.match(/\d/g) ?? []).join('').slice(0, 19);
  if (cardBrand(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      .filter(Boolean)
      .join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Formats typed expiry digits as MM/YY while the user types ("1" -> "1", "128" -> "12/8"). */
export function formatExpiry(input: string): string {
  const digits = (input.match(/\d/g) ?? []).join('').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface CardInput {
  number: string;
  /** MM/YY (MM/YYYY is read too). */
  expiry: string;
  cvc: string;
}

export interface ValidCard {
  digits: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
}

export type CardField = keyof CardInput;
export type CardProblems = Partial<Record<CardField, string>>;

/** The expiry's month and four-digit year, or null when it is not MM/YY or MM/YYYY. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * Checks a card as the form and the sandbox checkout both do: every field present (else the spec's
 * missing-information message), a Luhn-valid number of an accepted brand and length, an expiry
 * that is not before `now`'s month, and a 3-digit CVC (4 for American Express).
 */
export function validateCard(
  input: CardInput,
  now: Date,
): { ok: true; card: ValidCard } | { ok: false; missing: boolean; problems: CardProblems } {
  const missing = (['number', 'expiry', 'cvc'] as const).filter((f) => !input[f]?.trim());
  if (missing.length) {
    return {
      ok: false,
      missing: true,
      problems: Object.fromEntries(missing.map((f) => [f, MISSING_CARD_MESSAGE])),
    };
  }
  const problems: CardProblems = {};
  const digits = cardDigits(input.number);
  const brand = digits ? cardBrand(digits) : null;
  if (!digits || digits.length < 12) problems.number = CARD_MESSAGES.numberInvalid;
  else if (!brand) problems.number = CARD_MESSAGES.brandUnsupported;
  else if (!LENGTHS[brand].includes(digits.length) || !luhnValid(digits))
    problems.number = CARD_MESSAGES.numberInvalid;

  const expiry = parseExpiry(input.expiry);
  if (!expiry) problems.expiry = CARD_MESSAGES.expiryInvalid;
  else {
    // A card is good until the end of its expiry month, in the UK's own calendar.
    const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expiry.year * 12 + (expiry.month - 1) < nowMonth)
      problems.expiry = CARD_MESSAGES.expiryPast;
  }

  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    problems.cvc = brand === 'amex' ? CARD_MESSAGES.cvcInvalidAmex : CARD_MESSAGES.cvcInvalid;

  if (Object.keys(problems).length || !digits || !brand || !expiry)
    return { ok: false, missing: false, problems };
  return {
    ok: true,
    card: { digits, brand, last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year },
  };
}
