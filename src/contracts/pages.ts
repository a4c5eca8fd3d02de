// Pages that take or set up payments: a payer's link, the checkout, the success and cancel pages,
// the sandbox's bank-details page. They are never answered from a cache (payments-accounts.md §7:
// the server sends them `no-store`, the service worker always goes to the network for them), so a
// payer never sees a stale amount or status. Shared by the server and the service worker.
const PAYMENT_PAGES: RegExp[] = [
  /^\/pay\/[^/]+\/?$/,
  /^\/payment\/[^/]+\/?$/,
  /^\/join\/[^/]+\/?$/,
  /^\/secure-payment\/[^/]+\/?$/,
  /^\/stripe-checkout\/[^/]+\/?$/,
  /^\/sandbox\/checkout\/[^/]+\/?$/,
  /^\/sandbox\/connect\/?$/,
  /^\/payment-success\/?$/,
  /^\/payment-cancelled\/?$/,
];

/** Whether `pathname` (no query string) is a payment page. */
export function isPaymentPage(pathname: string): boolean {
  return PAYMENT_PAGES.some((pattern) => pattern.test(pathname));
}
