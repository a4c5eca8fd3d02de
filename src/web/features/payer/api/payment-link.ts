import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPaymentLink } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { PAY_STALE_TIME, payKeys } from './keys';

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

export const paymentLinkQuery = (token: string) =>
  queryOptions({
    queryKey: payKeys.link(token),
    queryFn: ({ signal }) => fetchPaymentLink(token, signal),
    staleTime: PAY_STALE_TIME,
    retry: false,
  });

export function usePaymentLink(token: string) {
  return useQuery(paymentLinkQuery(token));
}
