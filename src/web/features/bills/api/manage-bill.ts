import { useMutation, useQueryClient } from '@tanstack/react-query';
import { archiveBillResponseSchema } from '../../../../contracts/bills';
import { activityKeys } from '../../../entities/activity/api/activity';
import { billsKeys } from '../../../entities/bill/api/keys';
import { apiRequest } from '../../../lib/api';

/**
 * Lists, friends and activity show the bill: each is read again. The bill's own page is left as it
 * is (it is being left) and its copy dropped just after, so no "Bill not found" flashes meanwhile.
 */
function useForgetBill(billId: string) {
  const client = useQueryClient();
  return () => {
    const detail = billsKeys.detail(billId);
    void client.invalidateQueries({
      queryKey: billsKeys.all,
      predicate: (query) => query.queryKey[1] !== detail[1] || query.queryKey[2] !== detail[2],
    });
    void client.invalidateQueries({ queryKey: activityKeys.all });
    setTimeout(() => client.removeQueries({ queryKey: detail, exact: true }), 0);
  };
}

/**
 * DELETE /api/bills/:id (DECISIONS.md Managing saved bills): a bill with no payment goes, and
 * its links with it; the server refuses (409, with its reason) once a friend has paid.
 */
export function useDeleteBill(billId: string) {
  const forget = useForgetBill(billId);
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/bills/${encodeURIComponent(billId)}`),
    onSuccess: forget,
  });
}

/** PUT /api/bills/:id/archived: a bill with a payment leaves home and history, kept in the data. */
export function useArchiveBill(billId: string) {
  const forget = useForgetBill(billId);
  return useMutation({
    mutationFn: async (archived: boolean) =>
      archiveBillResponseSchema.parse(
        await apiRequest('PUT', `/api/bills/${encodeURIComponent(billId)}/archived`, { archived }),
      ),
    onSuccess: forget,
  });
}
