import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { billParticipants, paymentItems, paymentLinks, payments } from '../../../db/schema';
import { isUuid, type PaymentLinkRow } from '../links/repo';

// Payments: one per checkout, payment intent or share marked paid by hand, the links each covers,
// and the one path by which a link becomes paid.

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/** One link a payment covers, locked with it. */
export interface CoveredLink {
  item: typeof paymentItems.$inferSelect;
  link: PaymentLinkRow;
  participantName: string;
}

export function createSettlementRepo(db: Db) {
  return {
    /** A payment by the charge it made (refunds and disputes name the charge). */
    async findPaymentByCharge(
      provider: PaymentRow['provider'],
      chargeId: string,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.chargeId, chargeId)));
      return row;
    },

    async setItemRefunded(paymentId: string, linkId: string, refundedPence: number) {
      await db
        .update(paymentItems)
        .set({ refundedPence })
        .where(and(eq(paymentItems.paymentId, paymentId), eq(paymentItems.linkId, linkId)));
    },

    /** The payments that hold links still (open), and the links each covers: for picks' holds. */
    async openPaymentsOfBill(billId: string) {
      return db
        .select({
          paymentId: payments.id,
          linkId: paymentItems.linkId,
          participantId: paymentLinks.participantId,
        })
        .from(payments)
        .innerJoin(paymentItems, eq(paymentItems.paymentId, payments.id))
        .innerJoin(paymentLinks, eq(paymentLinks.id, paymentItems.linkId))
        .where(and(eq(payments.billId, billId), eq(payments.status, 'open')));
    },

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

    /** Links among these held by a payment whose bank's answer is awaited (processing). */
    async linksAwaitingBank(linkIds: string[]): Promise<string[]> {
      if (!linkIds.length) return [];
      const rows = await db
        .select({ linkId: paymentItems.linkId })
        .from(paymentItems)
        .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
        .where(
          and(
            inArray(paymentItems.linkId, linkIds),
            eq(payments.status, 'open'),
            isNotNull(payments.processingAt),
          ),
        );
      return rows.map((r) => r.linkId);
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
  };
}

export type SettlementRepo = ReturnType<typeof createSettlementRepo>;
