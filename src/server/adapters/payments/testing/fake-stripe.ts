import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A small stand-in for the Stripe API (STYLE.md 7: fake the vendor at the network edge), for tests.
// It speaks the few endpoints Fairshare's Stripe adapter calls, the way Stripe does: form-encoded
// bodies with bracket keys, JSON objects with `id` and `object`, Stripe's error body and statuses,
// `Idempotency-Key` replays, `expand`, and a Bearer key on every call. State lives in memory, in
// the maps below, whose values have the shape Stripe answers with (expandable fields hold ids).
// Tests move things on with the helpers (completeOnboarding, payCheckout, ...) and build signed
// webhook bodies with event() and sign(). The fake sends no webhooks itself.
//
// A browser sent to an onboarding or checkout URL it hands out is answered too, for journeys that
// follow them: an onboarding link completes onboarding (test bank ending 2345) and redirects to
// the return URL (a used or expired link to the refresh URL); a checkout URL pays with a test
// Visa 4242 and redirects to the success URL with {CHECKOUT_SESSION_ID} filled in.
//
// It checks what the adapter relies on Stripe checking (required parameters, integer amounts, one
// currency, the 30p GBP minimum, a destination that exists and can take transfers, refunds no
// larger than what is left) and no more. A parameter it does not model is refused as unknown, as
// Stripe refuses a misspelt one, so no test passes on something the fake quietly ignored.

export interface FakeList<T> {
  object: 'list';
  data: T[];
  has_more: false;
  total_count: number;
  url: string;
}

export interface FakeBankAccount {
  id: string;
  object: 'bank_account';
  account: string;
  bank_name: string;
  last4: string;
  country: string;
  currency: string;
  status: 'new';
  default_for_currency: boolean;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  country: string;
  email: string | null;
  business_type: string | null;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  /** disabled_reason is 'rejected.other'... once the platform rejected the account. */
  requirements: { currently_due: string[]; disabled_reason: string | null };
  default_currency: string;
  metadata: Record<string, string>;
  external_accounts: FakeList<FakeBankAccount>;
  created: number;
  livemode: false;
}

export interface FakeLineItem {
  id: string;
  object: 'item';
  description: string;
  currency: string;
  quantity: number;
  amount_subtotal: number;
  amount_total: number;
  price: { object: 'price'; currency: string; unit_amount: number; product_name: string };
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  /** Pinned by the caller, or Stripe's default (card). */
  payment_method_types: string[];
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  /** An id once paid (Stripe makes the payment intent when the payer confirms). */
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  metadata: Record<string, string>;
  description: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  status: 'succeeded';
  paid: true;
  captured: true;
  refunded: boolean;
  payment_intent: string;
  application_fee_amount: number | null;
  destination: string | null;
  metadata: Record<string, string>;
  /** The transfer to the destination account, and the platform's application fee object. */
  transfer: string | null;
  application_fee: string | null;
  disputed: boolean;
  dispute: string | null;
  payment_method_details:
    | {
        type: 'card';
        card: {
          brand: string;
          last4: string;
          exp_month: number;
          exp_year: number;
          country: string;
        };
      }
    | { type: 'pay_by_bank'; pay_by_bank: Record<string, never> };
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  /** The reversal of the transfer to the connected account, when reverse_transfer was asked. */
  transfer_reversal: string | null;
  created: number;
}

/** A transfer to a connected account (a destination charge's), with its reversals' amounts. */
export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  destination: string;
  source_transaction: string;
  reversals: { id: string; amount: number }[];
}

/** The platform's fee on a charge, with its refunds' amounts. */
export interface FakeApplicationFee {
  id: string;
  object: 'application_fee';
  amount: number;
  amount_refunded: number;
  charge: string;
  account: string;
  refunds: { id: string; amount: number }[];
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'needs_response' | 'won' | 'lost';
  reason: string;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  /** The connected account it happened on (Connect events only). */
  account?: string;
  api_version: string;
  created: number;
  livemode: boolean;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: object };
}

/** Form parameters as Stripe reads them: strings, nested by bracket keys, indexed lists as arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

export interface FakeStripeRequest {
  method: string;
  /** Without the query string. */
  path: string;
  query: FormParams;
  body: FormParams;
  /** Lower-cased, as Node gives them. */
  headers: IncomingHttpHeaders;
  idempotencyKey: string | null;
}

export interface TestCard {
  /** Stripe's brand code: visa, mastercard, amex, ... */
  brand: string;
  last4: string;
}

export interface FakeStripe {
  /** The base URL, for the adapter's apiUrl. */
  readonly url: string;
  /** The platform endpoint's signing secret: it signs with it unless told otherwise. */
  readonly webhookSecret: string;
  /** The Connect endpoint's signing secret (events of connected accounts). */
  readonly connectWebhookSecret: string;
  /** Every API call received, oldest first. */
  readonly requests: FakeStripeRequest[];
  readonly accounts: Map<string, FakeAccount>;
  readonly sessions: Map<string, FakeCheckoutSession>;
  /** A checkout session's line items (Stripe gives them only when expanded). */
  readonly lineItems: Map<string, FakeLineItem[]>;
  readonly intents: Map<string, FakePaymentIntent>;
  readonly charges: Map<string, FakeCharge>;
  readonly refunds: Map<string, FakeRefund>;
  readonly transfers: Map<string, FakeTransfer>;
  readonly applicationFees: Map<string, FakeApplicationFee>;
  readonly disputes: Map<string, FakeDispute>;
  /** Onboarding stopped halfway: details given, but Stripe still wants more; nothing enabled. */
  stopOnboardingHalfway(accountId: string, due?: string[]): FakeAccount;
  /** The payer approved a bank payment that is not confirmed yet: complete, unpaid, processing. */
  startAsyncCheckout(sessionId: string): FakeCheckoutSession;
  /** The bank's late answer to a started bank payment: paid, or failed. */
  finishAsyncCheckout(sessionId: string, ok: boolean): FakeCheckoutSession;
  /** A checkout's 24 hours (or an explicit expire call) ran out. */
  expireCheckout(sessionId: string): FakeCheckoutSession;
  /** A card declined on an open checkout: its payment intent failed, the session stays open. */
  failCheckoutPayment(sessionId: string): FakePaymentIntent;
  /** The payer disputes a charge; then the dispute closes as won or lost. */
  openDispute(chargeId: string): FakeDispute;
  closeDispute(chargeId: string, status: 'won' | 'lost'): FakeDispute;
  /** Finishes onboarding: details submitted, charges and payouts enabled, a bank account attached. */
  completeOnboarding(accountId: string, bank: { bankName: string; last4: string }): FakeAccount;
  /** Pays an open checkout: a succeeded payment intent and charge with the session's amounts. */
  payCheckout(sessionId: string, card?: TestCard): FakeCheckoutSession;
  /** Confirms a payment intent with a card: succeeded, with a charge. */
  succeedPaymentIntent(paymentIntentId: string, card?: TestCard): FakePaymentIntent;
  /** A webhook event carrying a snapshot of `dataObject`, as Stripe would post it. */
  event(
    type: string,
    dataObject: object,
    opts?: { account?: string; livemode?: boolean },
  ): FakeEvent;
  /** The Stripe-Signature header for a webhook body; timestamp in seconds, default now. */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

const TEST_VISA: TestCard = { brand: 'visa', last4: '4242' };
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, eur: 50, usd: 50 };
/** The fields that hold another object's id (or, for line_items, a list given only on request). */
const EXPANDABLE = new Set(['payment_intent', 'latest_charge', 'charge', 'line_items', 'dispute']);
const MAX_BODY_BYTES = 1024 * 1024;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const newId = (prefix: string, length = 24) =>
  `${prefix}_${Array.from(randomBytes(length), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
const now = () => Math.floor(Date.now() / 1000);

/** An error answered the way Stripe answers: `{ error: { type, code, message, param } }`. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

const refuse = (message: string, code?: string, param?: string) =>
  new StripeApiError(400, message, code, param);

const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, `No such ${kind}: '${id}'`, 'resource_missing', param);

export async function startFakeStripe(
  opts: { webhookSecret?: string; connectWebhookSecret?: string } = {},
): Promise<FakeStripe> {
  const webhookSecret = opts.webhookSecret ?? newId('whsec');
  const connectWebhookSecret = opts.connectWebhookSecret ?? newId('whsec');
  const transfers = new Map<string, FakeTransfer>();
  const applicationFees = new Map<string, FakeApplicationFee>();
  const disputes = new Map<string, FakeDispute>();
  const requests: FakeStripeRequest[] = [];
  const accounts = new Map<string, FakeAccount>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const lineItems = new Map<string, FakeLineItem[]>();
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  /** What a checkout's payment intent will carry, kept until it is paid. */
  const sessionIntentData = new Map<string, IntentData>();
  const links = new Map<
    string,
    { account: string; returnUrl: string; refreshUrl: string; expiresAt: number; used: boolean }
  >();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let url = '';

  // ---- state changes shared by the API and the helpers ----

  function destination(id: string, param: string) {
    const account = accounts.get(id);
    if (!account) throw noSuch('destination', id, param);
    if (account.capabilities.transfers !== 'active')
      throw refuse(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'insufficient_capabilities_for_transfer',
        param,
      );
    return account.id;
  }

  function minimumCharge(amount: number, currency: string, param: string) {
    const minimum = MINIMUM_CHARGE[currency] ?? 1;
    if (amount < minimum)
      throw refuse(
        `Amount must be at least ${minimum} ${currency} minor units`,
        'amount_too_small',
        param,
      );
  }

  function charge(intent: FakePaymentIntent, card: TestCard | 'pay_by_bank'): FakeCharge {
    const id = newId('ch');
    const dest = intent.transfer_data?.destination ?? null;
    const fee = intent.application_fee_amount ?? 0;
    let transfer: string | null = null;
    let applicationFee: string | null = null;
    if (dest) {
      // A destination charge: the whole amount less the fee goes to the account at once.
      transfer = newId('tr');
      transfers.set(transfer, {
        id: transfer,
        object: 'transfer',
        amount: intent.amount - fee,
        amount_reversed: 0,
        destination: dest,
        source_transaction: id,
        reversals: [],
      });
      if (fee > 0) {
        applicationFee = newId('fee');
        applicationFees.set(applicationFee, {
          id: applicationFee,
          object: 'application_fee',
          amount: fee,
          amount_refunded: 0,
          charge: id,
          account: dest,
          refunds: [],
        });
      }
    }
    const created: FakeCharge = {
      id,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      status: 'succeeded',
      paid: true,
      captured: true,
      refunded: false,
      payment_intent: intent.id,
      application_fee_amount: intent.application_fee_amount,
      destination: dest,
      transfer,
      application_fee: applicationFee,
      disputed: false,
      dispute: null,
      metadata: { ...intent.metadata },
      payment_method_details:
        card === 'pay_by_bank'
          ? { type: 'pay_by_bank', pay_by_bank: {} }
          : {
              type: 'card',
              card: {
                ...card,
                exp_month: 12,
                exp_year: new Date().getFullYear() + 3,
                country: 'GB',
              },
            },
      created: now(),
      livemode: false,
    };
    charges.set(created.id, created);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = created.id;
    return created;
  }

  function createIntent(data: IntentData): FakePaymentIntent {
    const id = newId('pi');
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: data.amount,
      amount_received: 0,
      currency: data.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${newId('x').slice(2)}`,
      application_fee_amount: data.applicationFee ?? null,
      transfer_data: data.destination ? { destination: data.destination } : null,
      metadata: data.metadata,
      description: data.description ?? null,
      automatic_payment_methods: data.automaticPaymentMethods ?? null,
      latest_charge: null,
      created: now(),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  function openSession(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake-stripe: no checkout session ${sessionId}`);
    if (session.status !== 'open')
      throw new Error(`fake-stripe: checkout session ${sessionId} is ${session.status}`);
    return session;
  }

  /** The session's payment intent, made when the payer first confirms. */
  function sessionIntent(session: FakeCheckoutSession) {
    if (session.payment_intent) return intents.get(session.payment_intent)!;
    const data = sessionIntentData.get(session.id);
    if (!data) throw new Error(`fake-stripe: checkout session ${session.id} has no intent data`);
    const intent = createIntent(data);
    session.payment_intent = intent.id;
    return intent;
  }

  function disputeOf(chargeId: string) {
    const charged = charges.get(chargeId);
    if (!charged) throw new Error(`fake-stripe: no charge ${chargeId}`);
    return charged;
  }

  const helpers = {
    stopOnboardingHalfway(accountId: string, due = ['individual.verification.document']) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`fake-stripe: no account ${accountId}`);
      account.details_submitted = true;
      account.charges_enabled = false;
      account.payouts_enabled = false;
      account.requirements = { currently_due: [...due], disabled_reason: 'requirements.past_due' };
      return account;
    },

    startAsyncCheckout(sessionId: string) {
      const session = openSession(sessionId);
      const intent = sessionIntent(session);
      intent.status = 'processing';
      session.status = 'complete';
      session.payment_status = 'unpaid';
      session.url = null;
      return session;
    },

    finishAsyncCheckout(sessionId: string, ok: boolean) {
      const session = sessions.get(sessionId);
      const intent = session?.payment_intent ? intents.get(session.payment_intent) : undefined;
      if (!session || !intent || intent.status !== 'processing')
        throw new Error(`fake-stripe: checkout session ${sessionId} awaits no bank`);
      if (ok) {
        charge(intent, 'pay_by_bank');
        session.payment_status = 'paid';
      } else intent.status = 'requires_payment_method';
      return session;
    },

    expireCheckout(sessionId: string) {
      const session = openSession(sessionId);
      session.status = 'expired';
      session.url = null;
      return session;
    },

    failCheckoutPayment(sessionId: string) {
      const session = openSession(sessionId);
      const intent = sessionIntent(session);
      intent.status = 'requires_payment_method';
      return intent;
    },

    openDispute(chargeId: string) {
      const charged = disputeOf(chargeId);
      const dispute: FakeDispute = {
        id: newId('dp'),
        object: 'dispute',
        amount: charged.amount - charged.amount_refunded,
        currency: charged.currency,
        charge: charged.id,
        payment_intent: charged.payment_intent,
        status: 'needs_response',
        reason: 'fraudulent',
      };
      disputes.set(dispute.id, dispute);
      charged.disputed = true;
      charged.dispute = dispute.id;
      return dispute;
    },

    closeDispute(chargeId: string, status: 'won' | 'lost') {
      const charged = disputeOf(chargeId);
      const dispute = charged.dispute ? disputes.get(charged.dispute) : undefined;
      if (!dispute) throw new Error(`fake-stripe: charge ${chargeId} has no dispute`);
      dispute.status = status;
      return dispute;
    },

    completeOnboarding(accountId: string, bank: { bankName: string; last4: string }) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`fake-stripe: no account ${accountId}`);
      account.details_submitted = true;
      account.charges_enabled = true;
      account.payouts_enabled = true;
      account.requirements = { currently_due: [], disabled_reason: null };
      for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
      account.external_accounts.data = [
        {
          id: newId('ba'),
          object: 'bank_account',
          account: account.id,
          bank_name: bank.bankName,
          last4: bank.last4,
          country: account.country,
          currency: account.default_currency,
          status: 'new',
          default_for_currency: true,
        },
      ];
      account.external_accounts.total_count = 1;
      return account;
    },

    payCheckout(sessionId: string, card: TestCard = TEST_VISA) {
      const session = openSession(sessionId);
      if (session.payment_method_types.includes('pay_by_bank'))
        throw new Error(`fake-stripe: ${sessionId} is a bank payment (startAsyncCheckout)`);
      const intent = sessionIntent(session);
      charge(intent, card);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = intent.id;
      session.url = null;
      return session;
    },

    succeedPaymentIntent(paymentIntentId: string, card: TestCard = TEST_VISA) {
      const intent = intents.get(paymentIntentId);
      if (!intent) throw new Error(`fake-stripe: no payment intent ${paymentIntentId}`);
      if (intent.status === 'succeeded')
        throw new Error(`fake-stripe: payment intent ${paymentIntentId} already succeeded`);
      charge(intent, card);
      return intent;
    },

    event(
      type: string,
      dataObject: object,
      eventOpts: { account?: string; livemode?: boolean } = {},
    ): FakeEvent {
      return {
        id: newId('evt'),
        object: 'event',
        ...(eventOpts.account ? { account: eventOpts.account } : {}),
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: eventOpts.livemode ?? false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        // A snapshot, as Stripe sends: later changes to the object do not reach a built event.
        data: { object: structuredClone(dataObject) },
      };
    },

    sign(payload: string, signOpts: { timestamp?: number; secret?: string } = {}) {
      return Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signOpts.secret ?? webhookSecret,
        timestamp: signOpts.timestamp,
      });
    },
  };

  // ---- the API ----

  type Handler = (params: Form, match: string[]) => object;
  const routes: [method: string, path: RegExp, handler: Handler][] = [
    [
      'POST',
      /^\/v1\/accounts$/,
      (p) => {
        p.allow('type country email business_type capabilities metadata default_currency');
        const type = p.string('type') ?? 'custom';
        if (!['express', 'standard', 'custom'].includes(type))
          throw refuse(`Invalid type: ${type}`, 'parameter_invalid', 'type');
        const capabilities: FakeAccount['capabilities'] = {};
        const requested = p.object('capabilities');
        for (const name of requested?.keys() ?? []) {
          const capability = requested?.requiredObject(name);
          capability?.allow('requested');
          if (capability?.bool('requested')) capabilities[name] = 'inactive';
        }
        const id = newId('acct', 16);
        const account: FakeAccount = {
          id,
          object: 'account',
          type,
          country: p.string('country') ?? 'GB',
          email: p.string('email') ?? null,
          business_type: p.string('business_type') ?? null,
          capabilities,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          requirements: {
            currently_due: ['external_account', 'individual.first_name', 'tos_acceptance.date'],
            disabled_reason: 'requirements.past_due',
          },
          default_currency: p.string('default_currency') ?? 'gbp',
          metadata: p.metadata('metadata'),
          external_accounts: {
            object: 'list',
            data: [],
            has_more: false,
            total_count: 0,
            url: `/v1/accounts/${id}/external_accounts`,
          },
          created: now(),
          livemode: false,
        };
        accounts.set(id, account);
        return account;
      },
    ],
    [
      'GET',
      /^\/v1\/accounts\/([^/]+)$/,
      (p, [id = '']) => {
        p.allow('expand');
        return retrieve(accounts.get(id) ?? notFound('account', id), p);
      },
    ],
    [
      // Stripe deletes an Express account only once its balance is zero: here, while no charge
      // was sent to it.
      'DELETE',
      /^\/v1\/accounts\/([^/]+)$/,
      (_p, [id = '']) => {
        if (!accounts.has(id)) notFound('account', id);
        if ([...charges.values()].some((c) => c.destination === id))
          throw refuse(
            'This account cannot be deleted until its balance is zero.',
            'account_invalid',
          );
        accounts.delete(id);
        return { id, object: 'account', deleted: true };
      },
    ],
    [
      'POST',
      /^\/v1\/accounts\/([^/]+)\/reject$/,
      (p, [id = '']) => {
        p.allow('reason');
        const account = accounts.get(id) ?? notFound('account', id);
        const reason = p.requiredString('reason');
        if (!['fraud', 'terms_of_service', 'other'].includes(reason))
          throw refuse(`Invalid reason: ${reason}`, 'parameter_invalid', 'reason');
        account.charges_enabled = false;
        account.payouts_enabled = false;
        account.requirements = { ...account.requirements, disabled_reason: `rejected.${reason}` };
        return retrieve(account, p);
      },
    ],
    [
      'POST',
      /^\/v1\/account_links$/,
      (p) => {
        p.allow('account type refresh_url return_url');
        const account = p.requiredString('account');
        if (!accounts.has(account)) throw noSuch('account', account, 'account');
        const type = p.requiredString('type');
        if (type !== 'account_onboarding' && type !== 'account_update')
          throw refuse(`Invalid type: ${type}`, 'parameter_invalid', 'type');
        const returnUrl = p.url('return_url');
        const refreshUrl = p.url('refresh_url');
        const created = now();
        const token = newId('link').slice(5);
        links.set(token, {
          account,
          returnUrl: returnUrl ?? '',
          refreshUrl: refreshUrl ?? '',
          expiresAt: created + 300,
          used: false,
        });
        return {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `${url}/setup/e/${account}/${token}`,
        };
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (p) => {
        p.allow(
          'mode payment_method_types line_items payment_intent_data metadata client_reference_id success_url cancel_url',
        );
        const methods = p.strings('payment_method_types');
        for (const m of methods)
          if (m !== 'card' && m !== 'pay_by_bank')
            throw refuse(`Invalid payment_method_types: ${m}`, 'parameter_invalid');
        const mode = p.requiredString('mode');
        if (mode !== 'payment') throw refuse(`fake-stripe supports mode=payment only, not ${mode}`);
        const items = p.list('line_items');
        if (!items.length) throw missing('line_items');
        let currency: string | undefined;
        const lines = items.map((item): FakeLineItem => {
          item.allow('price_data quantity');
          const priceData = item.requiredObject('price_data');
          priceData.allow('currency product_data unit_amount');
          const lineCurrency = priceData.requiredString('currency');
          if (currency && lineCurrency !== currency)
            throw refuse(
              'All line items must have the same currency',
              'parameter_invalid',
              priceData.name('currency'),
            );
          currency = lineCurrency;
          const product = priceData.requiredObject('product_data');
          product.allow('name');
          const unitAmount = priceData.requiredInt('unit_amount', 0);
          const quantity = item.requiredInt('quantity', 1);
          return {
            id: newId('li'),
            object: 'item',
            description: product.requiredString('name'),
            currency: lineCurrency,
            quantity,
            amount_subtotal: unitAmount * quantity,
            amount_total: unitAmount * quantity,
            price: {
              object: 'price',
              currency: lineCurrency,
              unit_amount: unitAmount,
              product_name: product.requiredString('name'),
            },
          };
        });
        const total = lines.reduce((sum, line) => sum + line.amount_total, 0);
        const sessionCurrency = currency ?? 'gbp';
        minimumCharge(total, sessionCurrency, 'line_items');
        if (methods.includes('pay_by_bank') && (sessionCurrency !== 'gbp' || total < 50))
          throw refuse(
            'pay_by_bank takes GBP payments of at least 50 pence',
            'payment_method_unactivated',
            'payment_method_types',
          );
        const intentData = p.object('payment_intent_data');
        intentData?.allow('application_fee_amount transfer_data metadata description');
        const data = intentDataOf(intentData, total, sessionCurrency);
        const id = newId('cs_test', 58);
        const created = now();
        const session: FakeCheckoutSession = {
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          payment_method_types: methods.length ? methods : ['card'],
          currency: sessionCurrency,
          amount_subtotal: total,
          amount_total: total,
          client_reference_id: p.string('client_reference_id') ?? null,
          metadata: p.metadata('metadata'),
          payment_intent: null,
          success_url: p.url('success_url') ?? null,
          cancel_url: p.url('cancel_url') ?? null,
          url: `${url}/c/pay/${id}`,
          created,
          expires_at: created + 24 * 3600,
          livemode: false,
        };
        sessions.set(id, session);
        lineItems.set(id, lines);
        sessionIntentData.set(id, data);
        return session;
      },
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (p, [id = '']) => {
        p.allow('expand');
        return retrieve(sessions.get(id) ?? notFound('checkout.session', id), p);
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (p) => {
        p.allow(
          'amount currency application_fee_amount transfer_data metadata description automatic_payment_methods',
        );
        const amount = p.requiredInt('amount', 1);
        const currency = p.requiredString('currency');
        minimumCharge(amount, currency, 'amount');
        const automatic = p.object('automatic_payment_methods');
        automatic?.allow('enabled');
        const data = intentDataOf(p, amount, currency);
        const enabled = automatic?.bool('enabled');
        return createIntent({
          ...data,
          automaticPaymentMethods: enabled === undefined ? undefined : { enabled },
        });
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (p, [id = '']) => {
        p.allow('expand');
        return retrieve(intents.get(id) ?? notFound('payment_intent', id), p);
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (p) => {
        p.allow('payment_intent amount reverse_transfer refund_application_fee reason metadata');
        const intentId = p.requiredString('payment_intent');
        const intent = intents.get(intentId);
        if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
        const charged = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
        if (intent.status !== 'succeeded' || !charged)
          throw refuse(
            `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          );
        const left = charged.amount - charged.amount_refunded;
        const amount = p.int('amount', 1) ?? left;
        if (amount > left)
          throw refuse(
            `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
            'amount_too_large',
            'amount',
          );
        const reverseTransfer = p.bool('reverse_transfer') ?? false;
        if (reverseTransfer && !charged.destination)
          throw refuse(
            'reverse_transfer can only be used on a charge with a destination',
            'parameter_invalid',
            'reverse_transfer',
          );
        const refundFee = p.bool('refund_application_fee') ?? false;
        // Stripe's flags reverse in proportion to the charge (what Fairshare must not rely on).
        let reversal: string | null = null;
        const transfer = charged.transfer ? transfers.get(charged.transfer) : undefined;
        if (reverseTransfer && transfer) {
          const part = Math.round((transfer.amount * amount) / charged.amount);
          reversal = newId('trr');
          transfer.reversals.push({ id: reversal, amount: part });
          transfer.amount_reversed += part;
        }
        const fee = charged.application_fee
          ? applicationFees.get(charged.application_fee)
          : undefined;
        if (refundFee && fee) {
          const part = Math.round((fee.amount * amount) / charged.amount);
          fee.refunds.push({ id: newId('fr'), amount: part });
          fee.amount_refunded += part;
        }
        charged.amount_refunded += amount;
        charged.refunded = charged.amount_refunded === charged.amount;
        const refund: FakeRefund = {
          id: newId('re'),
          object: 'refund',
          amount,
          currency: charged.currency,
          charge: charged.id,
          payment_intent: intent.id,
          status: 'succeeded',
          reason: p.string('reason') ?? null,
          metadata: p.metadata('metadata'),
          transfer_reversal: reversal,
          created: now(),
        };
        refunds.set(refund.id, refund);
        return refund;
      },
    ],
    [
      'GET',
      /^\/v1\/charges\/([^/]+)$/,
      (p, [id = '']) => {
        p.allow('expand');
        return retrieve(charges.get(id) ?? notFound('charge', id), p);
      },
    ],
    [
      'GET',
      /^\/v1\/disputes$/,
      (p) => {
        p.allow('charge limit');
        const charge = p.string('charge');
        const data = [...disputes.values()].filter((d) => !charge || d.charge === charge).reverse();
        return {
          object: 'list',
          data: structuredClone(data),
          has_more: false,
          url: '/v1/disputes',
        };
      },
    ],
    [
      'POST',
      /^\/v1\/transfers\/([^/]+)\/reversals$/,
      (p, [id = '']) => {
        p.allow('amount metadata');
        const transfer = transfers.get(id) ?? notFound('transfer', id);
        const left = transfer.amount - transfer.amount_reversed;
        const amount = p.int('amount', 1) ?? left;
        if (amount > left)
          throw refuse(
            `Reversal amount (${amount}) is greater than the unreversed amount (${left})`,
            'amount_too_large',
            'amount',
          );
        const reversal = { id: newId('trr'), amount };
        transfer.reversals.push(reversal);
        transfer.amount_reversed += amount;
        return { object: 'transfer_reversal', transfer: transfer.id, currency: 'gbp', ...reversal };
      },
    ],
    [
      'POST',
      /^\/v1\/application_fees\/([^/]+)\/refunds$/,
      (p, [id = '']) => {
        p.allow('amount metadata');
        const fee = applicationFees.get(id) ?? notFound('application_fee', id);
        const left = fee.amount - fee.amount_refunded;
        const amount = p.int('amount', 1) ?? left;
        if (amount > left)
          throw refuse(
            `Refund amount (${amount}) is greater than the unrefunded fee (${left})`,
            'amount_too_large',
            'amount',
          );
        const refund = { id: newId('fr'), amount };
        fee.refunds.push(refund);
        fee.amount_refunded += amount;
        return { object: 'fee_refund', fee: fee.id, currency: 'gbp', ...refund };
      },
    ],
  ];

  function notFound(kind: string, id: string): never {
    throw noSuch(kind, id);
  }

  function intentDataOf(p: Form | undefined, amount: number, currency: string): IntentData {
    const fee = p?.int('application_fee_amount', 0);
    if (fee !== undefined && fee > amount)
      throw refuse(
        'The application fee cannot be greater than the amount of the charge',
        'parameter_invalid',
        p?.name('application_fee_amount'),
      );
    const transfer = p?.object('transfer_data');
    transfer?.allow('destination');
    return {
      amount,
      currency,
      applicationFee: fee,
      destination: transfer
        ? destination(transfer.requiredString('destination'), transfer.name('destination'))
        : undefined,
      metadata: p?.metadata('metadata') ?? {},
      description: p?.string('description'),
    };
  }

  const stores: [prefix: string, store: Map<string, object>][] = [
    ['acct_', accounts],
    ['cs_', sessions],
    ['pi_', intents],
    ['ch_', charges],
    ['re_', refunds],
    ['dp_', disputes],
  ];

  /** A copy of a stored object with the `expand` paths the caller asked for filled in. */
  function retrieve(object: object, p: Form) {
    const copy = structuredClone(object) as Record<string, unknown>;
    for (const path of p.strings('expand')) expand(copy, path.split('.'), path);
    return copy;
  }

  function expand(object: Record<string, unknown>, [field = '', ...rest]: string[], path: string) {
    const value = expanded(object, field, path);
    if (!value) return;
    object[field] = value;
    if (rest.length) expand(value, rest, path);
  }

  function expanded(object: Record<string, unknown>, field: string, path: string) {
    const value = object[field];
    if (!EXPANDABLE.has(field)) throw refuse(`This property cannot be expanded (${path}).`);
    if (field === 'line_items' && object.object === 'checkout.session')
      return {
        object: 'list',
        data: structuredClone(lineItems.get(String(object.id)) ?? []),
        has_more: false,
        url: `/v1/checkout/sessions/${String(object.id)}/line_items`,
      };
    if (value === null) return null;
    if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    const id = typeof value === 'string' ? value : '';
    const found = stores.find(([prefix]) => id.startsWith(prefix))?.[1].get(id);
    if (!found) throw refuse(`This property cannot be expanded (${path}).`);
    return structuredClone(found) as Record<string, unknown>;
  }

  // ---- HTTP ----

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    if (method === 'GET' && browserPage(target.pathname, res)) return;

    const raw = await readBody(req);
    let query: FormParams = {};
    let body: FormParams = {};
    try {
      query = parseForm(target.search.slice(1));
      body = method === 'POST' ? parseForm(raw) : {};
    } catch (err) {
      return answer(res, errorBody(err));
    }
    const idempotencyKey = headerValue(req.headers['idempotency-key']);
    requests.push({
      method,
      path: target.pathname,
      query,
      body,
      headers: req.headers,
      idempotencyKey,
    });

    const key = /^Bearer (\S+)$/.exec(headerValue(req.headers.authorization) ?? '')?.[1];
    if (!key)
      return answer(
        res,
        errorBody(
          new StripeApiError(
            401,
            'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
          ),
        ),
      );

    const route = routes.find(([m, pattern]) => m === method && pattern.test(target.pathname));
    if (!route)
      return answer(
        res,
        errorBody(
          new StripeApiError(404, `Unrecognized request URL (${method}: ${target.pathname}).`),
        ),
      );

    const fingerprint = JSON.stringify([method, target.pathname, body]);
    if (method === 'POST' && idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint)
        return answer(
          res,
          errorBody(
            new StripeApiError(
              400,
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              undefined,
              undefined,
              'idempotency_error',
            ),
          ),
        );
      if (earlier)
        return answer(
          res,
          { status: earlier.status, body: earlier.body },
          { 'idempotent-replayed': 'true' },
        );
    }

    const [, pattern, handler] = route;
    const match = pattern.exec(target.pathname)?.slice(1) ?? [];
    let result: { status: number; body: unknown };
    try {
      const params = new Form(method === 'POST' ? body : query);
      result = {
        status: 200,
        body: structuredClone(handler(params, match.map(decodeURIComponent))),
      };
    } catch (err) {
      result = errorBody(err);
    }
    // Like Stripe, only a request that ran is remembered; one refused at validation can be retried.
    if (method === 'POST' && idempotencyKey && result.status === 200)
      idempotent.set(idempotencyKey, { fingerprint, ...result });
    answer(res, result);
  }

  /** The pages a browser is sent to; true when the path was one of them. */
  function browserPage(path: string, res: ServerResponse) {
    const onboarding = /^\/setup\/e\/([^/]+)\/([^/]+)$/.exec(path);
    if (onboarding) {
      const link = links.get(onboarding[2] ?? '');
      if (!link || link.account !== onboarding[1]) return notAPage(res);
      const fresh = !link.used && link.expiresAt >= now();
      link.used = true;
      if (fresh)
        helpers.completeOnboarding(link.account, { bankName: 'STRIPE TEST BANK', last4: '2345' });
      return redirect(res, fresh ? link.returnUrl : link.refreshUrl);
    }
    const checkout = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (checkout) {
      const session = sessions.get(checkout[1] ?? '');
      if (!session?.url) return notAPage(res);
      // A bank payment is approved in the bank app, and confirmed later (finishAsyncCheckout).
      if (session.payment_method_types.includes('pay_by_bank'))
        helpers.startAsyncCheckout(session.id);
      else helpers.payCheckout(session.id);
      return redirect(
        res,
        (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id),
      );
    }
    return false;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) answer(res, errorBody(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    webhookSecret,
    connectWebhookSecret,
    transfers,
    applicationFees,
    disputes,
    requests,
    accounts,
    sessions,
    lineItems,
    intents,
    charges,
    refunds,
    ...helpers,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // The SDK keeps connections alive; without this close() would wait for them to idle out.
        server.closeAllConnections();
      }),
  };
}

interface IntentData {
  amount: number;
  currency: string;
  applicationFee?: number;
  destination?: string;
  metadata: Record<string, string>;
  description?: string;
  automaticPaymentMethods?: { enabled: boolean };
}

const missing = (param: string) =>
  refuse(`Missing required param: ${param}.`, 'parameter_missing', param);

/** Reads form parameters the way Stripe coerces them, naming the offending parameter when it can't. */
class Form {
  constructor(
    private readonly params: FormParams,
    private readonly path = '',
  ) {}

  name(key: string) {
    return this.path ? `${this.path}[${key}]` : key;
  }

  keys() {
    return Object.keys(this.params);
  }

  /**
   * Refuses any parameter not in `known` (space-separated), as Stripe refuses ones it does not
   * know: a misspelt parameter fails here as it would there. The fake lists only what it models,
   * so a test never passes on a parameter the fake quietly ignored.
   */
  allow(known: string) {
    const names = known.split(' ');
    for (const key of this.keys())
      if (!names.includes(key))
        throw refuse(
          `Received unknown parameter: ${this.name(key)} (or one fake-stripe does not model)`,
          'parameter_unknown',
          this.name(key),
        );
  }

  string(key: string): string | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string')
      throw refuse(`Invalid string: ${this.name(key)}`, 'parameter_invalid_string', this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (!value) throw missing(this.name(key));
    return value;
  }

  int(key: string, min = Number.MIN_SAFE_INTEGER): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
      throw refuse(`Invalid integer: ${value}`, 'parameter_invalid_integer', this.name(key));
    const number = Number(value);
    if (number < min)
      throw refuse(
        `Invalid ${this.name(key)}: must be at least ${min}`,
        'parameter_invalid_integer',
        this.name(key),
      );
    return number;
  }

  requiredInt(key: string, min?: number): number {
    const value = this.int(key, min);
    if (value === undefined) throw missing(this.name(key));
    return value;
  }

  bool(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false')
      throw refuse(`Invalid boolean: ${value}`, undefined, this.name(key));
    return value === 'true';
  }

  /** An absolute URL, kept exactly as sent (a {CHECKOUT_SESSION_ID} template stays literal). */
  url(key: string): string | undefined {
    const value = this.string(key);
    if (value !== undefined && !(/^https?:\/\//.test(value) && URL.canParse(value)))
      throw refuse('Not a valid URL', 'url_invalid', this.name(key));
    return value;
  }

  object(key: string): Form | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value))
      throw refuse(`Invalid object: ${this.name(key)}`, 'parameter_invalid', this.name(key));
    return new Form(value, this.name(key));
  }

  requiredObject(key: string): Form {
    const value = this.object(key);
    if (!value) throw missing(this.name(key));
    return value;
  }

  list(key: string): Form[] {
    const value = this.params[key];
    if (value === undefined) return [];
    if (!Array.isArray(value))
      throw refuse(`Invalid array: ${this.name(key)}`, 'parameter_invalid', this.name(key));
    return value.map((item, i) => {
      const name = `${this.name(key)}[${i}]`;
      if (typeof item !== 'object' || Array.isArray(item))
        throw refuse(`Invalid object: ${name}`, 'parameter_invalid', name);
      return new Form(item, name);
    });
  }

  strings(key: string): string[] {
    const value = this.params[key];
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map((item) => {
      if (typeof item !== 'string')
        throw refuse(`Invalid array: ${this.name(key)}`, 'parameter_invalid');
      return item;
    });
  }

  metadata(key: string): Record<string, string> {
    const form = this.object(key);
    const metadata: Record<string, string> = {};
    for (const name of form?.keys() ?? []) metadata[name] = form?.requiredString(name) ?? '';
    return metadata;
  }
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Parses a form body (or query string) with Stripe's bracket keys: `a[b][0][c]=x` nests, `a[]=x`
 * appends, and a level whose keys are exactly 0..n-1 becomes an array (as the SDK sends lists).
 */
export function parseForm(text: string): FormParams {
  type Node = { [key: string]: Node | string };
  const root: Node = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw refuse(`Invalid parameter name: ${key}`);
    const segments = [
      match[1] ?? '',
      ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? ''),
    ];
    if (segments.some((segment) => UNSAFE_KEYS.has(segment)))
      throw refuse(`Invalid parameter name: ${key}`);
    let node = root;
    segments.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) {
        if (typeof node[name] === 'object')
          throw refuse(`Invalid parameter: ${key} is both a value and a hash`);
        node[name] = value;
        return;
      }
      const next = node[name] ?? {};
      if (typeof next === 'string')
        throw refuse(`Invalid parameter: ${key} is both a value and a hash`);
      node[name] = next;
      node = next;
    });
  }
  const normalise = (node: Node | string): FormValue => {
    if (typeof node === 'string') return node;
    const keys = Object.keys(node);
    const values = keys.map((key) => normalise(node[key] as Node | string));
    if (keys.length && keys.every((key, i) => key === String(i))) return values;
    return Object.fromEntries(keys.map((key, i) => [key, values[i] as FormValue]));
  };
  return normalise(root) as FormParams;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new StripeApiError(413, 'Request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const headerValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

function errorBody(err: unknown): { status: number; body: unknown } {
  if (err instanceof StripeApiError)
    return {
      status: err.status,
      body: { error: { type: err.type, code: err.code, message: err.message, param: err.param } },
    };
  // A bug in the fake: answered as Stripe's api_error, and marked so the SDK does not retry it.
  return {
    status: 500,
    body: { error: { type: 'api_error', message: `fake-stripe: ${String(err)}` } },
  };
}

function answer(
  res: ServerResponse,
  { status, body }: { status: number; body: unknown },
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req', 14),
    ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
  return true;
}

function notAPage(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('fake-stripe: this link is not known');
  return true;
}
