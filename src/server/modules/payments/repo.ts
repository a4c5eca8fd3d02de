import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billParticipants,
  bills,
  paymentItems,
  paymentLinks,
  payments,
  payoutAccounts,
  providerEvents,
  shareLines,
  user,
} from '../../db/schema';

// The payments module's queries: payout accounts, links, payments and provider events. It reads
// bills, participants and their stored share lines directly (the schema is shared), and writes
// only a participant's paid status and a bill's active / completed status.

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type BillRow = typeof bills.$inferSelect;
export type ParticipantRow = typeof billParticipants.$inferSelect;
export type ShareLineRow = typeof shareLines.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else names nothing (and must not reach a uuid cast). */
export const isUuid = (id: string) => UUID.test(id);

const TOKEN_CHARS = /^[A-Za-z0-9_-]*$/;
/**
 * A token as it is looked up: one that could never be issued (a character outside base64url, a NUL
 * that PostgreSQL would refuse) is looked up as the empty string, which no link has. The query and
 * the answer stay the same for every unknown token.
 */
const lookupToken = (token: string) => (TOKEN_CHARS.test(token) ? token : '');

/** A link with what its pages show: the participant, the bill and who made it. */
export interface LinkView {
  link: PaymentLinkRow;
  participant: ParticipantRow;
  bill: BillRow;
  creatorName: string;
}

/** A link as its creator lists it, with how it was settled. */
export interface CreatorLinkRow {
  link: PaymentLinkRow;
  participantName: string;
  participantPosition: number;
  method: 'card' | 'cash' | 'bank_transfer' | null;
}

/** One link a payment covers, locked with it. */
export interface CoveredLink {
  item: typeof paymentItems.$inferSelect;
  link: PaymentLinkRow;
  participantName: string;
}

/** Runs `fn` in one transaction with a repo bound to it (PGlite: never the outer handle inside). */
export function inPaymentsTransaction<T>(
  db: Db,
  fn: (repo: PaymentsRepo) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => fn(createPaymentsRepo(tx as unknown as Db)));
}

const creatorNameSql = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${user.firstName}, ${user.lastName})), ''), ${user.name})`;

export function createPaymentsRepo(db: Db) {
  return {
    // --- payout accounts ------------------------------------------------------------------------

    async findPayoutAccount(userId: string): Promise<PayoutAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, userId))
        .limit(1);
      return row;
    },

    /** Inserts the user's account unless one exists; returns whichever is stored. */
    async insertPayoutAccount(row: typeof payoutAccounts.$inferInsert): Promise<PayoutAccountRow> {
      await db.insert(payoutAccounts).values(row).onConflictDoNothing();
      const [stored] = await db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, row.userId))
        .limit(1);
      return stored!;
    },

    async updatePayoutAccount(
      accountId: string,
      fields: Partial<
        Pick<PayoutAccountRow, 'detailsSubmitted' | 'chargesEnabled' | 'bankName' | 'bankLast4'>
      >,
    ): Promise<PayoutAccountRow | undefined> {
      const [row] = await db
        .update(payoutAccounts)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(payoutAccounts.accountId, accountId))
        .returning();
      return row;
    },

    async deletePayoutAccount(userId: string) {
      await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    },

    async userEmail(userId: string): Promise<string> {
      const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      return row?.email ?? '';
    },

    // --- bills, for making links ------------------------------------------------------------------

    /** The owner's bill, locked (inside a transaction). */
    async lockOwnedBill(ownerId: string, billId: string): Promise<BillRow | undefined> {
      if (!isUuid(billId)) return undefined;
      const [row] = await db
        .select()
        .from(bills)
        .where(and(eq(bills.id, billId), eq(bills.ownerId, ownerId)))
        .for('update');
      return row;
    },

    async findOwnedBill(ownerId: string, billId: string): Promise<BillRow | undefined> {
      if (!isUuid(billId)) return undefined;
      const [row] = await db
        .select()
        .from(bills)
        .where(and(eq(bills.id, billId), eq(bills.ownerId, ownerId)));
      return row;
    },

    async participantsOf(billId: string): Promise<ParticipantRow[]> {
      return db
        .select()
        .from(billParticipants)
        .where(eq(billParticipants.billId, billId))
        .orderBy(asc(billParticipants.position));
    },

    async linesOf(billId: string): Promise<ShareLineRow[]> {
      return db
        .select()
        .from(shareLines)
        .where(eq(shareLines.billId, billId))
        .orderBy(asc(shareLines.participantId), asc(shareLines.position));
    },

    async linesOfParticipant(participantId: string): Promise<ShareLineRow[]> {
      return db
        .select()
        .from(shareLines)
        .where(eq(shareLines.participantId, participantId))
        .orderBy(asc(shareLines.position));
    },

    async billName(billId: string): Promise<string> {
      const [row] = await db.select({ name: bills.name }).from(bills).where(eq(bills.id, billId));
      return row?.name ?? '';
    },

    async markParticipantsPaid(ids: string[]) {
      if (ids.length)
        await db
          .update(billParticipants)
          .set({ status: 'paid' })
          .where(inArray(billParticipants.id, ids));
    },

    /**
     * Sets a bill's status, except while friends are picking (modules/picking): a friend paying
     * then neither completes nor activates the bill; "Ask for the rest" ends picking.
     */
    async setBillStatus(billId: string, status: BillRow['status']) {
      await db
        .update(bills)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(bills.id, billId), ne(bills.status, 'picking')));
    },

    // --- links -------------------------------------------------------------------------------------

    async insertLinks(rows: (typeof paymentLinks.$inferInsert)[]) {
      if (rows.length) await db.insert(paymentLinks).values(rows);
    },

    async renewLinks(ids: string[], expiresAt: Date) {
      if (ids.length)
        await db.update(paymentLinks).set({ expiresAt }).where(inArray(paymentLinks.id, ids));
    },

    /** A bill's links with names and how each was paid, in participant order. */
    async linksOfBill(billId: string): Promise<CreatorLinkRow[]> {
      const rows = await db
        .select({
          link: paymentLinks,
          participantName: billParticipants.name,
          participantPosition: billParticipants.position,
          method: payments.method,
        })
        .from(paymentLinks)
        .innerJoin(billParticipants, eq(billParticipants.id, paymentLinks.participantId))
        .leftJoin(payments, eq(payments.id, paymentLinks.paymentId))
        .where(eq(paymentLinks.billId, billId))
        .orderBy(asc(billParticipants.position));
      return rows;
    },

    /** The link behind a token, with its participant, bill and creator's name. */
    async linkByToken(token: string): Promise<LinkView | undefined> {
      const [row] = await db
        .select({
          link: paymentLinks,
          participant: billParticipants,
          bill: bills,
          creatorName: creatorNameSql,
        })
        .from(paymentLinks)
        .innerJoin(billParticipants, eq(billParticipants.id, paymentLinks.participantId))
        .innerJoin(bills, eq(bills.id, paymentLinks.billId))
        .innerJoin(user, eq(user.id, bills.ownerId))
        .where(eq(paymentLinks.token, lookupToken(token)))
        .limit(1);
      return row;
    },

    async tokenOfLink(linkId: string): Promise<string | null> {
      const [row] = await db
        .select({ token: paymentLinks.token })
        .from(paymentLinks)
        .where(eq(paymentLinks.id, linkId));
      return row?.token ?? null;
    },

    async creatorName(billId: string): Promise<string> {
      const [row] = await db
        .select({ name: creatorNameSql })
        .from(bills)
        .innerJoin(user, eq(user.id, bills.ownerId))
        .where(eq(bills.id, billId));
      return row?.name ?? '';
    },

    /** Links of a bill by participant id, locked in id order (two payers never deadlock). */
    async lockLinksOfParticipants(billId: string, participantIds: string[]) {
      // An id that is not a UUID names nobody: the caller sees fewer rows than ids.
      participantIds = participantIds.filter(isUuid);
      if (!participantIds.length) return [];
      return db
        .select({ link: paymentLinks, participant: billParticipants })
        .from(paymentLinks)
        .innerJoin(billParticipants, eq(billParticipants.id, paymentLinks.participantId))
        .where(
          and(eq(paymentLinks.billId, billId), inArray(paymentLinks.participantId, participantIds)),
        )
        .orderBy(asc(paymentLinks.id))
        .for('update', { of: paymentLinks });
    },

    async linkOfParticipant(billId: string, participantId: string) {
      if (!isUuid(participantId)) return undefined;
      const [row] = await db
        .select()
        .from(paymentLinks)
        .where(and(eq(paymentLinks.billId, billId), eq(paymentLinks.participantId, participantId)))
        .for('update');
      return row;
    },

    /** Whether every link of the bill is paid (and there is at least one). */
    async allLinksPaid(billId: string): Promise<boolean> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          pending: sql<number>`count(*) filter (where ${paymentLinks.status} <> 'paid')::int`,
        })
        .from(paymentLinks)
        .where(eq(paymentLinks.billId, billId));
      return (row?.total ?? 0) > 0 && row?.pending === 0;
    },

    /** The creator's bills that have links, newest first, with counts and what is outstanding. */
    async requestsOf(ownerId: string, limit: number) {
      return db
        .select({
          bill: bills,
          linkCount: sql<number>`count(${paymentLinks.id})::int`,
          paidCount: sql<number>`count(${paymentLinks.id}) filter (where ${paymentLinks.status} = 'paid')::int`,
          outstandingPence:
            sql<number>`coalesce(sum(${paymentLinks.amountPence}) filter (where ${paymentLinks.status} <> 'paid'), 0)::bigint`.mapWith(
              Number,
            ),
        })
        .from(bills)
        .innerJoin(paymentLinks, eq(paymentLinks.billId, bills.id))
        .where(eq(bills.ownerId, ownerId))
        .groupBy(bills.id)
        .orderBy(desc(bills.createdAt), desc(bills.id))
        .limit(limit);
    },

    // --- payments ----------------------------------------------------------------------------------

    async insertPayment(
      row: NewPaymentRow,
      items: { linkId: string; amountPence: number; feePence: number }[],
    ): Promise<PaymentRow> {
      const [payment] = await db.insert(payments).values(row).returning();
      if (items.length)
        await db.insert(paymentItems).values(items.map((i) => ({ ...i, paymentId: payment!.id })));
      return payment!;
    },

    async updatePayment(
      id: string,
      fields: Partial<Omit<PaymentRow, 'id' | 'billId' | 'createdAt'>>,
    ): Promise<void> {
      await db.update(payments).set(fields).where(eq(payments.id, id));
    },

    async findPayment(id: string, lock = false): Promise<PaymentRow | undefined> {
      if (!isUuid(id)) return undefined;
      const q = db.select().from(payments).where(eq(payments.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** A payment by the provider's id for it: its checkout session, or its payment intent. */
    async findPaymentAt(
      provider: PaymentRow['provider'],
      by: 'session' | 'intent',
      providerId: string,
    ): Promise<PaymentRow | undefined> {
      // PostgreSQL refuses a NUL in text: no provider id holds one.
      if (providerId.includes('\0')) return undefined;
      const column = by === 'session' ? payments.checkoutSessionId : payments.paymentIntentId;
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(column, providerId)));
      return row;
    },

    /** The links a payment covers with their items, locked in link id order. */
    async lockCoveredLinks(paymentId: string): Promise<CoveredLink[]> {
      return db
        .select({ item: paymentItems, link: paymentLinks, participantName: billParticipants.name })
        .from(paymentItems)
        .innerJoin(paymentLinks, eq(paymentLinks.id, paymentItems.linkId))
        .innerJoin(billParticipants, eq(billParticipants.id, paymentLinks.participantId))
        .where(eq(paymentItems.paymentId, paymentId))
        .orderBy(asc(paymentLinks.id))
        .for('update', { of: paymentLinks });
    },

    /** The links a payment covers, unlocked, in participant order (for its pages). */
    async coveredLinks(paymentId: string): Promise<CoveredLink[]> {
      return db
        .select({ item: paymentItems, link: paymentLinks, participantName: billParticipants.name })
        .from(paymentItems)
        .innerJoin(paymentLinks, eq(paymentLinks.id, paymentItems.linkId))
        .innerJoin(billParticipants, eq(billParticipants.id, paymentLinks.participantId))
        .where(eq(paymentItems.paymentId, paymentId))
        .orderBy(asc(billParticipants.position));
    },

    async setItemOutcome(paymentId: string, linkId: string, outcome: 'paid' | 'refunded' | null) {
      await db
        .update(paymentItems)
        .set({ outcome })
        .where(and(eq(paymentItems.paymentId, paymentId), eq(paymentItems.linkId, linkId)));
    },

    async markLinkPaid(link: PaymentLinkRow, paymentId: string, at: Date) {
      await db
        .update(paymentLinks)
        .set({ status: 'paid', paymentId, paidAt: at })
        .where(eq(paymentLinks.id, link.id));
      await db
        .update(billParticipants)
        .set({ status: 'paid' })
        .where(eq(billParticipants.id, link.participantId));
    },

    async markLinkPending(link: PaymentLinkRow) {
      await db
        .update(paymentLinks)
        .set({ status: 'pending', paymentId: null, paidAt: null })
        .where(eq(paymentLinks.id, link.id));
      await db
        .update(billParticipants)
        .set({ status: 'pending' })
        .where(eq(billParticipants.id, link.participantId));
    },

    // --- provider events ---------------------------------------------------------------------------

    async eventSeen(provider: string, eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: providerEvents.eventId })
        .from(providerEvents)
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
      return row !== undefined;
    },

    async recordEvent(provider: string, eventId: string, type: string) {
      await db.insert(providerEvents).values({ provider, eventId, type }).onConflictDoNothing();
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
