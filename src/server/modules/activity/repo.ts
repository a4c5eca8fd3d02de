import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activitySeen, billEvents, billParticipants, bills, payments } from '../../db/schema';

/** Bill events the creator sees in Activity: money given back, and disputes. */
const isMoneyBack = sql`${billEvents.type} in ('payment.refunded', 'payment.disputed')`;

export function createActivityRepo(db: Db) {
  const seenAt = (ownerId: string) =>
    db
      .select({ at: activitySeen.seenAt })
      .from(activitySeen)
      .where(eq(activitySeen.userId, ownerId));

  return {
    /**
     * Payments received on the owner's bills, newest first: the payer's name (the link holder, or
     * the person marked paid by hand) and what the owner received (shares paid, fees excluded).
     */
    async recentPayments(ownerId: string, limit: number) {
      const payer = sql<string>`coalesce(
        (select bp.name from payment_links pl join bill_participants bp on bp.id = pl.participant_id
          where pl.id = ${payments.payerLinkId}),
        (select bp.name from payment_items pi join payment_links pl on pl.id = pi.link_id
          join bill_participants bp on bp.id = pl.participant_id
          where pi.payment_id = ${payments.id} order by bp.position limit 1),
        '')`;
      // bigint: node-postgres hands it over as a string, hence mapWith(Number) (always a safe integer:
      // a bill is at most MAX_BILL_PENCE).
      const received = sql<number>`coalesce((select sum(pi.amount_pence) from payment_items pi
          where pi.payment_id = ${payments.id} and pi.outcome = 'paid'), 0)::bigint`.mapWith(
        Number,
      );
      return db
        .select({
          id: payments.id,
          completedAt: payments.completedAt,
          method: payments.method,
          payerName: payer,
          receivedPence: received,
          billId: bills.id,
          billName: bills.name,
          billStatus: bills.status,
        })
        .from(payments)
        .innerJoin(bills, eq(bills.id, payments.billId))
        .where(and(eq(bills.ownerId, ownerId), eq(payments.status, 'succeeded')))
        .orderBy(desc(payments.completedAt), desc(payments.id))
        .limit(limit);
    },

    /**
     * Refunds and disputes on the owner's bills, newest first: read from each bill's event log
     * (modules/live), where settlement records them in the transaction that changes the shares.
     */
    async recentMoneyBack(ownerId: string, limit: number) {
      return db
        .select({
          billId: billEvents.billId,
          seq: billEvents.seq,
          type: billEvents.type,
          data: billEvents.data,
          at: billEvents.createdAt,
          billName: bills.name,
          billStatus: bills.status,
        })
        .from(billEvents)
        .innerJoin(bills, eq(bills.id, billEvents.billId))
        .where(and(eq(bills.ownerId, ownerId), isMoneyBack))
        .orderBy(desc(billEvents.createdAt), desc(billEvents.seq))
        .limit(limit);
    },

    /** Participants' names by id (of bills already read for this owner). */
    async namesOf(participantIds: string[]) {
      if (!participantIds.length) return [];
      return db
        .select({ id: billParticipants.id, name: billParticipants.name })
        .from(billParticipants)
        .where(sql`${billParticipants.id} = any(${sql.param(participantIds)}::uuid[])`);
    },

    /** Refunds and disputes since the owner last opened their activity. */
    async countUnseenMoneyBack(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(billEvents)
        .innerJoin(bills, eq(bills.id, billEvents.billId))
        .where(
          and(
            eq(bills.ownerId, ownerId),
            isMoneyBack,
            sql`${billEvents.createdAt} > coalesce((${seenAt(ownerId)}), '-infinity'::timestamptz)`,
          ),
        );
      return row?.n ?? 0;
    },

    /** Names of the people on some bills, in order, for activity cards. */
    async peopleOf(billIds: string[]) {
      if (!billIds.length) return [];
      return db
        .select({ billId: billParticipants.billId, name: billParticipants.name })
        .from(billParticipants)
        .where(sql`${billParticipants.billId} = any(${sql.param(billIds)}::uuid[])`)
        .orderBy(asc(billParticipants.billId), asc(billParticipants.position));
    },

    /** Payments received since the owner last opened their activity. */
    async countUnseenPayments(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(payments)
        .innerJoin(bills, eq(bills.id, payments.billId))
        .where(
          and(
            eq(bills.ownerId, ownerId),
            eq(payments.status, 'succeeded'),
            sql`${payments.completedAt} > coalesce((${seenAt(ownerId)}), '-infinity'::timestamptz)`,
          ),
        );
      return row?.n ?? 0;
    },

    /** The owner's bills created since they last opened their activity: all of them, not a page. */
    async countUnseenBills(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(bills)
        .where(
          and(
            eq(bills.ownerId, ownerId),
            sql`${bills.createdAt} > coalesce((${seenAt(ownerId)}), '-infinity'::timestamptz)`,
          ),
        );
      return row?.n ?? 0;
    },

    async markSeen(userId: string, at: Date) {
      await db
        .insert(activitySeen)
        .values({ userId, seenAt: at })
        .onConflictDoUpdate({ target: activitySeen.userId, set: { seenAt: at } });
    },
  };
}

export type ActivityRepo = ReturnType<typeof createActivityRepo>;
