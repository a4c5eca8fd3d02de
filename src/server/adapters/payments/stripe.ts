import Stripe from 'stripe';
import { CARD_BRAND_NAMES } from '../../../domain/cards';
import type { ChargeState, PaymentProvider, ProviderAccount, ProviderEvent } from './provider';
import { ProviderError, WebhookSignatureError } from './provider';

// The Stripe provider (provider.ts): Connect Express accounts for creators, one Checkout Session per
// payment as a destination charge (the fee is the application fee, the rest goes to the creator),
// and signed webhooks. The only app file that imports the SDK. Every SDK failure leaves as a
// ProviderError carrying Stripe's own code; every webhook failure as a WebhookSignatureError.
// The SDK pins its own API version, so none is set here.

/** Stripe's smallest GBP charge, in pence. */
const MINIMUM_CHARGE_PENCE = 30;
/** A request waits this long (ms) before it is retried or given up; Stripe's own default is 80 s. */
const TIMEOUT_MS = 10_000;
/** Retries after a network failure or a 409/5xx; safe because every POST carries an idempotency key. */
const MAX_NETWORK_RETRIES = 2;
/** Webhooks signed longer ago than this (seconds) are refused, which bounds replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey: string;
  /**
   * Signing secrets of the webhook endpoints that post here: the platform's, and the Connect
   * endpoint's (account.updated for connected accounts is signed with that one). Any may match.
   */
  webhookSecret: string | readonly string[];
  /** A local Stripe-speaking server (tests), e.g. http://127.0.0.1:43123. Unset: Stripe itself. */
  apiUrl?: string;
  /** For a card form in the browser (the payment intent flow); Fairshare's server never uses it. */
  publishableKey?: string;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  readonly publishableKey: string | null;
}

export function createStripeProvider(opts: StripeProviderOptions): StripeProvider {
  const stripe = new Stripe(opts.secretKey, {
    ...(opts.apiUrl ? apiHost(opts.apiUrl) : {}),
    telemetry: false,
    timeout: TIMEOUT_MS,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
  });
  const secrets =
    typeof opts.webhookSecret === 'string' ? [opts.webhookSecret] : opts.webhookSecret;
  if (!secrets.length) throw new Error('Stripe needs at least one webhook signing secret');

  return {
    name: 'stripe',
    testMode: /^(sk|rk)_test_/.test(opts.secretKey),
    minimumChargePence: MINIMUM_CHARGE_PENCE,
    publishableKey: opts.publishableKey ?? null,

    createAccount: ({ userId, email }) =>
      call('account creation', async () => {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            country: 'GB',
            email,
            business_type: 'individual',
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { fairshare_user_id: userId },
          },
          // A double click, or a retry after a lost answer, gets the same account back.
          { idempotencyKey: `account_${userId}` },
        );
        return { accountId: account.id };
      }),

    createOnboardingLink: ({ accountId, returnUrl, refreshUrl }) =>
      call('onboarding link', async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: 'account_onboarding',
        });
        return { url: link.url };
      }),

    retrieveAccount: (accountId) =>
      call('account lookup', async () => toAccount(await stripe.accounts.retrieve(accountId))),

    closeAccount: (accountId) =>
      call('account closing', async () => {
        try {
          await stripe.accounts.del(accountId);
          return { closed: 'deleted' as const };
        } catch (err) {
          if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing')
            return { closed: 'deleted' as const };
          // Stripe deletes an Express account only once its balance is zero: reject it instead,
          // which stops charges and payouts for good.
          if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        }
        await stripe.accounts.reject(accountId, { reason: 'other' });
        return { closed: 'rejected' as const };
      }),

    createCheckout: (input) =>
      call('checkout creation', async () => {
        const metadata = { payment_id: input.paymentId };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: input.lines.map((line) => ({
              price_data: {
                currency: 'gbp',
                product_data: { name: line.name },
                unit_amount: line.amountPence,
              },
              quantity: 1,
            })),
            payment_intent_data: {
              application_fee_amount: input.feePence,
              transfer_data: { destination: input.destinationAccountId },
              metadata,
              description: input.description,
            },
            metadata,
            client_reference_id: input.paymentId,
            // Passed as given: Stripe fills in a literal {CHECKOUT_SESSION_ID} when it redirects.
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `checkout_${input.paymentId}` },
        );
        if (!session.url) throw new ProviderError(`Stripe checkout ${session.id} has no URL`);
        return { sessionId: session.id, url: session.url };
      }),

    retrieveCheckout: (sessionId) =>
      call('checkout lookup', async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['payment_intent.latest_charge'],
        });
        return sessionState(session);
      }),

    createPaymentIntent: (input) =>
      call('payment intent creation', async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            application_fee_amount: input.feePence,
            transfer_data: { destination: input.destinationAccountId },
            metadata: { payment_id: input.paymentId },
            description: input.description,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: `intent_${input.paymentId}` },
        );
        if (!intent.client_secret)
          throw new ProviderError(`Stripe payment intent ${intent.id} has no client secret`);
        return { paymentIntentId: intent.id, clientSecret: intent.client_secret };
      }),

    retrievePaymentIntent: (paymentIntentId) =>
      call('payment intent lookup', async () => {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ['latest_charge'],
        });
        return intentState(intent);
      }),

    refund: ({ paymentIntentId, amountPence, idempotencyKey }) =>
      call('refund', async () => {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            amount: amountPence,
            // Destination charge: take the creator's part back and give up the fee on it too.
            reverse_transfer: true,
            refund_application_fee: true,
          },
          { idempotencyKey },
        );
        return { refundId: refund.id };
      }),

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
      let event: Stripe.Event | undefined;
      let refusal: unknown;
      for (const secret of secrets) {
        try {
          event = stripe.webhooks.constructEvent(
            rawBody,
            signatureHeader,
            secret,
            WEBHOOK_TOLERANCE_SECONDS,
          );
          break;
        } catch (err) {
          refusal = err;
        }
      }
      if (!event) throw new WebhookSignatureError(`Stripe webhook refused: ${messageOf(refusal)}`);
      return toEvent(event);
    },
  };
}

/** The SDK takes a host, port and protocol rather than a base URL. */
function apiHost(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Stripe API URL must be http or https: ${apiUrl}`);
  if (url.pathname !== '/' || url.search)
    throw new Error(`Stripe API URL must have no path (the SDK adds /v1/...): ${apiUrl}`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    if (err instanceof Stripe.errors.StripeError) {
      const details = [err.rawType, err.statusCode, err.requestId].filter(Boolean).join(', ');
      throw new ProviderError(`Stripe ${what} failed: ${err.message} (${details})`, err.code);
    }
    throw new ProviderError(`Stripe ${what} failed: ${messageOf(err)}`);
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

const idOf = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function toAccount(account: Stripe.Account): ProviderAccount {
  const bank = account.external_accounts?.data.find(
    (external): external is Stripe.BankAccount => external.object === 'bank_account',
  );
  return {
    accountId: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    bankName: bank?.bank_name ?? null,
    bankLast4: bank?.last4 ?? null,
  };
}

/** Stripe's brand codes as people say them (the sandbox's CARD_BRAND_NAMES, and a few more). */
const BRAND_NAMES: Record<string, string> = {
  ...CARD_BRAND_NAMES,
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The card behind a charge, when the charge came expanded (an id alone says nothing of it). */
function cardOf(charge: string | Stripe.Charge | null | undefined) {
  const card = typeof charge === 'object' ? charge?.payment_method_details?.card : undefined;
  const brand = card?.brand && card.brand !== 'unknown' ? card.brand : null;
  return {
    cardBrand: brand ? (BRAND_NAMES[brand] ?? brand) : null,
    cardLast4: card?.last4 ?? null,
  };
}

function intentState(intent: Stripe.PaymentIntent): ChargeState {
  return {
    paid: intent.status === 'succeeded',
    paymentIntentId: intent.id,
    paymentId: intent.metadata?.payment_id ?? null,
    ...cardOf(intent.latest_charge),
  };
}

function sessionState(session: Stripe.Checkout.Session): ChargeState {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  return {
    paid: session.payment_status === 'paid',
    paymentIntentId: idOf(session.payment_intent),
    paymentId: session.metadata?.payment_id ?? session.client_reference_id ?? null,
    ...cardOf(intent?.latest_charge),
  };
}

function toEvent(event: Stripe.Event): ProviderEvent {
  // Signed by Stripe, but still read defensively: a payload of another shape is refused, not guessed.
  const object: unknown = (event as { data?: { object?: unknown } } | null)?.data?.object;
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !isRecord(object))
    throw new WebhookSignatureError('Stripe webhook body is not an event');

  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const state = sessionState(session);
      return {
        id: event.id,
        type: event.type,
        sessionId: session.id,
        paymentId: state.paymentId,
        paymentIntentId: state.paymentIntentId,
        paid: state.paid,
      };
    }
    case 'payment_intent.succeeded': {
      const state = intentState(event.data.object);
      return {
        id: event.id,
        type: event.type,
        paymentIntentId: event.data.object.id,
        paymentId: state.paymentId,
        cardBrand: state.cardBrand,
        cardLast4: state.cardLast4,
      };
    }
    case 'account.updated':
      return { id: event.id, type: event.type, account: toAccount(event.data.object) };
    default:
      return { id: event.id, type: 'ignored', originalType: event.type };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
