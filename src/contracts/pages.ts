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

/**
 * Whether `pathname` is a page a friend opens without an account: a payer's link, a join link, the
 * checkout and its outcome (every payment page but the creator's sandbox connect page). The server
 * answers these with the friend pages' own small entry (friend.html), not the whole app's.
 */
export function isFriendPage(pathname: string): boolean {
  return isPaymentPage(pathname) && !/^\/sandbox\/connect\/?$/.test(pathname);
}
