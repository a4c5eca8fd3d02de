import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  billParticipants,
  bills,
  cancelledPaymentLinks,
  paymentLinks,
  payments,
  shareLines,
  user,
} from '../../../db/schema';

// Payment links: one per participant other than the creator, read by the creator and by the payer
// who holds its token. Reads bills, participants and their stored share lines directly (the schema
// is shared), and writes only a participant's paid status and a bill's active / completed status.

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
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
  method: 'card' | 'bank' | 'cash' | 'bank_transfer' | null;
  /** A dispute is open on a payment that paid this link. */
  disputed: boolean;
}

const creatorNameSql = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${user.firstName}, ${user.lastName})), ''), ${user.name})`;

export function createLinksRepo(db: Db) {
  return {
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
          disputed: sql<boolean>`exists (select 1 from payment_items pi
            join payments dp on dp.id = pi.payment_id
            where pi.link_id = ${paymentLinks.id} and pi.outcome = 'paid' and dp.disputed)`,
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

    /** Whether the token was a link of a bill its owner deleted (bills/repo.ts deleteBill). */
    async isCancelledToken(token: string): Promise<boolean> {
      // A token that could never have been made could never have been cancelled.
      if (!lookupToken(token)) return false;
      const [row] = await db
        .select({ token: cancelledPaymentLinks.token })
        .from(cancelledPaymentLinks)
        .where(eq(cancelledPaymentLinks.token, lookupToken(token)))
        .limit(1);
      return row !== undefined;
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

    /** The payment intent of the payment that paid a link (the success page's receipt). */
    async paymentIntentOf(paymentId: string): Promise<string | null> {
      if (!isUuid(paymentId)) return null;
      const [row] = await db
        .select({ id: payments.paymentIntentId })
        .from(payments)
        .where(eq(payments.id, paymentId));
      return row?.id ?? null;
    },
  };
}

export type LinksRepo = ReturnType<typeof createLinksRepo>;
