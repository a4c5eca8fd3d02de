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
  bankName: string | null;
  bankLast4: string | null;
}

export interface CheckoutLine {
  /** Shown on the checkout page, e.g. "Sam's share of Dinner at Dishoom". */
  name: string;
  /** This line's amount in pence (the fee is its own line). */
  amountPence: number;
}

export interface CheckoutInput {
  /** Fairshare's payment id: sent as metadata (and idempotency key) so events map back to it. */
  paymentId: string;
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

/** A charge's state at the provider, when asked directly (a success page, a confirm call). */
export interface ChargeState {
  paid: boolean;
  /** The payment intent behind it, once there is one. */
  paymentIntentId: string | null;
  /** Fairshare's payment id from the metadata, when present. */
  paymentId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

export interface RefundInput {
  paymentIntentId: string;
  amountPence: number;
  /** The same key for the same refund, so a retried call never refunds twice. */
  idempotencyKey: string;
}

/** A verified webhook event, reduced to what Fairshare acts on. */
export type ProviderEvent =
  | {
      id: string;
      type: 'checkout.session.completed';
      sessionId: string;
      paymentId: string | null;
      paymentIntentId: string | null;
      paid: boolean;
    }
  | {
      id: string;
      type: 'payment_intent.succeeded';
      paymentIntentId: string;
      paymentId: string | null;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  | { id: string; type: 'account.updated'; account: ProviderAccount }
  | { id: string; type: 'ignored'; originalType: string };

/** Thrown by verifyWebhook for a body or signature that does not check out. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
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
  /** Gives money back (the transfer to the creator and the fee reversed with it). */
  refund(input: RefundInput): Promise<{ refundId: string }>;

  /** Verifies a webhook's signature over its raw body and reads the event. Throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
