import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { isLinkExpired, PAYMENT_LINK_TTL_MS } from '../../../domain/shares';
import type { Db } from '../../db/client';
import {
  billParticipants,
  paymentItems,
  paymentLinks,
  payments,
  payoutAccounts,
} from '../../db/schema';

// What the picking module (modules/picking) asks of payments, inside its own transaction: who is
// held or paid (from the payment records), and each person's own payment link kept at their
// picked amount. Only this file touches the payments tables for picking.

/**
 * How long an open checkout holds the payer's picks: Stripe's shortest Checkout Session life
 * (30 minutes). A checkout still open after that is treated as expired and releases them.
 */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;

/** Who on a bill is held (an open checkout covers them) or paid, by participant id. */
export type PaymentStates = Map<string, 'held' | 'paid'>;

const newToken = () => randomBytes(24).toString('base64url');

/** Whether the bill has any payment link. */
export async function hasPaymentLinks(tx: Db, billId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(eq(paymentLinks.billId, billId))
    .limit(1);
  return !!row;
}

/**
 * Who is held or paid on the bill. With `lock` (inside a transaction, after locking the bill row)
 * the bill's payment links are locked in id order, as the payments module locks them: a checkout
 * that opens meanwhile waits, then reads the amounts this transaction writes.
 */
export async function paymentStates(
  tx: Db,
  billId: string,
  now: Date,
  { lock }: { lock: boolean },
): Promise<PaymentStates> {
  const q = tx
    .select({
      id: paymentLinks.id,
      participantId: paymentLinks.participantId,
      status: paymentLinks.status,
    })
    .from(paymentLinks)
    .where(eq(paymentLinks.billId, billId))
    .orderBy(asc(paymentLinks.id));
  const links = lock ? await q.for('update') : await q;
  const states: PaymentStates = new Map();
  const paid = await tx
    .select({ id: billParticipants.id })
    .from(billParticipants)
    .where(and(eq(billParticipants.billId, billId), eq(billParticipants.status, 'paid')));
  for (const p of paid) states.set(p.id, 'paid');
  for (const link of links) if (link.status === 'paid') states.set(link.participantId, 'paid');
  if (!links.length) return states;
  const open = await tx
    .select({ linkId: paymentItems.linkId })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(
      and(
        eq(payments.billId, billId),
        eq(payments.status, 'open'),
        isNull(paymentItems.outcome),
        gt(payments.createdAt, new Date(now.getTime() - CHECKOUT_HOLD_MS)),
      ),
    );
  const byLink = new Map(links.map((l) => [l.id, l.participantId]));
  for (const { linkId } of open) {
    const participantId = byLink.get(linkId);
    if (participantId && !states.has(participantId)) states.set(participantId, 'held');
  }
  return states;
}

/**
 * Keeps the pending payment links of `people` (open, neither held nor paid) at their picked
 * amounts, so that a checkout started from a link charges what the picks say at that moment.
 */
export async function syncPendingLinks(
  tx: Db,
  billId: string,
  people: readonly { participantId: string; amountPence: number; feePence: number }[],
): Promise<void> {
  if (!people.length) return;
  const links = await tx
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.billId, billId),
        eq(paymentLinks.status, 'pending'),
        inArray(
          paymentLinks.participantId,
          people.map((p) => p.participantId),
        ),
      ),
    );
  const wanted = new Map(people.map((p) => [p.participantId, p]));
  for (const link of links) {
    const want = wanted.get(link.participantId)!;
    const amountPence = Math.max(want.amountPence, 0);
    if (link.amountPence !== amountPence || link.feePence !== want.feePence)
      await tx
        .update(paymentLinks)
        .set({ amountPence, feePence: want.feePence })
        .where(eq(paymentLinks.id, link.id));
  }
}

/**
 * The person's own payment link at the given amount: made when they have none, renewed when it
 * expired unpaid. Its token is what POST /api/payments/checkout takes; /pay/<token> is "Pay later".
 */
export async function ensurePaymentLink(
  tx: Db,
  person: { billId: string; participantId: string; amountPence: number; feePence: number },
  now: Date,
): Promise<{ token: string; expiresAt: Date; status: 'pending' | 'paid' }> {
  const expiresAt = new Date(now.getTime() + PAYMENT_LINK_TTL_MS);
  const [link] = await tx
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.participantId, person.participantId));
  if (!link) {
    const [made] = await tx
      .insert(paymentLinks)
      .values({
        token: newToken(),
        billId: person.billId,
        participantId: person.participantId,
        amountPence: Math.max(person.amountPence, 0),
        feePence: person.feePence,
        expiresAt,
      })
      .returning();
    return { token: made!.token, expiresAt: made!.expiresAt, status: 'pending' };
  }
  if (link.status === 'pending' && isLinkExpired(link.expiresAt, now)) {
    await tx.update(paymentLinks).set({ expiresAt }).where(eq(paymentLinks.id, link.id));
    return { token: link.token, expiresAt, status: 'pending' };
  }
  return { token: link.token, expiresAt: link.expiresAt, status: link.status };
}

/** Whether the creator can take payments: a payout account with details in and charges on. */
export async function canTakePayments(tx: Db, ownerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.userId, ownerId),
        eq(payoutAccounts.detailsSubmitted, true),
        eq(payoutAccounts.chargesEnabled, true),
      ),
    );
  return !!row;
}

/**
 * "Ask for the rest": a payment link for everyone but the creator who has not paid, at the amounts
 * given (their picks now); someone who owes nothing starts settled, as POST /api/payment-links
 * does. Returns whether every link is then paid (the bill is completed rather than active).
 */
export async function linksForEveryone(
  tx: Db,
  billId: string,
  people: readonly { participantId: string; amountPence: number; feePence: number }[],
  now: Date,
): Promise<{ allPaid: boolean }> {
  for (const person of people) {
    await ensurePaymentLink(tx, { billId, ...person }, now);
  }
  await syncPendingLinks(tx, billId, people);
  const nothing = people.filter((p) => p.amountPence <= 0 && p.feePence === 0);
  if (nothing.length) {
    const ids = nothing.map((p) => p.participantId);
    await tx
      .update(paymentLinks)
      .set({ status: 'paid', paidAt: now })
      .where(and(inArray(paymentLinks.participantId, ids), eq(paymentLinks.status, 'pending')));
    await tx
      .update(billParticipants)
      .set({ status: 'paid' })
      .where(inArray(billParticipants.id, ids));
  }
  const pending = await tx
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.billId, billId), eq(paymentLinks.status, 'pending')))
    .limit(1);
  return { allPaid: pending.length === 0 };
}
