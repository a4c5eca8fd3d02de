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
    // Refetched on each of the bill's events (entities/bill/api/live.ts).
    meta: { liveBill: billId },
  });

/** While a QR code is on show, how often to look whether the friend has paid (at the table, now). */
export const LIVE_REFRESH_MS = 5000;

/**
 * Fetched only while `enabled` (the links dialog is open, the QR screen shown). `live` asks again
 * every few seconds while anyone has still to pay.
 */
export function useBillPaymentLinks(
  billId: string,
  enabled: boolean,
  { live = false }: { live?: boolean } = {},
) {
  return useQuery({
    ...billPaymentLinksQuery(billId),
    enabled: enabled && billId !== '',
    refetchInterval: (query) =>
      live && query.state.data?.paymentLinks.some((l) => l.status === 'pending')
        ? LIVE_REFRESH_MS
        : false,
  });
}
