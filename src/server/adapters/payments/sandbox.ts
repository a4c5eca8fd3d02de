import { randomBytes } from 'node:crypto';
import {
  CARD_BRAND_NAMES,
  validateCard,
  type CardInput,
  type CardProblems,
  type ValidCard,
} from '../../../domain/cards';
import type {
  ChargeState,
  CheckoutInput,
  CheckoutSession,
  PaymentIntent,
  PaymentIntentInput,
  PaymentProvider,
  ProviderAccount,
  ProviderEvent,
} from './provider';
import { WebhookSignatureError } from './provider';

// The sandbox provider (DECISIONS.md Payments): no real money and no account anywhere. Its connect
// step and its checkout are Fairshare's own pages (/sandbox/connect, /sandbox/checkout/:id), which
// say plainly that they are a test. It keeps no state of its own: the payments module's records of
// accounts and payments are the truth, so retrieve* answer null. Card outcomes follow the test
// numbers people know from Stripe's test mode.

const id = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

/** Test cards and what the sandbox does with them: null succeeds, a string is the decline message. */
const TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '4000008260000000': null, // a UK Visa
  '5555555555554444': null,
  '2223003122003222': null,
  '5200828282828210': null,
  '378282246310005': null,
  '371449635398431': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

export const SANDBOX_UNKNOWN_CARD =
  'Your card was declined. This is a test payment: use a test card such as 4242 4242 4242 4242.';

/** UK sort code prefixes of some well-known banks, longest first; anything else is a test bank. */
const BANKS: [prefix: string, name: string][] = [
  ['040004', 'Monzo'],
  ['040075', 'Revolut'],
  ['608371', 'Starling Bank'],
  ['07', 'Nationwide'],
  ['08', 'The Co-operative Bank'],
  ['09', 'Santander'],
  ['11', 'Halifax'],
  ['20', 'Barclays'],
  ['30', 'Lloyds Bank'],
  ['40', 'HSBC UK'],
  ['60', 'NatWest'],
  ['77', 'TSB'],
  ['80', 'Bank of Scotland'],
  ['82', 'Virgin Money'],
  ['83', 'Royal Bank of Scotland'],
];

export type SandboxChargeResult =
  | { ok: true; card: ValidCard; brandName: string; paymentIntentId: string }
  | { ok: false; kind: 'invalid'; missing: boolean; problems: CardProblems }
  | { ok: false; kind: 'declined'; message: string };

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The bank behind a sort code, and the account's last four digits (details already checked). */
  connectBank(input: { sortCode: string; accountNumber: string }): {
    bankName: string;
    bankLast4: string;
  };
  /** Charges a test card: the form's own checks first, then the test card's outcome. */
  charge(card: CardInput, now: Date): SandboxChargeResult;
  /** The payment made when the test bank approves (a payment intent id, as Stripe's bank payments have). */
  bankPaymentId(): string;
}

export function createSandboxProvider(publicUrl: string): SandboxProvider {
  const page = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(path, `${publicUrl}/`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url.toString();
  };

  return {
    name: 'sandbox',
    testMode: true,
    minimumChargePence: 1,

    async createAccount() {
      return { accountId: id('acct_sbx') };
    },

    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      return {
        url: page('/sandbox/connect', {
          account: accountId,
          return: returnUrl,
          refresh: refreshUrl,
        }),
      };
    },

    // The sandbox keeps its accounts in Fairshare's own table only: deleting the row closes one.
    async closeAccount() {
      return { closed: 'deleted' as const };
    },
    async retrieveAccount(): Promise<ProviderAccount | null> {
      return null;
    },

    async createCheckout(_input: CheckoutInput): Promise<CheckoutSession> {
      const sessionId = id('cs_sbx');
      return { sessionId, url: page(`/sandbox/checkout/${sessionId}`) };
    },

    async retrieveCheckout(): Promise<ChargeState | null> {
      return null;
    },

    async createPaymentIntent(_input: PaymentIntentInput): Promise<PaymentIntent> {
      const paymentIntentId = id('pi_sbx');
      return {
        paymentIntentId,
        clientSecret: `${paymentIntentId}_secret_${randomBytes(16).toString('base64url')}`,
      };
    },

    async retrievePaymentIntent(): Promise<ChargeState | null> {
      return null;
    },

    async retrieveCharge() {
      return null;
    },

    async refund() {
      return { refundId: id('re_sbx') };
    },

    verifyWebhook(): ProviderEvent {
      throw new WebhookSignatureError('The sandbox provider sends no webhooks');
    },

    connectBank({ sortCode, accountNumber }) {
      const bank = BANKS.find(([prefix]) => sortCode.startsWith(prefix));
      return { bankName: bank?.[1] ?? 'Sandbox Bank', bankLast4: accountNumber.slice(-4) };
    },

    bankPaymentId() {
      return id('pi_sbx');
    },

    charge(input, now) {
      const checked = validateCard(input, now);
      if (!checked.ok)
        return { ok: false, kind: 'invalid', missing: checked.missing, problems: checked.problems };
      const outcome = TEST_CARDS[checked.card.digits];
      if (outcome === undefined)
        return { ok: false, kind: 'declined', message: SANDBOX_UNKNOWN_CARD };
      if (outcome !== null) return { ok: false, kind: 'declined', message: outcome };
      return {
        ok: true,
        card: checked.card,
        brandName: CARD_BRAND_NAMES[checked.card.brand],
        paymentIntentId: id('pi_sbx'),
      };
    },
  };
}
