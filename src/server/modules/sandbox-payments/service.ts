import { timingSafeEqual } from 'node:crypto';
import {
  SANDBOX_BANK_WAIT_MS,
  type BankAccount,
  type SandboxBankBody,
  type SandboxCheckout,
  type SandboxConnectBody,
  type SandboxPayBody,
} from '../../../contracts/payments';
import { isLinkExpired } from '../../../domain/shares';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { AppError, notFound } from '../../http/errors';
import type { PayoutAccountsService } from '../payments/accounts/service';
import { withQuery, type Logger } from '../payments/common';
import { CHECKOUT_HOLD_MS } from '../payments/picking';
import type { PaymentRow } from '../payments/settlement/repo';
import type { SettlementService } from '../payments/settlement/service';

// The sandbox provider's own pages (DECISIONS.md Payments, Paying by bank): its connect page, which
// takes UK bank details; its checkout page, which takes the well-known test cards; and its test
// bank app, where the payer chooses a bank and approves or declines, and the bank answers after a
// short wait, as Stripe's Pay by Bank does (processing, then paid or failed). Registered only when
// the sandbox is the provider; the payments services never know it exists.

export const SANDBOX_BANK_DECLINED = 'Your bank did not approve this payment. Nothing was taken.';

export interface SandboxPagesDeps {
  sandbox: SandboxProvider;
  accounts: PayoutAccountsService;
  settlement: SettlementService;
  publicUrl: string;
  clock: () => Date;
  log?: Logger;
}

/** Both secrets' bytes compared in constant time. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createSandboxPagesService(deps: SandboxPagesDeps) {
  const { sandbox, accounts, settlement, publicUrl, clock, log } = deps;

  /**
   * Gives the test bank's answer once its time has come: an approval is charged and settled like a
   * card (a share paid meanwhile by someone else ends it instead, nothing taken); a refusal ends
   * the payment and releases what it held. Idempotent: a payment no longer open is left alone.
   */
  async function answerDue(payment: PaymentRow): Promise<void> {
    if (payment.status !== 'open' || !payment.sandboxAnswer || !payment.sandboxAnswerAt) return;
    if (payment.sandboxAnswerAt.getTime() > clock().getTime()) return;
    if (payment.sandboxAnswer === 'declined') {
      await settlement.endPayment(payment.id, 'failed', SANDBOX_BANK_DECLINED);
      return;
    }
    try {
      await settlement.chargeAndSettle(payment.id, {
        charge: (p) => ({ paymentIntentId: p.paymentIntentId ?? sandbox.bankPaymentId() }),
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // Paid by someone else meanwhile, expired, or no longer open: nothing is taken.
      await settlement.endPayment(
        payment.id,
        'failed',
        `${err.message.replace(/\.$/, '')}. Your bank was not charged.`,
      );
    }
  }
  settlement.answerWith(answerDue);
  const timers = new Set<NodeJS.Timeout>();

  return {
    answerDue,

    /** Stops the answers still to come (they are given when next asked for instead). */
    stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },

    /**
     * POST /api/sandbox/checkout/:id/bank: the test bank app's Approve or Decline. The payment is
     * then processing ("Waiting for your bank") and still holds its shares; the bank answers after
     * SANDBOX_BANK_WAIT_MS, whether or not anyone is looking (and at the latest when asked).
     */
    async bank(
      id: string,
      body: SandboxBankBody,
    ): Promise<{ status: 'processing'; redirectUrl: string }> {
      const found = await settlement.paymentByProviderId(id);
      if (!found || found.kind !== 'checkout' || found.method !== 'bank')
        throw notFound('This bank payment was not found');
      const redirectUrl = `${publicUrl}/payment-success?session_id=${encodeURIComponent(id)}`;
      if (found.processingAt) return { status: 'processing', redirectUrl }; // answered already
      const people = await settlement.coveredOf(found.id);
      const paid = people.filter((c) => c.link.status === 'paid');
      const closed =
        found.status !== 'open' ||
        found.createdAt.getTime() <= clock().getTime() - CHECKOUT_HOLD_MS ||
        people.some((c) => isLinkExpired(c.link.expiresAt, clock()));
      if (paid.length && found.status === 'open')
        throw new AppError(
          409,
          'already_paid',
          `${paid.map((c) => c.participantName).join(' and ')} ${paid.length === 1 ? 'has' : 'have'} already paid`,
        );
      if (closed)
        throw new AppError(
          410,
          'checkout_closed',
          'This checkout is no longer open. Go back and start again.',
        );
      const answerAt = new Date(clock().getTime() + SANDBOX_BANK_WAIT_MS);
      await settlement.recordSandboxAnswer(found.id, {
        bankName: body.bank,
        answer: body.answer === 'approve' ? 'approved' : 'declined',
        at: answerAt,
      });
      const timer = setTimeout(() => {
        timers.delete(timer);
        void settlement
          .paymentByProviderId(id)
          .then((p) => (p ? answerDue(p) : undefined))
          .catch((err: unknown) =>
            log?.error({ err, paymentId: found.id }, 'the test bank could not answer'),
          );
      }, SANDBOX_BANK_WAIT_MS + 50);
      timer.unref();
      timers.add(timer);
      return { status: 'processing', redirectUrl };
    },

    /** POST /api/sandbox/connect: the sandbox's own onboarding page, with UK bank details. */
    async connect(
      userId: string,
      body: SandboxConnectBody & { sortCode: string; accountNumber: string },
    ): Promise<BankAccount> {
      const row = await accounts.ensureAccount(userId);
      const bank = sandbox.connectBank({
        sortCode: body.sortCode,
        accountNumber: body.accountNumber,
      });
      await accounts.update(row.accountId, {
        detailsSubmitted: true,
        chargesEnabled: true,
        bankName: bank.bankName,
        bankLast4: bank.bankLast4,
      });
      return accounts.bankAccount(userId);
    },

    /** GET /api/sandbox/checkout/:id (a checkout session or a payment intent). */
    async checkout(id: string): Promise<SandboxCheckout> {
      const payment = await settlement.paymentByProviderId(id);
      if (!payment) throw notFound('This checkout was not found');
      const session = await settlement.sessionOf(payment);
      const token = session.token;
      return {
        ...session,
        kind: payment.kind === 'payment_intent' ? 'payment_intent' : 'checkout',
        cancelUrl: token
          ? `${publicUrl}/payment-cancelled?token=${encodeURIComponent(token)}`
          : `${publicUrl}/payment-cancelled`,
      };
    },

    /**
     * POST /api/sandbox/checkout/:id/pay: the sandbox's card payment. A share already paid is
     * refused before any charge; the test card is charged and the payment settled, in one
     * transaction (settlement's chargeAndSettle).
     */
    async pay(
      id: string,
      body: SandboxPayBody,
    ): Promise<{ status: 'succeeded'; redirectUrl: string }> {
      const found = await settlement.paymentByProviderId(id);
      if (!found) throw notFound('This checkout was not found');
      const redirectUrl =
        found.kind === 'payment_intent' && found.returnUrl
          ? withQuery(found.returnUrl, {
              payment_intent: found.paymentIntentId ?? '',
              redirect_status: 'succeeded',
            })
          : `${publicUrl}/payment-success?session_id=${encodeURIComponent(id)}`;
      await settlement.chargeAndSettle(found.id, {
        authorise(payment) {
          if (
            payment.kind === 'payment_intent' &&
            !sameSecret(body.clientSecret ?? '', payment.clientSecret ?? '')
          )
            throw new AppError(
              403,
              'bad_client_secret',
              'This payment could not be confirmed. Please refresh the page and try again.',
            );
        },
        charge(payment) {
          const charge = sandbox.charge(body, clock());
          if (!charge.ok && charge.kind === 'invalid') {
            const [first] = Object.values(charge.problems);
            throw new AppError(
              400,
              'card_invalid',
              first ?? 'Check your card details',
              charge.problems,
            );
          }
          if (!charge.ok) throw new AppError(402, 'card_declined', charge.message);
          return {
            paymentIntentId: payment.paymentIntentId ?? charge.paymentIntentId,
            cardBrand: charge.brandName,
            cardLast4: charge.card.last4,
          };
        },
      });
      return { status: 'succeeded', redirectUrl };
    },
  };
}

export type SandboxPagesService = ReturnType<typeof createSandboxPagesService>;
