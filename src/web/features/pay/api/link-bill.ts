import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicBillSchema, type PublicBill } from '../../../../contracts/payments';
import { apiRequest } from '../../../lib/api';
import { PAY_STALE_TIME, payKeys } from './keys';

/** GET /api/payment-links/:token/bill: the link's bill and everyone on it, for paying for several. */
export const linkBillQuery = (token: string) =>
  queryOptions({
    queryKey: payKeys.bill(token),
    queryFn: async ({ signal }): Promise<PublicBill> => {
      const raw = await apiRequest(
        'GET',
        `/api/payment-links/${encodeURIComponent(token)}/bill`,
        undefined,
        { signal },
      );
      return publicBillSchema.parse(raw);
    },
    staleTime: PAY_STALE_TIME,
    retry: false,
  });

export function useLinkBill(token: string) {
  return useQuery(linkBillQuery(token));
}
