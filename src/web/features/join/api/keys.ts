// Query keys of the friend's page. Picks change under the friend's feet (others tick, someone
// pays), so the join answer is never served stale: every visit and every event asks the server.
export const JOIN_STALE_TIME = 0;

export const joinKeys = {
  all: ['join'] as const,
  bill: (token: string) => ['join', 'bill', token] as const,
};
