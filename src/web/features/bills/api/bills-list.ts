import { queryOptions, useQuery } from '@tanstack/react-query';
import { billListResponseSchema, type BillListItem } from '../../../../contracts/bills';
import { apiRequest } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/use-current-user';
import { BILLS_STALE_TIME, billsKeys } from './keys';

// The server pages at most 50 bills per answer; Home and History read the newest 50, which covers
// this week, last week and Recent Bills for anyone but a very heavy user.
// TODO(bills): "Load more" in History with nextCursor when someone has more than 50 bills.
export const billsListQuery = queryOptions({
  queryKey: billsKeys.list(),
  queryFn: async ({ signal }): Promise<BillListItem[]> => {
    const raw = await apiRequest('GET', '/api/bills', undefined, { signal });
    return billListResponseSchema.parse(raw).bills;
  },
  staleTime: BILLS_STALE_TIME,
  retry: false,
});

/** The signed-in user's bills, newest first; fetched only when a user is present (spec §6). */
export function useBills() {
  const { user } = useCurrentUser();
  return useQuery({ ...billsListQuery, enabled: !!user });
}
