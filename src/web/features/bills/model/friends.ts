import type { BillListItem } from '../../../../contracts/bills';
import { normaliseName } from '../../../../domain/people';

export interface Friend {
  /** The name as last written on a bill. */
  name: string;
  /** How many bills the user shared with this person. */
  sharedBills: number;
  /** On how many of those this person has not paid yet. */
  pendingBills: number;
}

/**
 * The people the user has split bills with (DECISIONS.md, screens the spec names): everyone but the
 * creator, matched trimmed and case-insensitive, most recent first. `bills` come newest first.
 */
export function friendsFromBills(bills: readonly BillListItem[]): Friend[] {
  const byName = new Map<string, Friend>();
  for (const bill of bills) {
    const seen = new Set<string>();
    for (const p of bill.participants) {
      if (p.isCreator) continue;
      const key = normaliseName(p.participantName);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const friend = byName.get(key) ?? {
        name: p.participantName.trim(),
        sharedBills: 0,
        pendingBills: 0,
      };
      friend.sharedBills += 1;
      if (p.status === 'pending' && bill.status === 'active') friend.pendingBills += 1;
      byName.set(key, friend);
    }
  }
  return [...byName.values()];
}
