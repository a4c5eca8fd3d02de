import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  billPaymentLinksResponseSchema,
  type BillPaymentLinksResponse,
} from '../../../../contracts/payments';
import { apiRequest } from '../../../lib/api';
import { paymentsKeys } from './keys';

/** GET /api/bills/:id/payment-links: one bill's links, each with its status and amounts. */
export const billPaymentLinksQuery = (billId: string) =>
  queryOptions({
    queryKey: paymentsKeys.bill(billId),
    queryFn: async ({ signal }): Promise<BillPaymentLinksResponse> =>
      billPaymentLinksResponseSchema.parse(
        await apiRequest(
          'GET',
          `/api/bills/${encodeURIComponent(billId)}/payment-links`,
          undefined,
          { signal },
        ),
      ),
    staleTime: 0,
  });

/** Fetched only while `enabled` (the links dialog is open). */
export function useBillPaymentLinks(billId: string, enabled: boolean) {
  return useQuery({ ...billPaymentLinksQuery(billId), enabled: enabled && billId !== '' });
}
