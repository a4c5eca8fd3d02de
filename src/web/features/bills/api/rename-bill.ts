import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  renameBillResponseSchema,
  type BillDetail,
  type RenameBillResponse,
} from '../../../../contracts/bills';
import { activityKeys } from '../../../entities/activity/api/activity';
import { apiRequest, isUnauthorized } from '../../../lib/api';
import { billsKeys } from '../../../entities/bill/api/keys';
import { errorMessage } from '../../../lib/error-message';

/**
 * PATCH /api/bills/:id with a new name. The bill on screen takes the name at once from the answer;
 * lists and activity, which show names too, are fetched again. A failure rejects with the words to
 * show at the field (the server's own, when it gave some).
 */
export function useRenameBill(billId: string) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (name: string): Promise<RenameBillResponse> =>
      renameBillResponseSchema.parse(
        await apiRequest('PATCH', `/api/bills/${encodeURIComponent(billId)}`, { name }),
      ),
    onSuccess: (renamed) => {
      client.setQueryData<BillDetail>(billsKeys.detail(billId), (bill) =>
        bill ? { ...bill, name: renamed.name } : bill,
      );
      void client.invalidateQueries({ queryKey: billsKeys.list() });
      void client.invalidateQueries({ queryKey: billsKeys.history() });
      void client.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
  return async (name: string) => {
    try {
      await mutation.mutateAsync(name);
    } catch (err) {
      // A 401 is handled once, app-wide (it leaves for sign-in).
      if (isUnauthorized(err)) return;
      throw new Error(errorMessage(err, 'The name was not saved. Please try again.'));
    }
  };
}
