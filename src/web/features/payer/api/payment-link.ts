import type { PublicPaymentLink } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { prefetch, useFetched } from '../../../lib/use-fetched';
import { payKeys } from './keys';

/** GET /api/payment-links/:token: what the link's payer owes, line by line. */
export async function fetchPaymentLink(
  token: string,
  signal?: AbortSignal,
): Promise<PublicPaymentLink> {
  const raw = await apiRequest(
    'GET',
    `/api/payment-links/${encodeURIComponent(token)}`,
    undefined,
    {
      signal,
    },
  );
  return expectAnswer<PublicPaymentLink>(
    raw,
    ['token', 'billName', 'recipientName', 'amountIncludingFee', 'status', 'expired'],
    ['lines'],
  );
}

/** The link's answer, kept current (useLivePayment asks again on every event). */
export function usePaymentLink(token: string) {
  return useFetched(payKeys.link(token), (signal) => fetchPaymentLink(token, signal));
}

/** Starts reading the link as the page loads, beside the screen's scripts. */
export function prefetchPaymentLink(token: string) {
  prefetch(payKeys.link(token), (signal) => fetchPaymentLink(token, signal));
}
