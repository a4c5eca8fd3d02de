import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './api';

// Spec defaults (capture-split-history.md §7): 5-minute stale time, no retry, no refetch on focus;
// a 401 is an error like any other, handled in one place by `onUnauthorized`.
export const DEFAULT_STALE_TIME = 5 * 60 * 1000;

export function createQueryClient(onUnauthorized: (err: unknown) => void = () => {}): QueryClient {
  const handle = (err: unknown, meta: Record<string, unknown> | undefined) => {
    if (isUnauthorized(err) && !meta?.allowUnauthorized) onUnauthorized(err);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => handle(err, query.meta) }),
    mutationCache: new MutationCache({ onError: (err, _v, _c, m) => handle(err, m.meta) }),
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
