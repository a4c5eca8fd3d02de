// Values the server and the browser both use, in a module without zod, so that the pages that open
// first (a payer's link, sign-in) can import them without the schemas (see src/web/lib/answer.ts).

/** payments-accounts.md §8: a 404 for a payment link. */
export const PAYMENT_LINK_NOT_FOUND = 'Payment link not found or has expired';

/** DECISIONS.md Managing saved bills: the page of a link whose bill was deleted (410). */
export const BILL_NO_LONGER_AVAILABLE = 'This bill is no longer available';

/** Password length, checked by the sign-up form and the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
