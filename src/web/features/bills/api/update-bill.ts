import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  billDetailSchema,
  wholeBillBodySchema,
  type BillDetail,
  type WholeBillBody,
} from '../../../../contracts/bills';
import { activityKeys } from '../../../entities/activity/api/activity';
import { billsKeys } from '../../../entities/bill/api/keys';
import { ApiError, apiRequest } from '../../../lib/api';

/**
 * PUT /api/bills/:id with the whole bill again (DECISIONS.md Managing saved bills). The bill's page
 * takes the answer at once (the amounts the server stored); lists, friends and activity are read
 * again. The server refuses (409) once the bill has payment links: see isBillLocked.
 */
export function useUpdateBill(billId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: WholeBillBody): Promise<BillDetail> => {
      // What the server would refuse is not sent: the person reads the same words here.
      const checked = wholeBillBodySchema.safeParse(body);
      if (!checked.success) {
        const [issue] = checked.error.issues;
        const where = issue?.path.join('.');
        throw new Error(where ? `Invalid ${where}: ${issue?.message}` : issue?.message);
      }
      return billDetailSchema.parse(
        await apiRequest('PUT', `/api/bills/${encodeURIComponent(billId)}`, body),
      );
    },
    onSuccess: (bill) => {
      client.setQueryData(billsKeys.detail(billId), bill);
      const detail = billsKeys.detail(billId);
      void client.invalidateQueries({
        queryKey: billsKeys.all,
        predicate: (query) => query.queryKey[1] !== detail[1] || query.queryKey[2] !== detail[2],
      });
      void client.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

/**
 * Whether the server refused the change because the bill can no longer change: payment links were
 * made for it meanwhile (or friends started picking), from another tab or device.
 */
export function isBillLocked(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
