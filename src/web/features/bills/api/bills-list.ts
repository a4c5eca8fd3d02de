import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { BillListItem, BillListResponse } from '../../../../contracts/bills';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/use-current-user';
import { BILLS_STALE_TIME, billsKeys } from '../../../entities/bill/api/keys';

/** GET /api/bills's answer, checked lightly: home opens with it (lib/answer.ts). */
const billList = (raw: unknown) => expectAnswer<BillListResponse>(raw, ['nextCursor'], ['bills']);

// The server pages at most 50 bills per answer. Home reads the newest 50, which covers this week,
// last week and Recent Bills for anyone; History reads page after page as the user asks for more.
export const billsListQuery = queryOptions({
  queryKey: billsKeys.list(),
  queryFn: async ({ signal }): Promise<BillListItem[]> => {
    const raw = await apiRequest('GET', '/api/bills', undefined, { signal });
    return billList(raw).bills;
  },
  staleTime: BILLS_STALE_TIME,
  retry: false,
});

/** The signed-in user's bills, newest first; fetched only when a user is present (spec §6). */
export function useBills() {
  const { user } = useCurrentUser();
  return useQuery({ ...billsListQuery, enabled: !!user });
}

export const billsHistoryQuery = infiniteQueryOptions({
  queryKey: billsKeys.history(),
  queryFn: async ({ signal, pageParam }): Promise<BillListResponse> => {
    const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
    return billList(await apiRequest('GET', `/api/bills${query}`, undefined, { signal }));
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: BILLS_STALE_TIME,
  retry: false,
});

/** Every bill, newest first, 50 at a time: `fetchNextPage` brings the next 50 (History). */
export function useBillsHistory() {
  const { user } = useCurrentUser();
  return useInfiniteQuery({ ...billsHistoryQuery, enabled: !!user });
}
