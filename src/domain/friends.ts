import type { Pence } from './money';
import { normaliseName } from './people';

// The people a user has split bills with (DECISIONS.md, screens the spec names: /friends). Everyone
// on the user's bills but the user, matched by name trimmed and case-insensitive (normaliseName),
// most recent first, with how many bills they shared and what they still owe on them.

/** One person's share on one of the user's bills (the creator's own share is not one). */
export interface FriendShare {
  billId: string;
  /** When the bill was created, in ms since the epoch: it orders friends and their bills. */
  sharedAt: number;
  name: string;
  status: 'pending' | 'paid';
  /** What they owe on this bill, card fee excluded. */
  amountDuePence: Pence;
}

export interface Friend {
  /** normaliseName of the name: the same person whatever the spelling of spaces and case. */
  key: string;
  /** The name as written on the most recent bill. */
  name: string;
  sharedBills: number;
  /** Bills on which they still owe something. */
  pendingBills: number;
  /** The sum of what they still owe, over every bill, in pence. */
  pendingPence: Pence;
  /** The newest shared bill's sharedAt. */
  lastSharedAt: number;
  /** The shared bills' ids, newest first. */
  billIds: string[];
}

const newestFirst = (a: FriendShare, b: FriendShare) =>
  b.sharedAt - a.sharedAt || (a.billId < b.billId ? 1 : a.billId > b.billId ? -1 : 0);

/**
 * Friends from their shares, newest contact first (then by name). A bill counts once per friend
 * even when the same name is on it twice; both shares count towards what is pending.
 */
export function friendsFromShares(shares: readonly FriendShare[]): Friend[] {
  const byKey = new Map<string, Friend & { pendingOn: Set<string> }>();
  for (const share of [...shares].sort(newestFirst)) {
    const key = normaliseName(share.name);
    if (key === '') continue;
    let friend = byKey.get(key);
    if (!friend) {
      friend = {
        key,
        name: share.name.trim(),
        sharedBills: 0,
        pendingBills: 0,
        pendingPence: 0,
        lastSharedAt: share.sharedAt,
        billIds: [],
        pendingOn: new Set(),
      };
      byKey.set(key, friend);
    }
    // Sorted by time then bill, a bill's shares come together: a new bill is a new last id.
    if (friend.billIds.at(-1) !== share.billId) {
      friend.billIds.push(share.billId);
      friend.sharedBills += 1;
    }
    if (share.status === 'pending' && share.amountDuePence > 0) {
      friend.pendingPence += share.amountDuePence;
      friend.pendingOn.add(share.billId);
      friend.pendingBills = friend.pendingOn.size;
    }
  }
  return [...byKey.values()]
    .map(({ pendingOn: _pendingOn, ...friend }) => friend)
    .sort((a, b) => b.lastSharedAt - a.lastSharedAt || a.name.localeCompare(b.name));
}
