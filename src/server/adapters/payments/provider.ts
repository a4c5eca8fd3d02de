// The payment provider port (STYLE.md 7): the few things Fairshare asks of a card payment provider.
// Two adapters implement it: sandbox.ts (no real money, Fairshare's own pages) and stripe.ts
// (Stripe Connect Express + Checkout destination charges + signed webhooks). The payments module
// talks to this interface only; it never imports a vendor SDK.

export type ProviderName = 'sandbox' | 'stripe';

/** A connected (payout) account as the provider sees it. */
export interface ProviderAccount {
  accountId: string;
  /** The account holder finished onboarding. */
  detailsSubmitted: boolean;
  /** The account can receive card payments. */
  chargesEnabled: boolean;
  /** The provider pays out to the bank. */
  payoutsEnabled: boolean;
  /** What the provider still asks of the holder (Stripe's requirements.currently_due). */
  requirementsDue: string[];
  bankName: string | null;
  bankLast4: string | null;
}

/** How the payer pays: from their bank app (open banking) or by card. */
export type PayMethod = 'bank' | 'card';

export interface CheckoutLine {
  /** Shown on the checkout page, e.g. "Sam's share of Dinner at Dishoom". */
  name: string;
  /** This line's amount in pence (the fee is its own line). */
  amountPence: number;
}

export interface CheckoutInput {
  /** Fairshare's payment id: sent as metadata (and idempotency key) so events map back to it. */
  paymentId: string;
  /** The one way the payer may pay on the provider's page. */
  method: PayMethod;
  /** Everything charged, fee included: the sum of `lines`. */
  lines: CheckoutLine[];
  /** The platform fee in pence, part of the charge, kept by the platform (application fee). */
  feePence: number;
  /** The creator's connected account, which receives the rest (destination charge). */
  destinationAccountId: string;
  /** Absolute URLs. The success URL may hold the literal {CHECKOUT_SESSION_ID}. */
  successUrl: string;
  cancelUrl: string;
  description: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where to send the payer's browser. */
  url: string;
}

export interface PaymentIntentInput {
  paymentId: string;
  /** Charged, fee included. */
  amountPence: number;
  feePence: number;
  destinationAccountId: string;
  description: string;
}

export interface PaymentIntent {
  paymentIntentId: string;
  clientSecret: string;
}

/**
 * A payment's state at the provider, asked directly (never taken from an event's snapshot): what
 * Fairshare compares with what it created before it believes any money arrived.
 */
export interface ChargeState {
  /** open (not paid yet), processing (a bank's answer awaited), paid, failed, or expired. */
  state: 'open' | 'processing' | 'paid' | 'failed' | 'expired';
  paid: boolean;
  sessionId: string | null;
  /** The payment intent behind it, once there is one. */
  paymentIntentId: string | null;
  /** Fairshare's payment id from the metadata, when present. */
  paymentId: string | null;
  /** What was charged, in minor units, and in which currency (lower case, as Stripe says it). */
  amountPence: number | null;
  currency: string | null;
  /** The connected account the charge pays (destination charge). */
  destinationAccountId: string | null;
  /** The platform's application fee on it. */
  applicationFeePence: number | null;
  chargeId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** A charge's refunds and dispute, asked directly. */
export interface ChargeFacts {
  chargeId: string;
  paymentIntentId: string | null;
  amountPence: number;
  currency: string;
  amountRefundedPence: number;
  /** A dispute is open (not yet closed as won or lost). */
  disputeOpen: boolean;
  /** The last dispute was lost: the money went back to the payer. */
  disputeLost: boolean;
}

export interface RefundInput {
  paymentIntentId: string;
  /** Given back to the payer: the shares and fees refunded. */
  amountPence: number;
  /** Taken back from the creator's transfer: exactly the shares refunded (destination charges). */
  reverseTransferPence: number;
  /** The platform fee given back: exactly the fee shares refunded. */
  refundFeePence: number;
  /** The same key for the same refund, so a retried call never refunds twice. */
  idempotencyKey: string;
}

interface EventBase {
  id: string;
  /** The key's mode must match: a live event is never believed by a test key, and back. */
  livemode: boolean;
  /** The connected account it happened on (Connect events), or null. */
  account: string | null;
  /** Which endpoint's secret signed it. */
  endpoint: 'platform' | 'connect';
}

/** A verified webhook event, reduced to what Fairshare acts on. */
export type ProviderEvent = EventBase &
  (
    | {
        type:
          | 'checkout.session.completed'
          | 'checkout.session.async_payment_succeeded'
          | 'checkout.session.async_payment_failed'
          | 'checkout.session.expired';
        sessionId: string;
        paymentId: string | null;
        paymentIntentId: string | null;
        paid: boolean;
        amountPence: number | null;
        currency: string | null;
      }
    | {
        type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
        paymentIntentId: string;
        paymentId: string | null;
        amountPence: number | null;
        currency: string | null;
        destinationAccountId: string | null;
        cardBrand: string | null;
        cardLast4: string | null;
      }
    | {
        type: 'charge.refunded' | 'charge.dispute.created' | 'charge.dispute.closed';
        chargeId: string;
        paymentIntentId: string | null;
      }
    | { type: 'account.updated'; accountId: string }
    | { type: 'ignored'; originalType: string }
  );

/** Types of events about money (the platform endpoint's); account events are the Connect one's. */
export const ACCOUNT_EVENT_TYPES = new Set(['account.updated']);

/** Thrown by verifyWebhook for a body or signature that does not check out. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Thrown by verifyWebhook for a correctly signed body that is not an event of a known shape. */
export class WebhookEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookEventError';
  }
}

/** Thrown by an adapter when the provider refuses or cannot be reached; `message` is for logs. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider's own code when it gave one (e.g. 'card_declined'). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** No real money moves: every payer and creator screen says so. */
  readonly testMode: boolean;
  /** The smallest charge the provider takes, in pence (Stripe: 30p for GBP). */
  readonly minimumChargePence: number;

  /** Creates a payout account for a creator (Stripe: a Connect Express account in GB). */
  createAccount(input: { userId: string; email: string }): Promise<{ accountId: string }>;
  /** A one-time onboarding URL for the account; the provider sends the user back to the URLs given. */
  createOnboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  /** The account's state at the provider; null when the provider keeps none (the sandbox). */
  retrieveAccount(accountId: string): Promise<ProviderAccount | null>;
  /**
   * Disconnects a payout account for good (its owner deleted their Fairshare account): deleted at
   * the provider, or rejected when it cannot be deleted (Stripe: a balance not yet paid out). An
   * account the provider no longer knows counts as closed.
   */
  closeAccount(accountId: string): Promise<{ closed: 'deleted' | 'rejected' }>;

  /** One hosted checkout for one payment: a destination charge with the fee as application fee. */
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** The checkout's state; null when the provider keeps none (the sandbox). */
  retrieveCheckout(sessionId: string): Promise<ChargeState | null>;
  /** A payment intent for the spec's two-step card flow (a client secret for a card form). */
  createPaymentIntent(input: PaymentIntentInput): Promise<PaymentIntent>;
  /** The payment intent's state; null when the provider keeps none (the sandbox). */
  retrievePaymentIntent(paymentIntentId: string): Promise<ChargeState | null>;
  /** A charge's refunds and dispute; null when the provider keeps none (the sandbox). */
  retrieveCharge(chargeId: string): Promise<ChargeFacts | null>;
  /** Gives money back, reversing exactly the given share of the transfer and of the fee. */
  refund(input: RefundInput): Promise<{ refundId: string }>;

  /** Verifies a webhook's signature over its raw body and reads the event. Throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
