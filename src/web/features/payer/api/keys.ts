// Keys of what the payer pages read. Payment state changes under the payer's feet (someone else
// pays), so these are never served stale: every visit asks the server (lib/use-fetched.ts).
export const payKeys = {
  link: (token: string) => `pay/link/${token}`,
  bill: (token: string) => `pay/bill/${token}`,
};

// Keys of the pages still read through TanStack Query (the checkout's outcome, the sandbox).
export const payQueryKeys = {
  sandboxCheckout: (sessionId: string) => ['pay', 'sandbox-checkout', sessionId] as const,
  session: (sessionId: string) => ['pay', 'session', sessionId] as const,
  confirm: (token: string, paymentIntentId: string) =>
    ['pay', 'confirm', token, paymentIntentId] as const,
};

export const PAY_STALE_TIME = 0;
