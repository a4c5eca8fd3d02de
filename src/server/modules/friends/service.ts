import type { FriendBillsResponse, FriendsResponse } from '../../../contracts/friends';
import {
  friendsFromShares,
  type Friend as DomainFriend,
  type FriendShare,
} from '../../../domain/friends';
import { toDecimalString } from '../../../domain/money';
import { normaliseName } from '../../../domain/people';
import { notFound } from '../../http/errors';
import type { BillsService } from '../bills/service';
import type { FriendsRepo } from './repo';

const sharesOf = (rows: Awaited<ReturnType<FriendsRepo['friendShares']>>): FriendShare[] =>
  rows.map((r) => ({
    billId: r.billId,
    sharedAt: r.createdAt.getTime(),
    name: r.name,
    status: r.status,
    amountDuePence: r.amountDuePence,
  }));

const friendOut = (f: DomainFriend) => ({
  name: f.name,
  sharedBills: f.sharedBills,
  pendingBills: f.pendingBills,
  pendingAmount: toDecimalString(f.pendingPence),
  lastSharedAt: new Date(f.lastSharedAt).toISOString(),
});

/** The people an owner split bills with (domain/friends.ts), read from the bills themselves. */
export function createFriendsService(repo: FriendsRepo, bills: Pick<BillsService, 'billsByIds'>) {
  return {
    /** GET /api/friends: everyone the owner split with, newest first (domain/friends.ts). */
    async friends(ownerId: string): Promise<FriendsResponse> {
      const friends = friendsFromShares(sharesOf(await repo.friendShares(ownerId)));
      return { friends: friends.map(friendOut) };
    },

    /** GET /api/friends/bills: the bills shared with one friend, newest first, with their share. */
    async friendBills(ownerId: string, name: string): Promise<FriendBillsResponse> {
      const shares = sharesOf(await repo.friendShares(ownerId));
      const key = normaliseName(name);
      const friend = friendsFromShares(shares).find((f) => f.key === key);
      if (!friend) throw notFound('No bills shared with this person');
      const theirs = new Map<string, { amountDuePence: number; pending: boolean }>();
      for (const share of shares) {
        if (normaliseName(share.name) !== key) continue;
        const sum = theirs.get(share.billId) ?? { amountDuePence: 0, pending: false };
        sum.amountDuePence += share.amountDuePence;
        sum.pending ||= share.status === 'pending' && share.amountDuePence > 0;
        theirs.set(share.billId, sum);
      }
      return {
        friend: friendOut(friend),
        bills: (await bills.billsByIds(ownerId, friend.billIds)).map((bill) => {
          const share = theirs.get(bill.id)!;
          return {
            ...bill,
            share: {
              amountDue: toDecimalString(share.amountDuePence),
              status: share.pending ? ('pending' as const) : ('paid' as const),
            },
          };
        }),
      };
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
