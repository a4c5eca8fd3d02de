import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createBillResponseSchema,
  wholeBillBodySchema,
  type WholeBillBody,
} from '../../../../contracts/bills';
import { activityKeys } from '../../../entities/activity/api/activity';
import { apiRequest } from '../../../lib/api';
import { billsKeys } from '../../../entities/bill/api/keys';

/** POST /api/bills with the whole bill (and its client key); on success the bills and activity lists are refetched. */
export function useSaveBill() {
  const client = useQueryClient();
  return useMutation({
    // Fail at once when offline (rather than wait for a connection): the summary then keeps the
    // bill on the device, to be sent when the connection returns.
    networkMode: 'always',
    mutationFn: async (body: WholeBillBody) => {
      // The contract the server checks, checked here first: what it would refuse is not sent, and
      // the person reads the same words (a pasted control character in a name, too large a bill).
      const checked = wholeBillBodySchema.safeParse(body);
      if (!checked.success) {
        const [issue] = checked.error.issues;
        const where = issue?.path.join('.');
        throw new Error(where ? `Invalid ${where}: ${issue?.message}` : issue?.message);
      }
      return createBillResponseSchema.parse(await apiRequest('POST', '/api/bills', body));
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: billsKeys.all }),
        client.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
