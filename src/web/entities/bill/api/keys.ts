// The bills' query keys, in one place so that saving a bill, or a payment against one, can invalidate
// exactly what it changed. The bill entity's because the bills and get-paid features both use them;
// the activity key lives in entities/activity/api/activity.ts.
export const billsKeys = {
  all: ['/api/bills'] as const,
  list: () => [...billsKeys.all, 'list'] as const,
  history: () => [...billsKeys.all, 'history'] as const,
  detail: (id: string) => [...billsKeys.all, 'detail', id] as const,
  /** Friends are read from the bills: saving or paying a bill refreshes them too. */
  friends: () => [...billsKeys.all, 'friends'] as const,
  friendBills: (name: string) => [...billsKeys.all, 'friends', 'bills', name] as const,
};

/** Bills and activity are cached 1 minute (capture-split-history.md §7, §9). */
export const BILLS_STALE_TIME = 60 * 1000;
