import { queryOptions, useQuery } from '@tanstack/react-query';
import { sandboxCheckoutSchema, type SandboxCheckout } from '../../../../contracts/payments';
import { apiRequest } from '../../../lib/api';
import { PAY_STALE_TIME, payKeys } from './keys';

/** GET /api/sandbox/checkout/:sessionId: what the sandbox's checkout page charges, and for whom. */
export const sandboxCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: payKeys.sandboxCheckout(sessionId),
    queryFn: async ({ signal }): Promise<SandboxCheckout> => {
      const raw = await apiRequest(
        'GET',
        `/api/sandbox/checkout/${encodeURIComponent(sessionId)}`,
        undefined,
        { signal },
      );
      return sandboxCheckoutSchema.parse(raw);
    },
    staleTime: PAY_STALE_TIME,
    retry: false,
  });

export function useSandboxCheckout(sessionId: string) {
  return useQuery(sandboxCheckoutQuery(sessionId));
}
