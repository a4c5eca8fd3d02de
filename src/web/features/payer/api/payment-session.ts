import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSession } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { nextSessionPoll } from '../model/success-mode';
import { PAY_STALE_TIME, payQueryKeys } from './keys';

/**
 * GET /api/payments/sessions/:id: how a checkout went (the server asks the provider when its event
 * has not arrived yet). While the payment is still open it is asked again every 1.5 s for ~15 s;
 * while a bank's answer is awaited, every 2 s for 5 minutes.
 */
export const paymentSessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: payQueryKeys.session(sessionId),
    queryFn: async ({ signal }): Promise<PaymentSession> => {
      const raw = await apiRequest(
        'GET',
        `/api/payments/sessions/${encodeURIComponent(sessionId)}`,
        undefined,
        { signal },
      );
      return expectAnswer<PaymentSession>(
        raw,
        ['sessionId', 'status', 'billName', 'recipientName', 'amount'],
        ['people'],
      );
    },
    staleTime: PAY_STALE_TIME,
    retry: false,
    refetchInterval: (query) =>
      nextSessionPoll(query.state.data?.status, query.state.dataUpdateCount),
  });

export function usePaymentSession(sessionId: string, enabled = true) {
  return useQuery({ ...paymentSessionQuery(sessionId), enabled });
}
