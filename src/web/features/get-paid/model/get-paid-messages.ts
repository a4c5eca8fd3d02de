import { ApiError, isUnauthorized, NetworkError } from '../../../lib/api';

// The get-paid flow's words (payments-accounts.md §5, §8), exactly as the spec gives them.

export interface ToastText {
  title: string;
  description: string;
}

export const NO_PARTICIPANTS: ToastText = {
  title: 'No participants',
  description: 'Add participants to the bill before creating payment links.',
};
export const PAYMENT_SETUP_FAILED: ToastText = {
  title: 'Payment setup failed',
  description: 'Unable to create payment links. Please try again.',
};
export const NO_LINKS_CREATED: ToastText = {
  title: 'No payment links created',
  description: 'Unable to generate payment links for participants. Please try again.',
};
export const BILL_CREATE_FAILED: ToastText = {
  title: 'Error',
  description: 'Failed to create bill',
};

export type LinksFailure =
  /** The app's one 401 handler has already spoken. */
  | { kind: 'unauthorized' }
  /** No payout account yet: the payments onboarding dialog. */
  | { kind: 'onboarding' }
  | { kind: 'toast'; text: ToastText };

/** What to do when POST /api/payment-links fails. */
export function linksFailure(err: unknown): LinksFailure {
  if (isUnauthorized(err)) return { kind: 'unauthorized' };
  if (err instanceof ApiError) {
    const code = (err.data as { code?: unknown } | null)?.code;
    if (err.status === 409 && code === 'payment_account_required') return { kind: 'onboarding' };
    if (code === 'no_participants') return { kind: 'toast', text: NO_PARTICIPANTS };
    // A refusal the server explains (a share below zero, a bill since deleted): its own words
    // say what to do next; anything else gets the spec's general message.
    if (err.status >= 400 && err.status < 500 && err.serverMessage)
      return {
        kind: 'toast',
        text: { title: PAYMENT_SETUP_FAILED.title, description: err.serverMessage },
      };
  }
  if (err instanceof NetworkError)
    return { kind: 'toast', text: { title: PAYMENT_SETUP_FAILED.title, description: err.message } };
  return { kind: 'toast', text: PAYMENT_SETUP_FAILED };
}
