import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SandboxCheckout } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { PAY_STALE_TIME, payQueryKeys } from './keys';

/** GET /api/sandbox/checkout/:sessionId: what the sandbox's checkout page charges, and for whom. */
export const sandboxCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: payQueryKeys.sandboxCheckout(sessionId),
    queryFn: async ({ signal }): Promise<SandboxCheckout> => {
      const raw = await apiRequest(
        'GET',
        `/api/sandbox/checkout/${encodeURIComponent(sessionId)}`,
        undefined,
        { signal },
      );
      return expectAnswer<SandboxCheckout>(
        raw,
        ['sessionId', 'status', 'billName', 'recipientName', 'amount', 'kind', 'cancelUrl'],
        ['people'],
      );
    },
    staleTime: PAY_STALE_TIME,
    retry: false,
  });

export function useSandboxCheckout(sessionId: string) {
  return useQuery(sandboxCheckoutQuery(sessionId));
}
