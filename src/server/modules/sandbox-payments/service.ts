import { timingSafeEqual } from 'node:crypto';
import type {
  BankAccount,
  SandboxCheckout,
  SandboxConnectBody,
  SandboxPayBody,
} from '../../../contracts/payments';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { AppError, notFound } from '../../http/errors';
import type { PayoutAccountsService } from '../payments/accounts/service';
import { withQuery } from '../payments/common';
import type { SettlementService } from '../payments/settlement/service';

// The sandbox provider's own pages (DECISIONS.md Payments): its connect page, which takes UK bank
// details, and its checkout page, which takes the well-known test cards. Registered only when the
// sandbox is the provider; the payments services never know it exists.

export interface SandboxPagesDeps {
  sandbox: SandboxProvider;
  accounts: PayoutAccountsService;
  settlement: SettlementService;
  publicUrl: string;
  clock: () => Date;
}

/** Both secrets' bytes compared in constant time. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createSandboxPagesService(deps: SandboxPagesDeps) {
  const { sandbox, accounts, settlement, publicUrl, clock } = deps;

  return {
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
