import {
  CARD_BRAND_NAMES,
  cardBrand,
  cardDigits,
  formatCardNumber,
  formatExpiry,
  validateCard,
  type CardField,
  type CardInput,
} from '../../../../domain/cards';

// The card form (payments-accounts.md §2 Card form, §4, §5): its fields are formatted as typed and
// checked by the domain's validateCard, the same rules the sandbox applies on the server.

/** After a successful payment the page waits this long before going on (spec §4, §9). */
export const SUCCESS_REDIRECT_MS = 2500;

export const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '' };

export type CardFormStatus =
  | { status: 'ready' }
  | { status: 'processing' }
  | { status: 'error'; message: string }
  | { status: 'success' };

/** A field's value as the person typed it, formatted the way the card prints it. */
export function formatCardField(field: CardField, raw: string): string {
  if (field === 'number') return formatCardNumber(raw);
  if (field === 'expiry') return formatExpiry(raw);
  return (raw.match(/\d/g) ?? []).join('').slice(0, 4);
}

/** The brand's name once the leading digits tell it ('Visa'), else null. */
export function brandName(number: string): string | null {
  const digits = cardDigits(number);
  const brand = digits ? cardBrand(digits) : null;
  return brand ? CARD_BRAND_NAMES[brand] : null;
}

// Stand-ins for the other fields while one is checked on its own: each passes its own rule, and
// the number (a Visa) asks for the 3-digit code most cards have.
const FILLERS: CardInput = { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' };

/**
 * The problem with one field when the person leaves it, or undefined. An empty field is not
 * complained about yet (the person may be tabbing through); the submit does that. The others,
 * when still empty, are stood in for, so a field is judged on its own.
 */
export function fieldProblem(field: CardField, input: CardInput, now: Date): string | undefined {
  if (!input[field].trim()) return undefined;
  const filled: CardInput = {
    number: input.number.trim() ? input.number : FILLERS.number,
    expiry: input.expiry.trim() ? input.expiry : FILLERS.expiry,
    cvc: input.cvc.trim() ? input.cvc : FILLERS.cvc,
  };
  // A CVC is judged against the number typed, so an Amex asks for four digits.
  const checked = validateCard(filled, now);
  return checked.ok ? undefined : checked.problems[field];
}

export type SubmitCheck =
  | { ok: true }
  /** A field is empty: the spec's 'Oops! Missing information' toast, and the empty fields marked. */
  | { ok: false; missing: true; problems: Partial<Record<CardField, string>> }
  | { ok: false; missing: false; problems: Partial<Record<CardField, string>> };

/** What an empty field says under itself; the spec's missing-information words go in the toast. */
export const EMPTY_FIELD: Record<CardField, string> = {
  number: 'Enter your card number',
  expiry: 'Enter the expiry date',
  cvc: 'Enter the security code',
};

/** The form's check on Pay: the domain's, whole. */
export function checkOnSubmit(input: CardInput, now: Date): SubmitCheck {
  const checked = validateCard(input, now);
  if (checked.ok) return { ok: true };
  if (!checked.missing) return { ok: false, missing: false, problems: checked.problems };
  const problems: Partial<Record<CardField, string>> = {};
  for (const field of Object.keys(checked.problems) as CardField[])
    problems[field] = EMPTY_FIELD[field];
  return { ok: false, missing: true, problems };
}
