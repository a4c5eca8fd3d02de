// Keys of what the friend's page reads. Picks change under the friend's feet (others tick, someone
// pays), so the join answer is never served stale: every visit and every event asks the server
// (lib/use-fetched.ts).
export const joinKeys = {
  bill: (token: string) => `join/bill/${token}`,
};
