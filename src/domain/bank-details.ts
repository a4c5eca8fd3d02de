// UK bank details for a payout account (payments-accounts.md §1: sort code and account number).
// The sandbox's connect page and the server check them with these same rules.

export const BANK_MESSAGES = {
  sortCodeRequired: 'Enter your sort code',
  sortCodeInvalid: 'A sort code is 6 digits, like 12-34-56',
  accountNumberRequired: 'Enter your account number',
  accountNumberInvalid: 'An account number is 8 digits',
  accountNumberZero: 'Enter a real account number',
  accountNameRequired: 'Enter the name on the account',
  accountNameTooLong: 'The name on the account can be at most 70 characters',
} as const;

/** Separators people type in a sort code or account number: spaces, dashes, dots. */
const SEPARATORS = /[\s.-]/g;

/** The sort code's 6 digits, or an error message. Accepts "12-34-56", "12 34 56" and "123456". */
export function parseSortCode(
  input: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const compact = input.replace(SEPARATORS, '');
  if (!compact) return { ok: false, error: BANK_MESSAGES.sortCodeRequired };
  if (!/^\d{6}$/.test(compact)) return { ok: false, error: BANK_MESSAGES.sortCodeInvalid };
  return { ok: true, value: compact };
}

/** The account number's 8 digits, or an error message. All zeros is not an account. */
export function parseAccountNumber(
  input: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const compact = input.replace(SEPARATORS, '');
  if (!compact) return { ok: false, error: BANK_MESSAGES.accountNumberRequired };
  if (!/^\d{8}$/.test(compact)) return { ok: false, error: BANK_MESSAGES.accountNumberInvalid };
  if (/^0+$/.test(compact)) return { ok: false, error: BANK_MESSAGES.accountNumberZero };
  return { ok: true, value: compact };
}

/** "123456" as a sort code is printed: "12-34-56". */
export function formatSortCode(digits: string): string {
  return digits.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
}

/** The last four digits of an account, masked as a card shows them: "•••• 5678". */
export function maskedLast4(last4: string): string {
  return `•••• ${last4}`;
}
