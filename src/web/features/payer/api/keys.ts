// Query keys of the payer pages. Payment state changes under the payer's feet (someone else pays),
// so these are never served stale: every visit asks the server.
export const PAY_STALE_TIME = 0;

export const payKeys = {
  link: (token: string) => ['pay', 'link', token] as const,
  bill: (token: string) => ['pay', 'bill', token] as const,
  sandboxCheckout: (sessionId: string) => ['pay', 'sandbox-checkout', sessionId] as const,
  session: (sessionId: string) => ['pay', 'session', sessionId] as const,
  confirm: (token: string, paymentIntentId: string) =>
    ['pay', 'confirm', token, paymentIntentId] as const,
};
