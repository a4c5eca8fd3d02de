import { ApiError, NetworkError } from '../../../lib/api';

// What a payer sees when a checkout cannot be opened (POST /api/payments/checkout) or a card
// payment on the sandbox page does not go through. The server's message is shown as it is: it is
// written for payers.

export const PAYMENT_FAILED_DEFAULT =
  'Something went wrong with your payment. Give it another try!';
export const PAYMENT_NOT_AVAILABLE_TITLE = 'Payment Not Available';
const SETUP_FAILED = 'Unable to set up payment. Please try again.';

function codeOf(error: ApiError): string | undefined {
  const data = error.data;
  if (data && typeof data === 'object' && 'code' in data) {
    const code = (data as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export type CheckoutFailure =
  /** The creator cannot take card payments, or the provider failed to open a checkout. */
  | { kind: 'not_available'; message: string }
  /** Someone chosen has paid meanwhile: say so, and load the link again. */
  | { kind: 'already_paid'; message: string }
  /** The link expired while the page was open: say so, and load the link again. */
  | { kind: 'expired'; message: string }
  | { kind: 'toast'; message: string };

export function checkoutFailure(error: unknown): CheckoutFailure {
  if (error instanceof NetworkError) return { kind: 'toast', message: error.message };
  if (!(error instanceof ApiError)) return { kind: 'toast', message: PAYMENT_FAILED_DEFAULT };
  const message = error.serverMessage;
  const code = codeOf(error);
  if ((error.status === 409 && code === 'payment_not_available') || error.status === 502)
    return { kind: 'not_available', message: message ?? SETUP_FAILED };
  if (error.status === 409 && code === 'already_paid')
    return { kind: 'already_paid', message: message ?? 'Already paid' };
  if (error.status === 410) return { kind: 'expired', message: message ?? 'This link has expired' };
  if (error.status === 503)
    return { kind: 'toast', message: 'Service temporarily unavailable - please try again' };
  return { kind: 'toast', message: message ?? PAYMENT_FAILED_DEFAULT };
}

export type CardPayFailure =
  /** The card was declined: the error panel says so, once (no toast repeats it). */
  | { kind: 'declined'; message: string }
  /** The server's own field checks (the same rules as the form's): shown at the fields. */
  | { kind: 'invalid'; message: string; problems: Record<string, string> }
  /** Paid by someone else, expired or closed: nothing more can be done on this checkout. */
  | { kind: 'closed'; message: string }
  /** A refusal the payer can act on by starting again (a client secret that does not match). */
  | { kind: 'error'; message: string }
  /** Anything else: the spec's default words in a 'Payment Error' toast. */
  | { kind: 'unexpected'; message: string };

export function cardPayFailure(error: unknown): CardPayFailure {
  if (!(error instanceof ApiError)) return { kind: 'unexpected', message: PAYMENT_FAILED_DEFAULT };
  const message = error.serverMessage;
  const code = codeOf(error);
  if (error.status === 402)
    return { kind: 'declined', message: message ?? 'Your card was declined.' };
  if (error.status === 400 && code === 'card_invalid') {
    const fields = (error.data as { fields?: unknown }).fields;
    const problems: Record<string, string> = {};
    if (fields && typeof fields === 'object')
      for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') problems[k] = v;
    return { kind: 'invalid', message: message ?? 'Check your card details', problems };
  }
  if (error.status === 409 || error.status === 410 || error.status === 404)
    return { kind: 'closed', message: message ?? 'This checkout is no longer open.' };
  if (error.status === 403 && message) return { kind: 'error', message };
  return { kind: 'unexpected', message: PAYMENT_FAILED_DEFAULT };
}
