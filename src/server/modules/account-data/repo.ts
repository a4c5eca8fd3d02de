import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  account,
  activitySeen,
  billItems,
  billParticipants,
  bills,
  itemAssignments,
  joinLinks,
  paymentItems,
  paymentLinks,
  payments,
  payoutAccounts,
  picks,
  receipts,
  session,
  shareLines,
  user,
  verification,
} from '../../db/schema';

// The account-data module's queries: everything held about one account, read page by page for the
// export, and erased in one transaction for a deletion. Every query names the owner.

/** Pages are keyed on the id alone: a timestamp read back as a Date loses its microseconds. */
export type Keyset = string;

export function createAccountDataRepo(db: Db) {
  return {
    async profile(userId: string) {
      const [row] = await db.select().from(user).where(eq(user.id, userId));
      return row;
    },

    async signInMethods(userId: string) {
      return db
        .select({
          provider: account.providerId,
          createdAt: account.createdAt,
          hasPassword: sql<boolean>`${account.password} is not null`,
        })
        .from(account)
        .where(eq(account.userId, userId))
        .orderBy(asc(account.createdAt));
    },

    async sessions(userId: string) {
      return db
        .select({
          createdAt: session.createdAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt));
    },

    async payoutAccount(userId: string) {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
      return row;
    },

    async activitySeenAt(userId: string) {
      const [row] = await db.select().from(activitySeen).where(eq(activitySeen.userId, userId));
      return row?.seenAt ?? null;
    },

    /** A page of the owner's receipt scans, oldest first (photos are large: small pages). */
    async receiptPage(ownerId: string, limit: number, from?: Keyset) {
      return db
        .select()
        .from(receipts)
        .where(and(eq(receipts.ownerId, ownerId), from ? gt(receipts.id, from) : undefined))
        .orderBy(asc(receipts.id))
        .limit(limit);
    },

    /** A page of the owner's bills, archived ones too, oldest first. */
    async billPage(ownerId: string, limit: number, from?: Keyset) {
      return db
        .select()
        .from(bills)
        .where(and(eq(bills.ownerId, ownerId), from ? gt(bills.id, from) : undefined))
        .orderBy(asc(bills.id))
        .limit(limit);
    },

    /** Everything under some bills (all the owner's, read by billPage), a few queries in all. */
    async partsOf(billIds: string[]) {
      if (!billIds.length)
        return {
          items: [],
          assignments: [],
          participants: [],
          lines: [],
          links: [],
          payments: [],
          paid: [],
          picks: [],
          joinLinks: [],
        };
      const [items, assignments, participants, lines, links, paymentRows, paid, pickRows, joins] =
        await Promise.all([
          db
            .select()
            .from(billItems)
            .where(inArray(billItems.billId, billIds))
            .orderBy(asc(billItems.position)),
          db
            .select({
              itemId: itemAssignments.itemId,
              participantId: itemAssignments.participantId,
              portionHalves: itemAssignments.portionHalves,
            })
            .from(itemAssignments)
            .innerJoin(billItems, eq(billItems.id, itemAssignments.itemId))
            .where(inArray(billItems.billId, billIds)),
          db
            .select()
            .from(billParticipants)
            .where(inArray(billParticipants.billId, billIds))
            .orderBy(asc(billParticipants.position)),
          db
            .select()
            .from(shareLines)
            .where(inArray(shareLines.billId, billIds))
            .orderBy(asc(shareLines.position)),
          db
            .select()
            .from(paymentLinks)
            .where(inArray(paymentLinks.billId, billIds))
            .orderBy(asc(paymentLinks.createdAt)),
          db
            .select()
            .from(payments)
            .where(inArray(payments.billId, billIds))
            .orderBy(asc(payments.createdAt)),
          db
            .select({
              paymentId: paymentItems.paymentId,
              participantId: paymentLinks.participantId,
            })
            .from(paymentItems)
            .innerJoin(paymentLinks, eq(paymentLinks.id, paymentItems.linkId))
            .where(and(inArray(paymentLinks.billId, billIds), eq(paymentItems.outcome, 'paid'))),
          db
            .select()
            .from(picks)
            .where(inArray(picks.billId, billIds))
            .orderBy(asc(picks.createdAt)),
          db.select().from(joinLinks).where(inArray(joinLinks.billId, billIds)),
        ]);
      return {
        items,
        assignments,
        participants,
        lines,
        links,
        payments: paymentRows,
        paid,
        picks: pickRows,
        joinLinks: joins,
      };
    },

    /**
     * A page of the activity (bills made, payments received), newest first, keyset on (at, id):
     * the same events the activity screen is read from.
     */
    async activityPage(ownerId: string, limit: number, from?: { at: string; id: string }) {
      // The cursor's time as PostgreSQL wrote it (text, to the microsecond).
      const cursor = from ? sql`where (e.at, e.id) < (${from.at}::timestamptz, ${from.id})` : sql``;
      const res = (await db.execute(sql`
        select *, e.at::text as at_key from (
          select 'bill_created' as type, b.created_at as at, 'b' || b.id::text as id, b.id::text as bill_id,
                 b.name as bill_name, null::bigint as amount_pence
            from bills b where b.owner_id = ${ownerId}
          union all
          select 'payment_received', p.completed_at, 'p' || p.id::text, b.id::text, b.name,
                 (select coalesce(sum(pi.amount_pence), 0) from payment_items pi
                   where pi.payment_id = p.id and pi.outcome = 'paid')::bigint
            from payments p join bills b on b.id = p.bill_id
           where b.owner_id = ${ownerId} and p.status = 'succeeded' and p.completed_at is not null
        ) e ${cursor}
        order by e.at desc, e.id desc limit ${limit}`)) as unknown as {
        rows: {
          type: 'bill_created' | 'payment_received';
          at: string | Date;
          id: string;
          bill_id: string;
          bill_name: string;
          amount_pence: string | number | null;
          at_key: string;
        }[];
      };
      return res.rows.map((r) => ({
        type: r.type,
        at: new Date(r.at),
        atKey: r.at_key,
        id: r.id,
        billId: r.bill_id,
        billName: r.bill_name,
        amountPence: r.amount_pence === null ? null : Number(r.amount_pence),
      }));
    },

    // --- deletion ---------------------------------------------------------------------------------

    /** The user's row, locked: two deletions of one account run one after the other. */
    async lockUser(userId: string) {
      const [row] = await db.select().from(user).where(eq(user.id, userId)).for('update');
      return row;
    },

    /**
     * Keeps the account's payments as bare payment records (amount, date, method, the provider's
     * reference): no name, e-mail, bill or link. Inside the deletion's transaction.
     */
    async retainPayments(userId: string) {
      await db.execute(sql`insert into retained_payments (id, provider, method, kind,
          checkout_session_id, payment_intent_id, amount_pence, fee_pence, refunded_pence, status,
          created_at, completed_at)
        select p.id, p.provider, p.method, p.kind, p.checkout_session_id, p.payment_intent_id,
          p.amount_pence, p.fee_pence, p.refunded_pence, p.status, p.created_at, p.completed_at
        from payments p join bills b on b.id = p.bill_id
        where b.owner_id = ${userId} and p.status = 'succeeded'
        on conflict (id) do nothing`);
    },

    /**
     * Deletes the user and, by the schema's cascades, their sessions, sign-in accounts, bills (with
     * items, people, shares, links and payments), receipt scans, payout account and cancelled links.
     */
    async deleteUser(userId: string, email: string) {
      await db.delete(verification).where(eq(verification.identifier, email));
      await db.delete(user).where(eq(user.id, userId));
    },
  };
}

export type AccountDataRepo = ReturnType<typeof createAccountDataRepo>;

/** Runs `fn` in one transaction with a repo bound to it. */
export function inAccountTransaction<T>(db: Db, fn: (repo: AccountDataRepo) => Promise<T>) {
  return db.transaction((tx) => fn(createAccountDataRepo(tx as unknown as Db)));
}
