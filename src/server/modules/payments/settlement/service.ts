import type {
  CheckoutResponse,
  ConfirmResponse,
  CreatePaymentLinksResponse,
  PaymentSession,
  ProcessResponse,
} from '../../../../contracts/payments';
import { formatPence, type Pence } from '../../../../domain/money';
import { isLinkExpired, payableFor } from '../../../../domain/shares';
import type { ChargeState, PaymentProvider, PayMethod } from '../../../adapters/payments/provider';
import { BANK_MINIMUM_PENCE, bankOffered } from '../../../../domain/shares';
import type { Db } from '../../../db/client';
import { AppError, badRequest, notFound } from '../../../http/errors';
import { recordBillEvent } from '../../live/events';
import type { PayoutAccountsService } from '../accounts/service';
import {
  alreadyPaid,
  BILL_NOT_FOUND,
  inTransaction,
  linkExpired,
  money,
  notAvailable,
  ownUrl,
  SETUP_FAILED,
  type Logger,
} from '../common';
import type { LinkView } from '../links/repo';
import type { LinksService } from '../links/service';
import { CHECKOUT_HOLD_MS } from '../picking';
import { createSettlementRepo, type CoveredLink, type PaymentRow } from './repo';

// Checkout and settlement (DECISIONS.md Payments): opening a payment for a payer's selection, the
// provider's checkout or payment intent for it, and settle(), the one idempotent path by which a
// share becomes paid, whether by card, by bank or marked by hand. settle() locks the links it covers.

export interface SettlementServiceDeps {
  db: Db;
  provider: PaymentProvider;
  accounts: PayoutAccountsService;
  links: LinksService;
  publicUrl: string;
  log: Logger;
  clock: () => Date;
  /** Told after commit of each payment that paid someone's share (the creator's notifications). */
  onSettled?: (paymentId: string) => void;
}

export interface Settled {
  recorded: boolean;
  refundDuePence: Pence;
  /** People whose share this payment paid, and those it could not (already paid). */
  paid: string[];
  refunded: string[];
}

export interface ChargeDetails {
  paymentIntentId?: string | null;
  chargeId?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
}

/** What an event claims of the money, compared with what Fairshare created before it is believed. */
export interface Claimed {
  amountPence?: number | null;
  currency?: string | null;
  destinationAccountId?: string | null;
  paymentIntentId?: string | null;
  sessionId?: string | null;
}

/** How an event about a payment ended: applied, or why it changed nothing. */
export interface EventOutcome {
  outcome: 'applied' | 'mismatch' | 'unmatched' | 'ignored';
  detail: string | null;
}

const applied: EventOutcome = { outcome: 'applied', detail: null };
const mismatch = (detail: string): EventOutcome => ({ outcome: 'mismatch', detail });

/** Fairshare's only currency. */
const CURRENCY = 'gbp';

export function createSettlementService(deps: SettlementServiceDeps) {
  const { db, provider, accounts, links, publicUrl, log, clock } = deps;
  const repo = createSettlementRepo(db);
  /** Set by a provider's own pages that answer for the provider (the sandbox's test bank). */
  let answerer: ((payment: PaymentRow) => Promise<void>) | null = null;

  /**
   * Records a successful payment, inside the caller's transaction: locks the payment and the links
   * it covers; a payment already recorded is left alone (the same event twice); a link already paid
   * by another payment is not paid again, and its part of this charge is set aside for a refund.
   * Then the bill is completed when every link is paid.
   */
  async function settle(t: Db, paymentId: string, details: ChargeDetails): Promise<Settled> {
    const tx = createSettlementRepo(t);
    const payment = await tx.findPayment(paymentId, true);
    if (!payment) throw new Error(`payment ${paymentId} vanished`);
    if (payment.status === 'succeeded')
      return { recorded: false, refundDuePence: 0, paid: [], refunded: [] };
    const now = clock();
    const covered = await tx.lockCoveredLinks(payment.id);
    const result: Settled = { recorded: true, refundDuePence: 0, paid: [], refunded: [] };
    const paidIds: string[] = [];
    for (const { item, link, participantName } of covered) {
      if (link.status === 'paid') {
        result.refundDuePence += item.amountPence + item.feePence;
        result.refunded.push(participantName);
        await tx.setItemOutcome(payment.id, link.id, 'refunded');
      } else {
        await tx.markLinkPaid(link, payment.id, now);
        await tx.setItemOutcome(payment.id, link.id, 'paid');
        result.paid.push(participantName);
        paidIds.push(link.participantId);
      }
    }
    await tx.updatePayment(payment.id, {
      status: 'succeeded',
      completedAt: now,
      endedAt: null,
      refundDuePence: result.refundDuePence,
      ...(details.paymentIntentId ? { paymentIntentId: details.paymentIntentId } : {}),
      ...(details.chargeId ? { chargeId: details.chargeId } : {}),
      ...(details.cardBrand ? { cardBrand: details.cardBrand } : {}),
      ...(details.cardLast4 ? { cardLast4: details.cardLast4 } : {}),
      failureMessage: result.refunded.length
        ? `${result.refunded.join(' and ')} had already been paid for: that part was refunded`
        : null,
    });
    const completed = await links.allLinksPaid(t, payment.billId);
    if (completed) await links.setBillStatus(t, payment.billId, 'completed');
    if (payment.provider === 'manual')
      for (const participantId of paidIds)
        await recordBillEvent(t, payment.billId, 'share.paid', { participantId, paid: true });
    else
      await recordBillEvent(t, payment.billId, 'payment.succeeded', {
        participantIds: paidIds,
        amount: money(payment.amountPence + payment.feePence),
      });
    if (completed) await recordBillEvent(t, payment.billId, 'bill.completed', {});
    return result;
  }

  /** Refunds what settle() set aside, once: the provider's idempotency key makes a retry safe. */
  async function refundIfDue(paymentId: string): Promise<void> {
    const payment = await repo.findPayment(paymentId);
    if (!payment || payment.refundDuePence <= payment.refundedPence) return;
    if (!payment.paymentIntentId) {
      log.error({ paymentId }, 'a refund is due but the payment has no payment intent');
      return;
    }
    const twice = (await repo.coveredLinks(payment.id)).filter(
      (c) => c.item.outcome === 'refunded',
    );
    const { refundId } = await provider.refund({
      paymentIntentId: payment.paymentIntentId,
      amountPence: payment.refundDuePence,
      reverseTransferPence: twice.reduce((sum, c) => sum + c.item.amountPence, 0),
      refundFeePence: twice.reduce((sum, c) => sum + c.item.feePence, 0),
      idempotencyKey: `refund_${payment.id}`,
    });
    await repo.updatePayment(payment.id, { refundedPence: payment.refundDuePence, refundId });
    log.warn(
      { paymentId, refundId, pence: payment.refundDuePence },
      'a share paid twice: the second charge was refunded',
    );
  }

  /** The payment an event is about: by the provider's ids first, Fairshare's metadata id last. */
  async function paymentOf(ref: {
    paymentId?: string | null;
    sessionId?: string | null;
    paymentIntentId?: string | null;
  }): Promise<PaymentRow | undefined> {
    const name = provider.name;
    const payment =
      (ref.sessionId ? await repo.findPaymentAt(name, 'session', ref.sessionId) : undefined) ??
      (ref.paymentIntentId
        ? await repo.findPaymentAt(name, 'intent', ref.paymentIntentId)
        : undefined) ??
      (ref.paymentId ? await repo.findPayment(ref.paymentId) : undefined);
    return payment && payment.provider === name ? payment : undefined;
  }

  /**
   * Why the provider's own state of a payment (asked directly, never the event's snapshot) and
   * what the event claims disagree with what Fairshare created; null when all of it matches.
   */
  function disagreement(payment: PaymentRow, state: ChargeState, claimed: Claimed): string | null {
    const charged = payment.amountPence + payment.feePence;
    if (state.amountPence !== charged) return `amount ${state.amountPence} is not ${charged}`;
    if (state.currency !== CURRENCY) return `currency ${state.currency} is not ${CURRENCY}`;
    if (claimed.amountPence != null && claimed.amountPence !== charged)
      return `the event's amount ${claimed.amountPence} is not ${charged}`;
    if (claimed.currency != null && claimed.currency !== CURRENCY)
      return `the event's currency ${claimed.currency} is not ${CURRENCY}`;
    const destination = payment.destinationAccountId;
    if (!destination || state.destinationAccountId !== destination)
      return `destination ${state.destinationAccountId} is not ${destination}`;
    if (claimed.destinationAccountId != null && claimed.destinationAccountId !== destination)
      return `the event's destination ${claimed.destinationAccountId} is not ${destination}`;
    if ((state.applicationFeePence ?? 0) !== payment.feePence)
      return `application fee ${state.applicationFeePence} is not ${payment.feePence}`;
    if (
      payment.checkoutSessionId &&
      state.sessionId &&
      state.sessionId !== payment.checkoutSessionId
    )
      return `checkout ${state.sessionId} is not ${payment.checkoutSessionId}`;
    if (claimed.sessionId && claimed.sessionId !== payment.checkoutSessionId)
      return `the event's checkout is not ${payment.checkoutSessionId}`;
    const intent = payment.paymentIntentId ?? state.paymentIntentId;
    if (claimed.paymentIntentId && claimed.paymentIntentId !== intent)
      return `the event's payment intent ${claimed.paymentIntentId} is not ${intent}`;
    if (payment.paymentIntentId && state.paymentIntentId !== payment.paymentIntentId)
      return `payment intent ${state.paymentIntentId} is not ${payment.paymentIntentId}`;
    return null;
  }

  /**
   * Settles a payment the provider says succeeded, once its own state matches what Fairshare
   * created: the amount, the currency, the connected account, the fee and the checkout or
   * payment intent. Anything else changes nothing and is logged.
   */
  async function settleFromProvider(
    ref: { paymentId?: string | null; sessionId?: string | null; paymentIntentId?: string | null },
    claimed: Claimed,
  ): Promise<EventOutcome> {
    const payment = await paymentOf(ref);
    if (!payment) {
      log.warn({ ref }, 'a provider payment that matches no Fairshare payment');
      return { outcome: 'unmatched', detail: 'no such payment' };
    }
    if (payment.status === 'succeeded') return applied;
    const state = await chargeState(payment, null);
    if (!state) return mismatch('the provider keeps no state of this payment');
    if (!state.paid) {
      // A bank payment completes unpaid: the payer sees "Waiting for your bank" until it settles.
      if (state.state === 'processing') await markProcessing(payment.id);
      return { outcome: 'ignored', detail: `not paid (${state.state})` };
    }
    const problem = disagreement(payment, state, claimed);
    if (problem) {
      log.warn(
        { paymentId: payment.id, problem },
        'a provider event that does not match its payment',
      );
      return mismatch(problem);
    }
    const settled = await inTransaction(db, (tx) =>
      settle(tx, payment.id, {
        paymentIntentId: state.paymentIntentId,
        chargeId: state.chargeId,
        cardBrand: state.cardBrand,
        cardLast4: state.cardLast4,
      }),
    );
    if (settled.paid.length) deps.onSettled?.(payment.id);
    await refundIfDue(payment.id);
    // A refund or dispute that arrived before this success applies now.
    if (state.chargeId) await applyCharge(state.chargeId);
    return applied;
  }

  /** Ends an open payment the provider says failed or expired: what it held is released. */
  async function endFromProvider(
    ref: { paymentId?: string | null; sessionId?: string | null; paymentIntentId?: string | null },
    claimed: Claimed,
  ): Promise<EventOutcome> {
    const payment = await paymentOf(ref);
    if (!payment) return { outcome: 'unmatched', detail: 'no such payment' };
    if (payment.status !== 'open')
      return { outcome: 'ignored', detail: `already ${payment.status}` };
    if (claimed.sessionId && claimed.sessionId !== payment.checkoutSessionId)
      return mismatch(`the event's checkout is not ${payment.checkoutSessionId}`);
    const state = await chargeState(payment, null);
    if (!state || (state.state !== 'failed' && state.state !== 'expired'))
      return { outcome: 'ignored', detail: `the provider says ${state?.state ?? 'nothing'}` };
    await endPayment(
      payment.id,
      state.state,
      state.state === 'expired'
        ? 'This checkout expired before it was paid.'
        : payment.method === 'bank'
          ? 'Your bank did not approve this payment. Nothing was taken.'
          : 'This payment did not go through. Nothing was taken.',
    );
    return applied;
  }

  /** Ends an open payment: it no longer holds the links it covers. */
  async function endPayment(
    paymentId: string,
    status: 'failed' | 'expired' | 'cancelled',
    message: string,
  ) {
    await inTransaction(db, async (t) => {
      const tx = createSettlementRepo(t);
      const payment = await tx.findPayment(paymentId, true);
      if (!payment || payment.status !== 'open') return;
      await tx.updatePayment(payment.id, { status, endedAt: clock(), failureMessage: message });
      await recordBillEvent(t, payment.billId, 'payment.failed', {
        participantIds: (await tx.coveredLinks(payment.id)).map((c) => c.link.participantId),
      });
    });
  }

  /** An open payment whose payer finished at the provider: the bank's answer is awaited. */
  async function markProcessing(paymentId: string, bankName?: string) {
    await inTransaction(db, async (t) => {
      const tx = createSettlementRepo(t);
      const payment = await tx.findPayment(paymentId, true);
      if (!payment || payment.status !== 'open' || payment.processingAt) return;
      await tx.updatePayment(payment.id, {
        processingAt: clock(),
        ...(bankName ? { bankName } : {}),
      });
    });
  }

  /**
   * Brings a charge's refunds and dispute, as the provider states them, to the shares it paid:
   * a share refunded (in part or whole) or disputed is pending again and the bill active; a
   * dispute won pays it again. Idempotent: the state is recomputed from the provider's figures.
   */
  async function applyCharge(chargeId: string): Promise<EventOutcome> {
    const found = await repo.findPaymentByCharge(provider.name, chargeId);
    if (!found) return { outcome: 'unmatched', detail: 'no payment made this charge' };
    const facts = await provider.retrieveCharge(chargeId);
    if (!facts) return mismatch('the provider keeps no state of this charge');
    if (facts.paymentIntentId !== found.paymentIntentId)
      return mismatch(`charge of ${facts.paymentIntentId}, not ${found.paymentIntentId}`);
    await inTransaction(db, async (t) => {
      const tx = createSettlementRepo(t);
      const payment = (await tx.findPayment(found.id, true))!;
      if (payment.status !== 'succeeded') return;
      const covered = await tx.lockCoveredLinks(payment.id);
      // What was refunded beyond what Fairshare gave back itself (a share paid twice, or one
      // person refunded from here) came from the Dashboard: it is taken from the last shares first.
      const own = covered.reduce((sum, c) => sum + c.item.refundedPence, 0);
      let unexplained = facts.amountRefundedPence - payment.refundedPence - own;
      const refundedNow: string[] = [];
      let refundedNowPence = 0;
      for (const c of [...covered].reverse()) {
        if (unexplained <= 0) break;
        if (c.item.outcome !== 'paid') continue;
        const part = c.item.amountPence + c.item.feePence - c.item.refundedPence;
        const take = Math.min(part, unexplained);
        if (take > 0) {
          c.item.refundedPence += take;
          await tx.setItemRefunded(payment.id, c.link.id, c.item.refundedPence);
          unexplained -= take;
          refundedNow.unshift(c.link.participantId);
          refundedNowPence += take;
        }
      }
      let reopened = false;
      const paidAgain: string[] = [];
      const lostNow: string[] = [];
      for (const c of covered) {
        if (c.item.outcome !== 'paid') continue;
        const refunded = c.item.refundedPence > 0;
        const held = refunded || facts.disputeOpen || facts.disputeLost;
        if (held && c.link.status === 'paid' && c.link.paymentId === payment.id) {
          await tx.markLinkPending(c.link);
          reopened = true;
          if (facts.disputeLost && !refunded) lostNow.push(c.link.participantId);
        } else if (!held && c.link.status === 'pending') {
          // A dispute won: the money is the creator's again.
          await tx.markLinkPaid(c.link, payment.id, clock());
          paidAgain.push(c.link.participantId);
        }
      }
      await tx.updatePayment(payment.id, {
        disputed: facts.disputeOpen,
        refundedPence: Math.max(payment.refundedPence, facts.amountRefundedPence - own),
      });
      // The creator's Activity reads these (modules/activity): each change is told once, as the
      // state recomputed here differs from the one stored.
      const paidFor = covered.filter((c) => c.item.outcome === 'paid');
      const everyone = paidFor.map((c) => c.link.participantId);
      if (refundedNow.length)
        await recordBillEvent(t, payment.billId, 'payment.refunded', {
          participantIds: refundedNow,
          amount: money(refundedNowPence),
        });
      if (facts.disputeOpen && !payment.disputed)
        await recordBillEvent(t, payment.billId, 'payment.disputed', {
          participantIds: everyone,
          dispute: 'open',
        });
      else if (payment.disputed && !facts.disputeOpen)
        await recordBillEvent(t, payment.billId, 'payment.disputed', {
          participantIds: everyone,
          dispute: facts.disputeLost ? 'lost' : 'won',
        });
      else if (lostNow.length)
        // Opened and lost before either event was applied here.
        await recordBillEvent(t, payment.billId, 'payment.disputed', {
          participantIds: lostNow,
          dispute: 'lost',
        });
      if (reopened) await links.setBillStatus(t, payment.billId, 'active');
      else if (await links.allLinksPaid(t, payment.billId)) {
        await links.setBillStatus(t, payment.billId, 'completed');
        if (paidAgain.length) await recordBillEvent(t, payment.billId, 'bill.completed', {});
      }
    });
    return applied;
  }

  /** What the provider says of a payment's charge (null when it keeps no state: the sandbox). */
  async function chargeState(payment: PaymentRow, paymentIntentId: string | null) {
    if (payment.kind === 'checkout' && payment.checkoutSessionId)
      return provider.retrieveCheckout(payment.checkoutSessionId);
    const intent = paymentIntentId ?? payment.paymentIntentId;
    return intent ? provider.retrievePaymentIntent(intent) : null;
  }

  /** Checks a payer's selection and opens a payment for it (not yet at the provider). */
  async function openPayment(
    token: string,
    participantIds: string[] | 'own',
    kind: 'checkout' | 'payment_intent',
    returnUrl: string | null,
    method: PayMethod = 'card',
  ): Promise<{ payment: PaymentRow; view: LinkView; people: CoveredLink[]; destination: string }> {
    return inTransaction(db, async (t) => {
      const tx = createSettlementRepo(t);
      const view = await links.viewOf(token, t);
      const { bill, link } = view;
      if (link.status !== 'paid' && isLinkExpired(link.expiresAt, clock()))
        throw linkExpired(view.creatorName);
      const account = await accounts.receivingAccount(t, bill.ownerId);
      if (!account) throw notAvailable(view.creatorName);
      const ids = participantIds === 'own' ? [link.participantId] : [...new Set(participantIds)];
      const rows = await tx.lockLinksOfParticipants(bill.id, ids);
      if (rows.length !== ids.length)
        throw badRequest('Choose people from this bill who have a payment link', {
          participantIds: 'includes someone who cannot be paid for here',
        });
      const paid = rows.filter((r) => r.link.status === 'paid');
      if (paid.length) throw alreadyPaid(paid.map((r) => r.participant.name));
      if (rows.some((r) => isLinkExpired(r.link.expiresAt, clock())))
        throw linkExpired(view.creatorName);
      // A bank payment approved and awaiting its bank's answer holds its shares (DECISIONS.md
      // Paying by bank): nobody starts another payment for them until the answer comes.
      const held = new Set(await tx.linksAwaitingBank(rows.map((r) => r.link.id)));
      const waiting = rows.filter((r) => held.has(r.link.id)).map((r) => r.participant.name);
      if (waiting.length)
        throw new AppError(
          409,
          'awaiting_bank',
          `${waiting.join(' and ')}'s payment is waiting for their bank to answer: try again in a few minutes`,
        );
      const total = payableFor(
        rows.map((r) => ({ amountPence: r.link.amountPence, feePence: r.link.feePence })),
      );
      if (total.totalPence < provider.minimumChargePence)
        throw badRequest(
          `Card payments start at ${formatPence(provider.minimumChargePence)}: settle this one another way`,
        );
      if (method === 'bank' && !bankOffered(total.totalPence))
        throw badRequest(
          `Paying from a bank app starts at ${formatPence(BANK_MINIMUM_PENCE)}: pay by card instead`,
          { method: 'bank is not offered for this amount' },
        );
      const payment = await tx.insertPayment(
        {
          billId: bill.id,
          payerLinkId: link.id,
          provider: provider.name,
          method,
          kind,
          amountPence: total.amountPence,
          feePence: total.feePence,
          destinationAccountId: account.accountId,
          returnUrl,
          // The app's clock, against which a checkout's hold ends (CHECKOUT_HOLD_MS).
          createdAt: clock(),
        },
        rows.map((r) => ({
          linkId: r.link.id,
          amountPence: r.link.amountPence,
          feePence: r.link.feePence,
        })),
      );
      const people = await tx.coveredLinks(payment.id);
      await recordBillEvent(t, bill.id, 'payment.started', {
        participantIds: rows.map((r) => r.participant.id),
      });
      return { payment, view, people, destination: account.accountId };
    });
  }

  async function failOpened(payment: PaymentRow, err: unknown): Promise<never> {
    log.error({ err, paymentId: payment.id }, 'payment setup at the provider failed');
    await inTransaction(db, async (t) => {
      const tx = createSettlementRepo(t);
      await tx.updatePayment(payment.id, { status: 'failed', failureMessage: SETUP_FAILED });
      await recordBillEvent(t, payment.billId, 'payment.failed', {
        participantIds: (await tx.coveredLinks(payment.id)).map((c) => c.link.participantId),
      });
    });
    throw new AppError(502, 'provider_error', SETUP_FAILED);
  }

  async function sessionOf(payment: PaymentRow): Promise<PaymentSession> {
    const [people, creatorName, payerToken, billName] = await Promise.all([
      repo.coveredLinks(payment.id),
      links.creatorName(db, payment.billId),
      payment.payerLinkId ? links.tokenOfLink(payment.payerLinkId) : null,
      links.billName(payment.billId),
    ]);
    const status: PaymentSession['status'] =
      payment.status === 'cancelled'
        ? 'failed'
        : payment.status === 'open' && payment.processingAt
          ? 'processing'
          : payment.status;
    return {
      sessionId: payment.checkoutSessionId ?? payment.paymentIntentId ?? payment.id,
      status:
        status === 'succeeded' && payment.refundedPence >= payment.amountPence + payment.feePence
          ? 'refunded'
          : status,
      method: payment.method === 'bank' ? 'bank' : 'card',
      bankName: payment.bankName,
      billName,
      recipientName: creatorName,
      amount: money(payment.amountPence + payment.feePence),
      fee: money(payment.feePence),
      refunded: money(payment.refundedPence),
      people: people.map((c) => ({
        participantName: c.participantName,
        amount: money(c.item.amountPence),
        fee: money(c.item.feePence),
        paid: c.item.outcome === 'paid',
      })),
      paidAt: payment.completedAt?.toISOString() ?? null,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      testMode: provider.testMode,
      token: payerToken,
      message: payment.failureMessage,
    };
  }

  /** A payment by its checkout session or payment intent id, for this provider. */
  async function paymentByProviderId(id: string): Promise<PaymentRow | undefined> {
    return (
      (await repo.findPaymentAt(provider.name, 'session', id)) ??
      (await repo.findPaymentAt(provider.name, 'intent', id))
    );
  }

  /** Asks the provider about a payment still open here (a webhook not yet arrived), and settles it. */
  async function refreshOpen(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status !== 'open') return payment;
    try {
      // A provider's own pages may hold an answer whose time has come (the sandbox's test bank).
      if (answerer) await answerer(payment);
      const state = await chargeState(payment, null);
      if (state?.paid) await settleFromProvider({ paymentId: payment.id }, {});
      else if (state?.state === 'failed' || state?.state === 'expired')
        await endFromProvider({ paymentId: payment.id }, {});
      else if (state?.state === 'processing') await markProcessing(payment.id);
      return (await repo.findPayment(payment.id)) ?? payment;
    } catch (err) {
      log.warn({ err, paymentId: payment.id }, 'could not ask the provider about a payment');
    }
    return payment;
  }

  return {
    settleFromProvider,
    endFromProvider,
    markProcessing,
    /**
     * Lets a provider's own pages answer for a payment still open whenever someone asks after it
     * (the success page's look-ups): the sandbox's test bank gives its answer after a short wait.
     */
    answerWith(fn: (payment: PaymentRow) => Promise<void>) {
      answerer = fn;
    },

    /** The links a payment covers, with what it pays of each. */
    coveredOf: (paymentId: string) => repo.coveredLinks(paymentId),

    /**
     * The sandbox's test bank: the payer approved or declined in it; the payment is processing
     * until the answer's time comes. Only an open payment not yet answered takes one.
     */
    async recordSandboxAnswer(
      paymentId: string,
      answer: { bankName: string; answer: 'approved' | 'declined'; at: Date },
    ): Promise<void> {
      await inTransaction(db, async (t) => {
        const tx = createSettlementRepo(t);
        const payment = await tx.findPayment(paymentId, true);
        if (!payment || payment.status !== 'open' || payment.processingAt) return;
        await tx.updatePayment(payment.id, {
          processingAt: clock(),
          bankName: answer.bankName,
          sandboxAnswer: answer.answer,
          sandboxAnswerAt: answer.at,
        });
        await recordBillEvent(t, payment.billId, 'payment.processing', {
          participantIds: (await tx.coveredLinks(payment.id)).map((c) => c.link.participantId),
        });
      });
    },
    applyCharge,
    endPayment,

    /**
     * The payments of a bill still open, with the participants each covers: a started payment
     * holds what it covers until it succeeds or ends (failed, expired, cancelled).
     */
    async openPaymentsOf(billId: string) {
      const rows = await repo.openPaymentsOfBill(billId);
      const byPayment = new Map<string, string[]>();
      for (const r of rows)
        byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), r.participantId]);
      return [...byPayment].map(([paymentId, participantIds]) => ({ paymentId, participantIds }));
    },
    paymentByProviderId,
    sessionOf,

    /**
     * Charges and settles an open payment in one transaction (the sandbox's own pages): the payment
     * and its links are locked, a share already paid or expired is refused before `charge` runs,
     * and what `charge` answers is settled. A payment already settled is never charged again.
     */
    async chargeAndSettle(
      paymentId: string,
      steps: {
        /** Refuses a payer who may not pay this payment (before anything else is said of it). */
        authorise?: (payment: PaymentRow) => void;
        charge: (payment: PaymentRow) => Promise<ChargeDetails> | ChargeDetails;
      },
    ): Promise<void> {
      const settled = await inTransaction(db, async (t) => {
        const tx = createSettlementRepo(t);
        const payment = await tx.findPayment(paymentId, true);
        if (!payment) throw notFound('This checkout was not found');
        steps.authorise?.(payment);
        if (payment.status === 'succeeded') return null; // paid already: never charged twice
        // An open checkout holds a picking friend's share for CHECKOUT_HOLD_MS only: after that
        // the share may have changed, so the checkout has expired, as a Stripe session would.
        if (
          payment.status !== 'open' ||
          payment.createdAt.getTime() <= clock().getTime() - CHECKOUT_HOLD_MS
        )
          throw new AppError(
            410,
            'checkout_closed',
            'This checkout is no longer open. Go back and start again.',
          );
        const covered = await tx.lockCoveredLinks(payment.id);
        const paid = covered.filter((c) => c.link.status === 'paid');
        if (paid.length) throw alreadyPaid(paid.map((c) => c.participantName));
        if (covered.some((c) => isLinkExpired(c.link.expiresAt, clock())))
          throw linkExpired(await links.creatorName(t, payment.billId));
        return settle(t, payment.id, await steps.charge(payment));
      });
      if (settled?.paid.length) deps.onSettled?.(paymentId);
    },

    /** Marks a friend paid in cash or by bank transfer, through the same settle() as a card. */
    async markPaid(
      ownerId: string,
      billId: string,
      participantId: string,
      method: 'cash' | 'bank_transfer',
    ): Promise<CreatePaymentLinksResponse> {
      return inTransaction(db, async (t) => {
        const tx = createSettlementRepo(t);
        const bill = await links.lockOwnedBill(t, ownerId, billId);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        const person = (await links.participantsOf(t, bill.id)).find((p) => p.id === participantId);
        if (!person || person.isCreator) throw notFound('That person is not on this bill');
        await links.ensureLink(t, bill.id, person);
        const link = (await tx.linkOfParticipant(bill.id, person.id))!;
        if (link.status === 'paid') throw alreadyPaid([person.name]);
        const payment = await tx.insertPayment(
          {
            billId: bill.id,
            provider: 'manual',
            method,
            kind: 'manual',
            amountPence: link.amountPence,
            feePence: 0,
          },
          [{ linkId: link.id, amountPence: link.amountPence, feePence: 0 }],
        );
        await settle(t, payment.id, {});
        const status = (await links.allLinksPaid(t, bill.id)) ? 'completed' : 'active';
        if (status !== bill.status) await links.setBillStatus(t, bill.id, status);
        return links.linksResponse(t, bill.id, status);
      });
    },

    /**
     * POST /api/bills/:id/participants/:participantId/refund: gives one person's share and fee back
     * from the checkout that paid it (it may have paid for others too), reversing exactly their
     * share from the creator's transfer and exactly their fee. Their share is pending again.
     */
    async refundPerson(
      ownerId: string,
      billId: string,
      participantId: string,
    ): Promise<CreatePaymentLinksResponse> {
      const bill = await links.lockOwnedBill(db, ownerId, billId);
      if (!bill) throw notFound(BILL_NOT_FOUND);
      const link = await repo.linkOfParticipant(bill.id, participantId);
      if (!link) throw notFound('That person is not on this bill');
      const payment = link.paymentId ? await repo.findPayment(link.paymentId) : undefined;
      if (link.status !== 'paid' || !payment || payment.provider === 'manual')
        throw new AppError(409, 'not_paid', 'This share was not paid through Fairshare');
      const item = (await repo.coveredLinks(payment.id)).find((c) => c.link.id === link.id)!.item;
      const due = item.amountPence + item.feePence - item.refundedPence;
      if (due > 0 && payment.paymentIntentId) {
        try {
          await provider.refund({
            paymentIntentId: payment.paymentIntentId,
            amountPence: due,
            reverseTransferPence: item.amountPence,
            refundFeePence: item.feePence,
            idempotencyKey: `refund_${payment.id}_${link.id}`,
          });
        } catch (err) {
          log.error({ err, paymentId: payment.id }, 'a refund failed');
          throw new AppError(502, 'provider_error', 'The refund did not go through. Try again.');
        }
      }
      return inTransaction(db, async (t) => {
        const tx = createSettlementRepo(t);
        await tx.findPayment(payment.id, true);
        const [locked] = (await tx.lockCoveredLinks(payment.id)).filter(
          (c) => c.link.id === link.id,
        );
        const before = locked?.item.refundedPence ?? item.refundedPence;
        await tx.setItemRefunded(payment.id, link.id, item.amountPence + item.feePence);
        if (locked && locked.link.status === 'paid' && locked.link.paymentId === payment.id)
          await tx.markLinkPending(locked.link);
        if (item.amountPence + item.feePence > before)
          await recordBillEvent(t, bill.id, 'payment.refunded', {
            participantIds: [participantId],
            amount: money(item.amountPence + item.feePence - before),
          });
        await links.setBillStatus(t, bill.id, 'active');
        return links.linksResponse(t, bill.id, 'active');
      });
    },

    /** Undoes a share marked paid by hand; a card payment cannot be undone here. */
    async unmarkPaid(
      ownerId: string,
      billId: string,
      participantId: string,
    ): Promise<CreatePaymentLinksResponse> {
      return inTransaction(db, async (t) => {
        const tx = createSettlementRepo(t);
        const bill = await links.lockOwnedBill(t, ownerId, billId);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        const link = await tx.linkOfParticipant(bill.id, participantId);
        if (!link) throw notFound('That person is not on this bill');
        if (link.status !== 'paid' || !link.paymentId)
          throw new AppError(409, 'not_paid', 'This share is not marked as paid');
        const payment = await tx.findPayment(link.paymentId, true);
        if (!payment || payment.provider !== 'manual')
          throw new AppError(409, 'paid_by_card', 'A card payment cannot be undone here');
        await tx.updatePayment(payment.id, { status: 'cancelled' });
        await tx.setItemOutcome(payment.id, link.id, null);
        await tx.markLinkPending(link);
        if (bill.status !== 'active') await links.setBillStatus(t, bill.id, 'active');
        await recordBillEvent(t, bill.id, 'share.paid', { participantId, paid: false });
        return links.linksResponse(t, bill.id, 'active');
      });
    },

    /** POST /api/payments/checkout: one hosted checkout for the chosen people's shares and fees. */
    async checkout(
      token: string,
      participantIds: string[],
      method: PayMethod = 'card',
    ): Promise<CheckoutResponse> {
      const { payment, view, people, destination } = await openPayment(
        token,
        participantIds,
        'checkout',
        null,
        method,
      );
      let session;
      try {
        session = await provider.createCheckout({
          paymentId: payment.id,
          method,
          lines: [
            ...people.map((c) => ({
              name: `${c.participantName}'s share of ${view.bill.name}`,
              amountPence: c.item.amountPence,
            })),
            ...(payment.feePence
              ? [{ name: 'Payment processing fee (3%)', amountPence: payment.feePence }]
              : []),
          ],
          feePence: payment.feePence,
          destinationAccountId: destination,
          successUrl: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${publicUrl}/payment-cancelled?token=${encodeURIComponent(view.link.token)}`,
          description: `${view.bill.name}: paying ${view.creatorName}`,
        });
      } catch (err) {
        return failOpened(payment, err);
      }
      await repo.updatePayment(payment.id, { checkoutSessionId: session.sessionId });
      return {
        success: true,
        sessionUrl: session.url,
        sessionId: session.sessionId,
        amount: money(payment.amountPence + payment.feePence),
      };
    },

    /**
     * POST /api/payment-links/:token/process and POST /api/create-stripe-payment: a payment intent
     * for this link's share alone, for a card form that confirms it with the client secret.
     */
    async createIntent(token: string, returnUrl?: string): Promise<ProcessResponse> {
      const back = returnUrl ? ownUrl(publicUrl, returnUrl, 'returnUrl') : null;
      const { payment, view, destination } = await openPayment(
        token,
        'own',
        'payment_intent',
        back,
      );
      let intent;
      try {
        intent = await provider.createPaymentIntent({
          paymentId: payment.id,
          amountPence: payment.amountPence + payment.feePence,
          feePence: payment.feePence,
          destinationAccountId: destination,
          description: `${view.participant.name}'s share of ${view.bill.name}`,
        });
      } catch (err) {
        return failOpened(payment, err);
      }
      await repo.updatePayment(payment.id, {
        paymentIntentId: intent.paymentIntentId,
        // Only the sandbox checks the secret itself; Stripe's stays with Stripe.
        clientSecret: provider.name === 'sandbox' ? intent.clientSecret : null,
      });
      return {
        paymentLink: await links.publicLink(view),
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.paymentIntentId,
      };
    },

    /** POST /api/payment-links/:token/confirm and /api/pay/:token/confirm */
    async confirm(token: string, paymentIntentId: string): Promise<ConfirmResponse> {
      const view = await links.viewOf(token);
      let payment = await repo.findPaymentAt(provider.name, 'intent', paymentIntentId);
      const covers =
        payment &&
        (payment.payerLinkId === view.link.id ||
          (await repo.coveredLinks(payment.id)).some((c) => c.link.id === view.link.id));
      if (!payment || !covers)
        throw new AppError(
          404,
          'payment_intent_not_found',
          'Payment intent not found. Please refresh the page and try again.',
        );
      payment = await refreshOpen(payment);
      return {
        status:
          payment.status === 'succeeded'
            ? 'succeeded'
            : payment.status === 'open'
              ? 'processing'
              : 'failed',
        paymentLink: await links.publicLink(await links.viewOf(token)),
      };
    },

    /** GET /api/payments/sessions/:id: how a checkout went, for the success page. */
    async session(id: string): Promise<PaymentSession> {
      const found = await paymentByProviderId(id);
      if (!found) throw notFound('Payment not found');
      return sessionOf(await refreshOpen(found));
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
