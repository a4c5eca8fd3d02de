import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  friendBillsResponseSchema,
  friendsResponseSchema,
  type FriendBillsResponse,
  type FriendsResponse,
} from '../../../../contracts/friends';
import { apiRequest } from '../../../lib/api';
import { BILLS_STALE_TIME, billsKeys } from '../../../entities/bill/api/keys';
import { useCurrentUser } from '../../../lib/use-current-user';

/** GET /api/friends: the people the user split bills with, most recent first. */
export const friendsQuery = queryOptions({
  queryKey: billsKeys.friends(),
  queryFn: async ({ signal }): Promise<FriendsResponse> =>
    friendsResponseSchema.parse(await apiRequest('GET', '/api/friends', undefined, { signal })),
  staleTime: BILLS_STALE_TIME,
  retry: false,
});

export function useFriends() {
  const { user } = useCurrentUser();
  return useQuery({ ...friendsQuery, enabled: !!user });
}

/** GET /api/friends/bills?name=: the bills shared with one friend, newest first. */
export const friendBillsQuery = (name: string) =>
  queryOptions({
    queryKey: billsKeys.friendBills(name),
    queryFn: async ({ signal }): Promise<FriendBillsResponse> =>
      friendBillsResponseSchema.parse(
        await apiRequest('GET', `/api/friends/bills?name=${encodeURIComponent(name)}`, undefined, {
          signal,
        }),
      ),
    staleTime: BILLS_STALE_TIME,
    retry: false,
  });

export function useFriendBills(name: string) {
  const { user } = useCurrentUser();
  return useQuery({ ...friendBillsQuery(name), enabled: !!user && name.trim() !== '' });
}

/** Where one friend's bills are listed. */
export const friendPath = (name: string) => `/friends/${encodeURIComponent(name)}`;
