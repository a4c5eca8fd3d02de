import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  billPaymentLinksResponseSchema,
  type BillPaymentLinksResponse,
} from '../../../../contracts/payments';
import { activityKeys } from '../../../entities/activity/api/activity';
import { apiRequest } from '../../../lib/api';
import { billsKeys } from '../../../entities/bill/api/keys';
import { paymentsKeys } from './keys';

const paymentUrl = (billId: string, participantId: string) =>
  `/api/bills/${encodeURIComponent(billId)}/participants/${encodeURIComponent(participantId)}/payment`;

/** Everything a payment changes: the bill's links, the Payments tab, bill detail and lists, activity. */
export async function refreshAfterPayment(
  client: QueryClient,
  billId: string,
  links?: BillPaymentLinksResponse,
) {
  if (links) client.setQueryData(paymentsKeys.bill(billId), links);
  await Promise.all([
    client.invalidateQueries({ queryKey: paymentsKeys.all }),
    client.invalidateQueries({ queryKey: billsKeys.all }),
    client.invalidateQueries({ queryKey: activityKeys.all }),
  ]);
}

export type ManualMethod = 'cash' | 'bank_transfer';

/** POST .../payment: a friend marked paid by hand (cash or bank transfer). */
export function useMarkPaid(billId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      participantId,
      method,
    }: {
      participantId: string;
      method: ManualMethod;
    }) =>
      billPaymentLinksResponseSchema.parse(
        await apiRequest('POST', paymentUrl(billId, participantId), { method }),
      ),
    // The answer is the bill's links as they are now: shown at once, the rest refetched behind.
    onSuccess: (links) => void refreshAfterPayment(client, billId, links),
    // A 409 (already paid by someone else meanwhile) still means the list is out of date.
    onError: () => void refreshAfterPayment(client, billId),
  });
}

/** DELETE .../payment: undo a share marked paid by hand; a card payment answers 409 paid_by_card. */
export function useUndoPaid(billId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ participantId }: { participantId: string }) =>
      billPaymentLinksResponseSchema.parse(
        await apiRequest('DELETE', paymentUrl(billId, participantId)),
      ),
    onSuccess: (links) => void refreshAfterPayment(client, billId, links),
    onError: () => void refreshAfterPayment(client, billId),
  });
}
