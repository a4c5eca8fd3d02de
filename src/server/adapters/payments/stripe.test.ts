import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutInput } from './provider';
import { ProviderError, WebhookEventError, WebhookSignatureError } from './provider';
import { createStripeProvider, type StripeProvider } from './stripe';
import { startFakeStripe, type FakeStripe } from './testing/fake-stripe';

// The Stripe adapter against fake-stripe, a local server that speaks Stripe's API: what the SDK
// sends is read back from fake.requests, and what Stripe would hold from fake's maps.

let fake: FakeStripe;
let stripe: StripeProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({
    secretKey: 'sk_test_fairshare',
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
    publishableKey: 'pk_test_fairshare',
  });
});

afterAll(() => fake.close());

const lastRequest = (method: string, path: string) => {
  const found = fake.requests.filter((r) => r.method === method && r.path === path).at(-1);
  if (!found) throw new Error(`no ${method} ${path} reached fake-stripe`);
  return found;
};

async function onboardedAccount(bank = { bankName: 'Monzo', last4: '1234' }) {
  const { accountId } = await stripe.createAccount({
    userId: randomUUID(),
    email: 'alex@example.com',
  });
  fake.completeOnboarding(accountId, bank);
  return accountId;
}

const SUCCESS_URL = 'https://fairshare.test/pay/done?session={CHECKOUT_SESSION_ID}';

function checkoutInput(destinationAccountId: string, over: Partial<CheckoutInput> = {}) {
  return {
    paymentId: randomUUID(),
    method: 'card' as const,
    lines: [
      { name: "Sam's share of Dinner at Dishoom", amountPence: 1250 },
      { name: "Jo's share of Dinner at Dishoom", amountPence: 830 },
      { name: 'Fairshare fee', amountPence: 45 },
    ],
    feePence: 45,
    destinationAccountId,
    successUrl: SUCCESS_URL,
    cancelUrl: 'https://fairshare.test/pay/link-token',
    description: 'Dinner at Dishoom, paid back to Alex',
    ...over,
  } satisfies CheckoutInput;
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('the provider', () => {
  it('is in test mode only with a test key, and charges at least 30p', () => {
    const make = (secretKey: string) =>
      createStripeProvider({ secretKey, webhookSecret: 'whsec_x', apiUrl: fake.url });
    expect(make('sk_test_abc').testMode).toBe(true);
    expect(make('rk_test_abc').testMode).toBe(true);
    expect(make('sk_live_abc').testMode).toBe(false);
    expect(make('rk_live_abc').testMode).toBe(false);
    expect(stripe).toMatchObject({
      name: 'stripe',
      minimumChargePence: 30,
      publishableKey: 'pk_test_fairshare',
    });
  });

  it('refuses an API URL it cannot point the SDK at', () => {
    expect(() =>
      createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'w', apiUrl: 'ftp://x' }),
    ).toThrow(/http or https/);
    expect(() =>
      createStripeProvider({
        secretKey: 'sk_test_x',
        webhookSecret: 'w',
        apiUrl: 'http://127.0.0.1:1/api',
      }),
    ).toThrow(/no path/);
  });
});

describe('payout accounts', () => {
  it('creates a GB Express account for an individual, keyed on the user', async () => {
    const userId = randomUUID();
    const { accountId } = await stripe.createAccount({ userId, email: 'alex@example.com' });

    const request = lastRequest('POST', '/v1/accounts');
    expect(request.body).toEqual({
      type: 'express',
      country: 'GB',
      email: 'alex@example.com',
      business_type: 'individual',
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
      metadata: { fairshare_user_id: userId },
    });
    expect(request.idempotencyKey).toBe(`account_${userId}`);
    expect(request.headers.authorization).toBe('Bearer sk_test_fairshare');
    expect(fake.accounts.get(accountId)).toMatchObject({ type: 'express', country: 'GB' });
  });

  it('gives a double click the same account', async () => {
    const userId = randomUUID();
    const before = fake.accounts.size;
    const [first, second] = await Promise.all([
      stripe.createAccount({ userId, email: 'alex@example.com' }),
      stripe.createAccount({ userId, email: 'alex@example.com' }),
    ]);
    expect(second.accountId).toBe(first.accountId);
    expect(fake.accounts.size).toBe(before + 1);
  });

  it('makes an onboarding link that returns to the URLs given', async () => {
    const { accountId } = await stripe.createAccount({
      userId: randomUUID(),
      email: 'alex@example.com',
    });
    const returnUrl = 'https://fairshare.test/account/payouts?connected=1';
    const refreshUrl = 'https://fairshare.test/account/payouts?retry=1';
    const { url } = await stripe.createOnboardingLink({ accountId, returnUrl, refreshUrl });

    expect(lastRequest('POST', '/v1/account_links').body).toEqual({
      account: accountId,
      refresh_url: refreshUrl,
      return_url: returnUrl,
      type: 'account_onboarding',
    });
    // The fake's onboarding page finishes at once and sends the browser back, as Stripe would.
    const visit = await fetch(url, { redirect: 'manual' });
    expect(visit.headers.get('location')).toBe(returnUrl);
  });

  it('reads the account before and after onboarding, with its bank', async () => {
    const { accountId } = await stripe.createAccount({
      userId: randomUUID(),
      email: 'alex@example.com',
    });
    expect(await stripe.retrieveAccount(accountId)).toMatchObject({
      accountId,
      detailsSubmitted: false,
      chargesEnabled: false,
      bankName: null,
      bankLast4: null,
    });

    fake.completeOnboarding(accountId, { bankName: 'Starling Bank', last4: '9876' });
    expect(await stripe.retrieveAccount(accountId)).toMatchObject({
      accountId,
      detailsSubmitted: true,
      chargesEnabled: true,
      bankName: 'Starling Bank',
      bankLast4: '9876',
    });
  });
});

describe('checkout', () => {
  it('makes one destination-charge session with a line per share and the fee', async () => {
    const accountId = await onboardedAccount();
    const input = checkoutInput(accountId);
    const { sessionId, url } = await stripe.createCheckout(input);

    const request = lastRequest('POST', '/v1/checkout/sessions');
    expect(request.idempotencyKey).toBe(`checkout_${input.paymentId}`);
    expect(request.body).toEqual({
      mode: 'payment',
      payment_method_types: ['card'],
      line_items: input.lines.map((line) => ({
        price_data: {
          currency: 'gbp',
          product_data: { name: line.name },
          unit_amount: String(line.amountPence),
        },
        quantity: '1',
      })),
      payment_intent_data: {
        application_fee_amount: '45',
        transfer_data: { destination: accountId },
        metadata: { payment_id: input.paymentId },
        description: input.description,
      },
      metadata: { payment_id: input.paymentId },
      client_reference_id: input.paymentId,
      success_url: SUCCESS_URL,
      cancel_url: input.cancelUrl,
    });

    const session = fake.sessions.get(sessionId);
    expect(session).toMatchObject({ amount_total: 1250 + 830 + 45, currency: 'gbp', url });
    expect(session?.success_url).toBe(SUCCESS_URL);
    expect(fake.lineItems.get(sessionId)?.map((l) => [l.description, l.amount_total])).toEqual([
      ["Sam's share of Dinner at Dishoom", 1250],
      ["Jo's share of Dinner at Dishoom", 830],
      ['Fairshare fee', 45],
    ]);
  });

  it('gives the same payment the same session', async () => {
    const input = checkoutInput(await onboardedAccount());
    const before = fake.sessions.size;
    const first = await stripe.createCheckout(input);
    const second = await stripe.createCheckout(input);
    expect(second).toEqual(first);
    expect(fake.sessions.size).toBe(before + 1);
  });

  it('reads the session before and after it is paid, with the card', async () => {
    const accountId = await onboardedAccount();
    const input = checkoutInput(accountId);
    const { sessionId } = await stripe.createCheckout(input);

    expect(await stripe.retrieveCheckout(sessionId)).toMatchObject({
      paid: false,
      paymentIntentId: null,
      paymentId: input.paymentId,
      cardBrand: null,
      cardLast4: null,
    });
    expect(lastRequest('GET', `/v1/checkout/sessions/${sessionId}`).query).toEqual({
      expand: ['payment_intent.latest_charge'],
    });

    const paid = fake.payCheckout(sessionId, { brand: 'mastercard', last4: '4444' });
    expect(await stripe.retrieveCheckout(sessionId)).toMatchObject({
      paid: true,
      paymentIntentId: paid.payment_intent,
      paymentId: input.paymentId,
      cardBrand: 'Mastercard',
      cardLast4: '4444',
    });
    expect(fake.intents.get(paid.payment_intent ?? '')).toMatchObject({
      amount: 2125,
      application_fee_amount: 45,
      transfer_data: { destination: accountId },
      metadata: { payment_id: input.paymentId },
    });
  });

  it('falls back to the client reference for the payment id', async () => {
    const input = checkoutInput(await onboardedAccount());
    const { sessionId } = await stripe.createCheckout(input);
    const session = fake.sessions.get(sessionId);
    if (session) session.metadata = {};
    expect((await stripe.retrieveCheckout(sessionId))?.paymentId).toBe(input.paymentId);
  });

  it("passes on Stripe's refusals with their codes", async () => {
    const { accountId: notOnboarded } = await stripe.createAccount({
      userId: randomUUID(),
      email: 'alex@example.com',
    });
    const refused = await failure(stripe.createCheckout(checkoutInput(notOnboarded)));
    expect(refused.code).toBe('insufficient_capabilities_for_transfer');

    const tooSmall = checkoutInput(await onboardedAccount(), {
      lines: [{ name: 'A biscuit', amountPence: 29 }],
      feePence: 0,
    });
    expect((await failure(stripe.createCheckout(tooSmall))).code).toBe('amount_too_small');
  });
});

describe('payment intents', () => {
  it('makes a destination-charge intent with a client secret, keyed on the payment', async () => {
    const accountId = await onboardedAccount();
    const paymentId = randomUUID();
    const intent = await stripe.createPaymentIntent({
      paymentId,
      amountPence: 2125,
      feePence: 45,
      destinationAccountId: accountId,
      description: 'Dinner at Dishoom, paid back to Alex',
    });

    const request = lastRequest('POST', '/v1/payment_intents');
    expect(request.idempotencyKey).toBe(`intent_${paymentId}`);
    expect(request.body).toEqual({
      amount: '2125',
      currency: 'gbp',
      application_fee_amount: '45',
      transfer_data: { destination: accountId },
      metadata: { payment_id: paymentId },
      description: 'Dinner at Dishoom, paid back to Alex',
      automatic_payment_methods: { enabled: 'true' },
    });
    expect(intent.clientSecret).toBe(fake.intents.get(intent.paymentIntentId)?.client_secret);
    expect(intent.clientSecret.startsWith(`${intent.paymentIntentId}_secret_`)).toBe(true);
  });

  it('reads the intent before and after it succeeds, with the card', async () => {
    const paymentId = randomUUID();
    const { paymentIntentId } = await stripe.createPaymentIntent({
      paymentId,
      amountPence: 1000,
      feePence: 30,
      destinationAccountId: await onboardedAccount(),
      description: 'Lunch',
    });
    expect(await stripe.retrievePaymentIntent(paymentIntentId)).toMatchObject({
      paid: false,
      paymentIntentId,
      paymentId,
      cardBrand: null,
      cardLast4: null,
    });
    expect(lastRequest('GET', `/v1/payment_intents/${paymentIntentId}`).query).toEqual({
      expand: ['latest_charge'],
    });

    fake.succeedPaymentIntent(paymentIntentId, { brand: 'amex', last4: '0005' });
    expect(await stripe.retrievePaymentIntent(paymentIntentId)).toMatchObject({
      paid: true,
      paymentIntentId,
      paymentId,
      cardBrand: 'American Express',
      cardLast4: '0005',
    });
  });
});

describe('refunds', () => {
  async function paidIntent() {
    const { sessionId } = await stripe.createCheckout(checkoutInput(await onboardedAccount()));
    return fake.payCheckout(sessionId).payment_intent ?? '';
  }

  it('reverses exactly one person’s share and fee, not in proportion, and refunds once per key', async () => {
    const paymentIntentId = await paidIntent();
    const idempotencyKey = `refund_${randomUUID()}`;
    // Jo's £8.30 share and 15p of the 45p fee, out of a £21.25 checkout.
    const refund = {
      paymentIntentId,
      amountPence: 845,
      reverseTransferPence: 830,
      refundFeePence: 15,
      idempotencyKey,
    };
    const first = await stripe.refund(refund);

    const request = lastRequest('POST', '/v1/refunds');
    expect(request.body).toEqual({ payment_intent: paymentIntentId, amount: '845' });
    expect(request.idempotencyKey).toBe(idempotencyKey);
    const charged = fake.charges.get(fake.intents.get(paymentIntentId)?.latest_charge ?? '');
    expect(fake.transfers.get(charged?.transfer ?? '')?.reversals).toEqual([
      expect.objectContaining({ amount: 830 }),
    ]);
    expect(fake.applicationFees.get(charged?.application_fee ?? '')?.refunds).toEqual([
      expect.objectContaining({ amount: 15 }),
    ]);

    const again = await stripe.refund(refund);
    expect(again.refundId).toBe(first.refundId);
    const charge = fake.charges.get(fake.intents.get(paymentIntentId)?.latest_charge ?? '');
    expect(charge?.amount_refunded).toBe(845);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntentId)).toEqual([
      expect.objectContaining({ id: first.refundId, amount: 845 }),
    ]);
    // The retry reversed nothing twice.
    expect(fake.transfers.get(charge?.transfer ?? '')?.amount_reversed).toBe(830);
    expect(fake.applicationFees.get(charge?.application_fee ?? '')?.amount_refunded).toBe(15);
  });

  it('refuses to refund more than is left', async () => {
    const paymentIntentId = await paidIntent();
    const err = await failure(
      stripe.refund({
        paymentIntentId,
        amountPence: 99_999,
        reverseTransferPence: 0,
        refundFeePence: 0,
        idempotencyKey: randomUUID(),
      }),
    );
    expect(err.code).toBe('amount_too_large');
  });
});

describe('failures', () => {
  it.each([
    ['an account', () => stripe.retrieveAccount('acct_missing')],
    ['a checkout', () => stripe.retrieveCheckout('cs_test_missing')],
    ['a payment intent', () => stripe.retrievePaymentIntent('pi_missing')],
    [
      'a refund',
      () =>
        stripe.refund({
          paymentIntentId: 'pi_missing',
          amountPence: 100,
          reverseTransferPence: 100,
          refundFeePence: 0,
          idempotencyKey: 'k',
        }),
    ],
  ])('%s with an unknown id is a ProviderError with Stripe’s code', async (_, attempt) => {
    const err = await failure(attempt());
    expect(err.code).toBe('resource_missing');
    expect(err.message).toMatch(/missing/);
  });

  it('turns an unreachable API into a ProviderError', async () => {
    const closed = await startFakeStripe();
    await closed.close();
    const offline = createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: closed.url,
    });
    const err = await failure(offline.retrieveAccount('acct_1'));
    expect(err.code).toBeUndefined();
    expect(err.message).toMatch(/^Stripe account lookup failed/);
  });
});

describe('webhooks', () => {
  const signed = (event: object, opts?: { timestamp?: number; secret?: string }) => {
    const payload = JSON.stringify(event);
    return { body: Buffer.from(payload), header: fake.sign(payload, opts) };
  };
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const platform = { livemode: false, account: null, endpoint: 'platform' };

  async function paidSession() {
    const input = checkoutInput(await onboardedAccount());
    const { sessionId } = await stripe.createCheckout(input);
    return { input, session: fake.payCheckout(sessionId) };
  }

  it('reads a completed checkout', async () => {
    const { input, session } = await paidSession();
    const event = fake.event('checkout.session.completed', session);
    const { body, header } = signed(event);
    expect(stripe.verifyWebhook(body, header)).toEqual({
      ...platform,
      id: event.id,
      type: 'checkout.session.completed',
      sessionId: session.id,
      paymentId: input.paymentId,
      paymentIntentId: session.payment_intent,
      paid: true,
      amountPence: 2125,
      currency: 'gbp',
    });
  });

  it('reads a succeeded payment intent, with the card only when the charge is expanded', async () => {
    const { input, session } = await paidSession();
    const intent = fake.intents.get(session.payment_intent ?? '');
    if (!intent) throw new Error('no intent');
    const plain = fake.event('payment_intent.succeeded', intent);
    const withCharge = fake.event('payment_intent.succeeded', {
      ...intent,
      latest_charge: fake.charges.get(intent.latest_charge ?? ''),
    });

    const expected = {
      ...platform,
      type: 'payment_intent.succeeded',
      paymentIntentId: intent.id,
      paymentId: input.paymentId,
      amountPence: 2125,
      currency: 'gbp',
      destinationAccountId: input.destinationAccountId,
    };
    const a = signed(plain);
    expect(stripe.verifyWebhook(a.body, a.header)).toEqual({
      ...expected,
      id: plain.id,
      cardBrand: null,
      cardLast4: null,
    });
    const b = signed(withCharge);
    expect(stripe.verifyWebhook(b.body, b.header)).toEqual({
      ...expected,
      id: withCharge.id,
      cardBrand: 'Visa',
      cardLast4: '4242',
    });
  });

  it('reads an updated account, finding the bank among its external accounts', async () => {
    const accountId = await onboardedAccount({ bankName: 'Barclays', last4: '5678' });
    const account = fake.accounts.get(accountId);
    if (!account) throw new Error('no account');
    const card = { id: 'card_1', object: 'card', last4: '1111', brand: 'Visa' };
    account.external_accounts.data.unshift(card as never);
    const event = fake.event('account.updated', account, { account: accountId });
    const { body, header } = signed(event);
    // The event names the account; what it says of it is read from Stripe, not the snapshot.
    expect(stripe.verifyWebhook(body, header)).toEqual({
      ...platform,
      account: accountId,
      id: event.id,
      type: 'account.updated',
      accountId,
    });
    expect(await stripe.retrieveAccount(accountId)).toEqual({
      accountId,
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
      bankName: 'Barclays',
      bankLast4: '5678',
    });
  });

  it('marks any other event ignored', () => {
    const event = fake.event('customer.created', { id: 'cus_1', object: 'customer' });
    const { body, header } = signed(event);
    expect(stripe.verifyWebhook(body, header)).toEqual({
      ...platform,
      id: event.id,
      type: 'ignored',
      originalType: 'customer.created',
    });
  });

  it('tells the Connect endpoint’s events from the platform’s by the secret that signed them', () => {
    const both = createStripeProvider({
      secretKey: 'sk_test_fairshare',
      webhookSecret: [fake.webhookSecret, fake.connectWebhookSecret],
      apiUrl: fake.url,
    });
    const event = fake.event('account.updated', { id: 'acct_1' }, { account: 'acct_1' });
    const { body, header } = signed(event, { secret: fake.connectWebhookSecret });
    expect(both.verifyWebhook(body, header)).toMatchObject({ endpoint: 'connect' });
    const platformSigned = signed(event);
    expect(both.verifyWebhook(platformSigned.body, platformSigned.header)).toMatchObject({
      endpoint: 'platform',
    });
  });

  it('reads a replayed event the same both times (deduplication is the service’s)', async () => {
    const { session } = await paidSession();
    const { body, header } = signed(fake.event('checkout.session.completed', session));
    const first = stripe.verifyWebhook(body, header);
    expect(stripe.verifyWebhook(body, header)).toEqual(first);
  });

  describe('refuses', () => {
    const event = () =>
      fake.event('customer.created', { id: 'cus_1', object: 'customer', amount: 500 });

    it('a tampered body', () => {
      const { body, header } = signed(event());
      const tampered = Buffer.from(body.toString().replace('"amount":500', '"amount":5'));
      expect(tampered.equals(body)).toBe(false);
      expect(() => stripe.verifyWebhook(tampered, header)).toThrow(WebhookSignatureError);
    });

    it('a body signed with another secret', () => {
      const { body, header } = signed(event(), { secret: 'whsec_someone_else' });
      expect(() => stripe.verifyWebhook(body, header)).toThrow(WebhookSignatureError);
    });

    it('a signature older than five minutes, and accepts one just inside', () => {
      const old = signed(event(), { timestamp: nowSeconds() - 301 });
      expect(() => stripe.verifyWebhook(old.body, old.header)).toThrow(/tolerance/);
      expect(() => stripe.verifyWebhook(old.body, old.header)).toThrow(WebhookSignatureError);
      const recent = signed(event(), { timestamp: nowSeconds() - 290 });
      expect(stripe.verifyWebhook(recent.body, recent.header).type).toBe('ignored');
    });

    it('a signature more than five minutes in the future, and accepts one just inside', () => {
      const ahead = signed(event(), { timestamp: nowSeconds() + 600 });
      expect(() => stripe.verifyWebhook(ahead.body, ahead.header)).toThrow(WebhookSignatureError);
      const near = signed(event(), { timestamp: nowSeconds() + 240 });
      expect(stripe.verifyWebhook(near.body, near.header).type).toBe('ignored');
    });

    it('a missing or malformed header', () => {
      const { body } = signed(event());
      for (const header of [undefined, '', 't=abc', 'v1=deadbeef'])
        expect(() => stripe.verifyWebhook(body, header)).toThrow(WebhookSignatureError);
    });

    it('a signed body that is not an event', () => {
      expect(() => stripe.verifyWebhook(Buffer.from('not json'), fake.sign('not json'))).toThrow(
        WebhookSignatureError,
      );
      const session = { id: 42, object: 'checkout.session', payment_status: 'paid' };
      for (const payload of [
        '{}',
        '{"id":"evt_1","type":"x","data":null}',
        JSON.stringify(fake.event('checkout.session.completed', session)),
        JSON.stringify({ ...fake.event('customer.created', { id: 'cus_1' }), livemode: 'no' }),
      ]) {
        const body = Buffer.from(payload);
        expect(() => stripe.verifyWebhook(body, fake.sign(payload))).toThrow(WebhookEventError);
      }
    });
  });
});

describe('closeAccount', () => {
  it('deletes an account that never took a charge, and counts one Stripe no longer knows as closed', async () => {
    const accountId = await onboardedAccount();
    expect(await stripe.closeAccount(accountId)).toEqual({ closed: 'deleted' });
    expect(lastRequest('DELETE', `/v1/accounts/${accountId}`)).toBeTruthy();
    expect(fake.accounts.has(accountId)).toBe(false);
    expect(await stripe.closeAccount(accountId)).toEqual({ closed: 'deleted' });
  });

  it('rejects an account Stripe will not delete (money was sent to it): no more charges or payouts', async () => {
    const accountId = await onboardedAccount();
    const session = await stripe.createCheckout({
      paymentId: randomUUID(),
      method: 'card',
      lines: [{ name: "Sam's share", amountPence: 1000 }],
      feePence: 50,
      destinationAccountId: accountId,
      successUrl: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/cancel',
      description: 'Dinner',
    });
    fake.payCheckout(session.sessionId);
    expect(await stripe.closeAccount(accountId)).toEqual({ closed: 'rejected' });
    const account = fake.accounts.get(accountId)!;
    expect(lastRequest('POST', `/v1/accounts/${accountId}/reject`).body).toMatchObject({
      reason: 'other',
    });
    expect(account.charges_enabled).toBe(false);
    expect(account.payouts_enabled).toBe(false);
    expect(account.requirements.disabled_reason).toBe('rejected.other');
  });
});
