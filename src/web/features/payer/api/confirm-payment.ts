import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfirmResponse } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { nextPoll } from '../model/success-mode';
import { payQueryKeys } from './keys';

/** POST /api/pay/:token/confirm: the two-step flow's payment intent, confirmed on return. */
export async function confirmPayment(
  token: string,
  paymentIntentId: string,
  signal?: AbortSignal,
): Promise<ConfirmResponse> {
  const raw = await apiRequest(
    'POST',
    `/api/pay/${encodeURIComponent(token)}/confirm`,
    { paymentIntentId },
    { signal },
  );
  const answer = expectAnswer<ConfirmResponse>(raw, ['status', 'paymentLink']);
  expectAnswer(answer.paymentLink, ['token', 'status'], ['lines']);
  return answer;
}

/**
 * Confirming is idempotent and answers the payment's state, so it is read like a query: asked on
 * arrival and again every 1.5 s (for ~15 s) while the provider still says 'processing'.
 */
export const confirmPaymentQuery = (token: string, paymentIntentId: string) =>
  queryOptions({
    queryKey: payQueryKeys.confirm(token, paymentIntentId),
    queryFn: ({ signal }) => confirmPayment(token, paymentIntentId, signal),
    staleTime: Infinity,
    retry: false,
    refetchInterval: (query) =>
      nextPoll(query.state.data?.status === 'processing', query.state.dataUpdateCount),
  });

export function useConfirmPayment(token: string, paymentIntentId: string, enabled: boolean) {
  return useQuery({ ...confirmPaymentQuery(token, paymentIntentId), enabled });
}
