import { onlineManager, QueryClient } from '@tanstack/react-query';

// Spec defaults (capture-split-history.md §7): 5-minute stale time, no retry, no refetch on focus.
// A 401 is an error like any other; the api client reports it to the app's one handler.
export const DEFAULT_STALE_TIME = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  // TanStack assumes it starts online and then follows the online/offline events: a page opened
  // offline (from the service worker) would never see the change back. Queries wait while offline
  // and run when the connection returns.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // A screen whose data failed to load for want of a network loads again by itself when the
  // connection returns, instead of waiting for Try again (paused queries already resume).
  onlineManager.subscribe((online) => {
    if (!online) return;
    void client.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error',
    });
  });
  return client;
}
