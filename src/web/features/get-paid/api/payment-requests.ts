import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  paymentRequestsResponseSchema,
  type PaymentRequestsResponse,
} from '../../../../contracts/payments';
import { apiRequest } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/use-current-user';
import { paymentsKeys } from './keys';

/** GET /api/payment-links: the creator's bills with payment links, newest first (Payments tab). */
export const paymentRequestsQuery = queryOptions({
  queryKey: paymentsKeys.requests(),
  queryFn: async ({ signal }): Promise<PaymentRequestsResponse> =>
    paymentRequestsResponseSchema.parse(
      await apiRequest('GET', '/api/payment-links', undefined, { signal }),
    ),
  // Friends pay while the creator looks elsewhere: coming back shows what changed.
  staleTime: 0,
  // Refetched on any watched bill's event (entities/bill/api/live.ts).
  meta: { liveBill: '*' },
});

export function usePaymentRequests() {
  const { user } = useCurrentUser();
  return useQuery({ ...paymentRequestsQuery, enabled: !!user });
}
