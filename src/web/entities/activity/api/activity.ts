import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityResponse } from '../../../../contracts/bills';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/use-current-user';

// Activity is read by the header bell (a shared component) and the /activity screen, and
// invalidated by the bills feature when a bill is saved: so its key and calls live here, once.
export const activityKeys = { all: ['/api/activity'] as const };

/** Cached 1 minute (capture-split-history.md §7). */
export const ACTIVITY_STALE_TIME = 60 * 1000;

export const activityQuery = queryOptions({
  queryKey: activityKeys.all,
  queryFn: async ({ signal }): Promise<ActivityResponse> =>
    // Checked lightly: the header's bell asks on every signed-in screen (lib/answer.ts).
    expectAnswer<ActivityResponse>(
      await apiRequest('GET', '/api/activity', undefined, { signal }),
      ['unseenCount'],
      ['activities'],
    ),
  staleTime: ACTIVITY_STALE_TIME,
  // Refetched on any watched bill's event (entities/bill/api/live.ts).
  meta: { liveBill: '*' },
});

/** Recent activity and the unseen count; fetched only when a user is present (spec §6). */
export function useActivity() {
  const { user } = useCurrentUser();
  return useQuery({ ...activityQuery, enabled: !!user });
}

/** POST /api/activity/seen: the bell was opened, so nothing in it is new any more. */
export function useMarkActivitySeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/activity/seen'),
    onMutate: () => {
      // The badge clears at once; the server's answer only confirms it.
      client.setQueryData<ActivityResponse>(activityKeys.all, (old) =>
        old ? { ...old, unseenCount: 0 } : old,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: activityKeys.all }),
  });
}
