// What the success page was reached with (payments-accounts.md §2 /payment-success): a checkout
// session to look up, a payment intent coming back from the two-step flow, or nothing at all.

export type SuccessMode =
  | { kind: 'session'; sessionId: string }
  | { kind: 'intent'; paymentIntentId: string }
  /** The provider came back with a payment intent that did not succeed. */
  | { kind: 'intent_failed'; paymentIntentId: string }
  | { kind: 'generic' };

export function successMode(search: string): SuccessMode {
  const q = new URLSearchParams(search);
  const sessionId = q.get('session_id')?.trim();
  // Stripe's own placeholder, never filled in: nothing to look up.
  if (sessionId && sessionId !== '{CHECKOUT_SESSION_ID}') return { kind: 'session', sessionId };
  const paymentIntentId = q.get('payment_intent')?.trim();
  if (paymentIntentId) {
    return q.get('redirect_status') === 'succeeded'
      ? { kind: 'intent', paymentIntentId }
      : { kind: 'intent_failed', paymentIntentId };
  }
  return { kind: 'generic' };
}

/** While a payment is still open here, look again every 1.5 s, for about 15 s. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_POLL_LIMIT = 10;

/** The next poll's delay after `answers` answers, or false to stop. */
export function nextPoll(stillOpen: boolean, answers: number): number | false {
  return stillOpen && answers < CONFIRM_POLL_LIMIT ? CONFIRM_POLL_MS : false;
}

/** While a bank's answer is awaited ("Waiting for your bank"), look every 2 s, for 5 minutes. */
export const BANK_POLL_MS = 2000;
export const BANK_POLL_LIMIT = 150;

/** The next look at a session in `status` after `answers` answers, or false to stop. */
export function nextSessionPoll(status: string | undefined, answers: number): number | false {
  if (status === 'processing') return answers < BANK_POLL_LIMIT ? BANK_POLL_MS : false;
  return nextPoll(status === 'open', answers);
}
