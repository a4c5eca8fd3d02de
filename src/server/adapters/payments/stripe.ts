import Stripe from 'stripe';
import { CARD_BRAND_NAMES } from '../../../domain/cards';
import { z } from 'zod';
import type {
  ChargeFacts,
  ChargeState,
  PaymentProvider,
  ProviderAccount,
  ProviderEvent,
} from './provider';
import { ProviderError, WebhookEventError, WebhookSignatureError } from './provider';

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
   * Signing secrets of the webhook endpoints that post here: the platform endpoint's first (payment
   * events), then the Connect endpoint's (account.updated for connected accounts is signed with it).
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
        // Pinned, not left to the Dashboard: Checkout adds the wallets to a card payment. (The
        // SDK's newest types list only allowed_payment_method_types; the API takes both.)
        const params: Stripe.Checkout.SessionCreateParams & { payment_method_types: string[] } = {
          mode: 'payment',
          payment_method_types: [input.method === 'bank' ? 'pay_by_bank' : 'card'],
          line_items: input.lines.map((line) => ({
            price_data: {
              currency: 'gbp',
              product_data: { name: line.name },
              unit_amount: line.amountPence,
            },
            quantity: 1,
          })),
          payment_intent_data: {
            ...(input.feePence > 0 ? { application_fee_amount: input.feePence } : {}),
            transfer_data: { destination: input.destinationAccountId },
            metadata,
            description: input.description,
          },
          metadata,
          client_reference_id: input.paymentId,
          // Passed as given: Stripe fills in a literal {CHECKOUT_SESSION_ID} when it redirects.
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        };
        const session = await stripe.checkout.sessions.create(params, {
          idempotencyKey: `checkout_${input.paymentId}`,
        });
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
            ...(input.feePence > 0 ? { application_fee_amount: input.feePence } : {}),
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

    retrieveCharge: (chargeId) =>
      call('charge lookup', async () => {
        const charge = await stripe.charges.retrieve(chargeId);
        const disputes = charge.disputed
          ? (await stripe.disputes.list({ charge: chargeId, limit: 1 })).data
          : [];
        return chargeFacts(charge, disputes[0] ?? null);
      }),

    refund: ({
      paymentIntentId,
      amountPence,
      reverseTransferPence,
      refundFeePence,
      idempotencyKey,
    }) =>
      call('refund', async () => {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ['latest_charge'],
        });
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        if (!charge)
          throw new ProviderError(`Stripe payment intent ${paymentIntentId} has no charge`);
        // Explicit amounts, not reverse_transfer / refund_application_fee: those reverse in
        // proportion to the charge, while Fairshare's fee is per person (decision 018).
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount: amountPence },
          { idempotencyKey },
        );
        const transfer = idOf(charge.transfer ?? null);
        if (transfer && reverseTransferPence > 0)
          await stripe.transfers.createReversal(
            transfer,
            { amount: reverseTransferPence },
            { idempotencyKey: `${idempotencyKey}_reversal` },
          );
        const fee = idOf(charge.application_fee ?? null);
        if (fee && refundFeePence > 0)
          await stripe.applicationFees.createRefund(
            fee,
            { amount: refundFeePence },
            { idempotencyKey: `${idempotencyKey}_fee` },
          );
        return { refundId: refund.id };
      }),

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
      // The SDK refuses old signatures only; one dated ahead of the clock is refused here.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signatureHeader)?.[1]);
      if (Number.isFinite(signedAt) && signedAt > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)
        throw new WebhookSignatureError('Stripe webhook signed in the future');
      let event: Stripe.Event | undefined;
      let endpoint: 'platform' | 'connect' = 'platform';
      let refusal: unknown;
      for (const [i, secret] of secrets.entries()) {
        try {
          event = stripe.webhooks.constructEvent(
            rawBody,
            signatureHeader,
            secret,
            WEBHOOK_TOLERANCE_SECONDS,
          );
          endpoint = i === 0 ? 'platform' : 'connect';
          break;
        } catch (err) {
          refusal = err;
        }
      }
      if (!event) throw new WebhookSignatureError(`Stripe webhook refused: ${messageOf(refusal)}`);
      return toEvent(event, endpoint);
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
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: account.requirements?.currently_due ?? [],
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
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    state:
      intent.status === 'succeeded'
        ? 'paid'
        : intent.status === 'processing'
          ? 'processing'
          : intent.status === 'canceled'
            ? 'failed'
            : 'open',
    paid: intent.status === 'succeeded',
    sessionId: null,
    paymentIntentId: intent.id,
    paymentId: intent.metadata?.payment_id ?? null,
    amountPence: intent.amount_received || intent.amount,
    currency: intent.currency,
    destinationAccountId: idOf(intent.transfer_data?.destination ?? null),
    applicationFeePence: intent.application_fee_amount ?? null,
    chargeId: idOf(intent.latest_charge),
    ...cardOf(charge),
  };
}

function sessionState(session: Stripe.Checkout.Session): ChargeState {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const paid = session.payment_status === 'paid';
  return {
    state: paid
      ? 'paid'
      : session.status === 'expired'
        ? 'expired'
        : session.status === 'complete'
          ? intent?.status === 'requires_payment_method' || intent?.status === 'canceled'
            ? 'failed'
            : 'processing'
          : 'open',
    paid,
    sessionId: session.id,
    paymentIntentId: idOf(session.payment_intent),
    paymentId: session.metadata?.payment_id ?? session.client_reference_id ?? null,
    amountPence: session.amount_total,
    currency: session.currency,
    destinationAccountId: idOf(intent?.transfer_data?.destination ?? null),
    applicationFeePence: intent?.application_fee_amount ?? null,
    chargeId: idOf(intent?.latest_charge ?? null),
    ...cardOf(intent?.latest_charge),
  };
}

function chargeFacts(charge: Stripe.Charge, dispute: Stripe.Dispute | null): ChargeFacts {
  return {
    chargeId: charge.id,
    paymentIntentId: idOf(charge.payment_intent),
    amountPence: charge.amount,
    currency: charge.currency,
    amountRefundedPence: charge.amount_refunded,
    disputeOpen: !!dispute && dispute.status !== 'won' && dispute.status !== 'lost',
    disputeLost: dispute?.status === 'lost',
  };
}

// Signed by Stripe, but still read defensively: a payload of another shape is refused, not guessed.
const stripeId = z.string().min(1).max(255);
const eventShape = z.object({
  id: stripeId,
  type: z.string().max(255),
  livemode: z.boolean(),
  account: stripeId.optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const ref = z.union([stripeId, z.object({ id: stripeId }).passthrough()]).nullish();
const metadataShape = z.record(z.string(), z.string()).nullish();
const sessionShape = z.object({
  id: stripeId,
  payment_status: z.string(),
  payment_intent: ref,
  metadata: metadataShape,
  client_reference_id: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
});
const intentShape = z.object({
  id: stripeId,
  amount: z.number().int().nullish(),
  amount_received: z.number().int().nullish(),
  currency: z.string().nullish(),
  metadata: metadataShape,
  transfer_data: z.object({ destination: ref }).passthrough().nullish(),
  latest_charge: z.unknown().optional(),
});
const chargeShape = z.object({ id: stripeId, payment_intent: ref });
const disputeShape = z.object({ id: stripeId, charge: ref, payment_intent: ref });
const accountShape = z.object({ id: stripeId });

const refId = (value: z.infer<typeof ref>) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function parse<T>(schema: z.ZodType<T>, value: unknown, type: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new WebhookEventError(`Stripe ${type} event of an unexpected shape`);
  return r.data;
}

function toEvent(raw: Stripe.Event, endpoint: 'platform' | 'connect'): ProviderEvent {
  const event = parse(eventShape, raw, 'webhook');
  const base = {
    id: event.id,
    livemode: event.livemode,
    account: event.account ?? null,
    endpoint,
  };
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = parse(sessionShape, object, event.type);
      return {
        ...base,
        type: event.type,
        sessionId: session.id,
        paymentId: session.metadata?.payment_id ?? session.client_reference_id ?? null,
        paymentIntentId: refId(session.payment_intent),
        paid: session.payment_status === 'paid',
        amountPence: session.amount_total ?? null,
        currency: session.currency ?? null,
      };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = parse(intentShape, object, event.type);
      const card = cardOf(
        typeof intent.latest_charge === 'object' ? (intent.latest_charge as Stripe.Charge) : null,
      );
      return {
        ...base,
        type: event.type,
        paymentIntentId: intent.id,
        paymentId: intent.metadata?.payment_id ?? null,
        amountPence: intent.amount_received || (intent.amount ?? null),
        currency: intent.currency ?? null,
        destinationAccountId: refId(intent.transfer_data?.destination),
        ...card,
      };
    }
    case 'charge.refunded': {
      const charge = parse(chargeShape, object, event.type);
      return {
        ...base,
        type: event.type,
        chargeId: charge.id,
        paymentIntentId: refId(charge.payment_intent),
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = parse(disputeShape, object, event.type);
      const chargeId = refId(dispute.charge);
      if (!chargeId) throw new WebhookEventError(`Stripe ${event.type} event names no charge`);
      return {
        ...base,
        type: event.type,
        chargeId,
        paymentIntentId: refId(dispute.payment_intent),
      };
    }
    case 'account.updated':
      return { ...base, type: event.type, accountId: parse(accountShape, object, event.type).id };
    default:
      return { ...base, type: 'ignored', originalType: event.type };
  }
}
