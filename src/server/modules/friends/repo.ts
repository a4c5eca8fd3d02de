import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billParticipants, bills } from '../../db/schema';

export function createFriendsRepo(db: Db) {
  return {
    /**
     * Every share of someone other than the owner on the owner's bills, newest bill first: what the
     * friends list is made of (domain/friends.ts), in one query.
     */
    async friendShares(ownerId: string) {
      return db
        .select({
          billId: billParticipants.billId,
          createdAt: bills.createdAt,
          name: billParticipants.name,
          status: billParticipants.status,
          amountDuePence: billParticipants.amountDuePence,
        })
        .from(billParticipants)
        .innerJoin(bills, eq(bills.id, billParticipants.billId))
        .where(and(eq(bills.ownerId, ownerId), eq(billParticipants.isCreator, false)))
        .orderBy(desc(bills.createdAt), desc(bills.id), asc(billParticipants.position));
    },
  };
}

export type FriendsRepo = ReturnType<typeof createFriendsRepo>;
