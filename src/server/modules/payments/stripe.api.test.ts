import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WholeBillBody } from '../../../contracts/bills';
import {
  bankAccountSchema,
  checkoutResponseSchema,
  createPaymentLinksResponseSchema,
  paymentSessionSchema,
  type CreatePaymentLinksResponse,
} from '../../../contracts/payments';
import { toPence } from '../../../domain/money';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/testing/fake-stripe';
import { EMAIL_NOT_VERIFIED } from '../../../contracts/auth';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { linkIn, waitForOutbox } from '../../testing/mail-helpers';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The app configured for Stripe (PAYMENTS_PROVIDER=stripe), its SDK pointed at a fake of Stripe's
// API on 127.0.0.1: Connect onboarding, destination-charge checkouts and signed webhooks, end to
// end through the routes, on the embedded database or (TEST_DATABASE_URL) on PostgreSQL.

let fake: FakeStripe;
let t: TestApp;
let alice: Session;
let accountId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fairshare',
      STRIPE_WEBHOOK_SECRET: `${fake.webhookSecret}, ${fake.connectWebhookSecret}`,
      STRIPE_API_URL: fake.url,
    },
  });
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const { get, post } = requestsTo(() => t.app);

/** Posts an event to the webhook route as Stripe would: the raw JSON and its signature. */
function deliver(event: object, opts: { timestamp?: number; secret?: string; body?: string } = {}) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': fake.sign(payload, opts),
    },
    payload: opts.body ?? payload,
  });
}

const paidRows = async (linkId: string) => {
  const r = (await t.database.db.execute(
    `select count(*)::int as n from payment_items where link_id = '${linkId}' and outcome = 'paid'`,
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
};

const dinner: WholeBillBody = {
  name: 'Dishoom',
  status: 'saved',
  mode: 'byItem',
  tipPercent: 10,
  serviceCharge: '3.00',
  participants: [
    { key: 'me', name: 'Alice' },
    { key: 'p', name: 'Priya' },
    { key: 'j', name: 'Jordan' },
    { key: 's', name: 'Sam' },
  ],
  items: [
    { name: 'Thali', amount: '41.97', splitMode: 'equally', assignments: [] },
    {
      name: 'Lassi',
      amount: '9.00',
      splitMode: 'manual',
      assignments: [
        { participant: 'p', portions: 1 },
        { participant: 's', portions: 2 },
      ],
    },
  ],
};

async function billWithLinks(): Promise<CreatePaymentLinksResponse> {
  const saved = await post(alice, '/api/bills', dinner);
  expect(saved.statusCode, saved.body).toBe(201);
  const res = await post(alice, '/api/payment-links', { billId: saved.json().id });
  expect(res.statusCode, res.body).toBe(201);
  return createPaymentLinksResponseSchema.parse(res.json());
}

async function checkout(token: string, participantIds: string[]) {
  const res = await post(null, '/api/payments/checkout', { token, participantIds });
  expect(res.statusCode, res.body).toBe(200);
  return checkoutResponseSchema.parse(res.json());
}

describe('Connect Express onboarding', () => {
  it('asks for a confirmed e-mail address first, then connects once its link is opened', async () => {
    for (const path of [
      '/api/stripe/connect/account',
      '/api/stripe/connect/start',
      '/api/stripe/connect/onboarding',
    ]) {
      const res = await post(alice, path, {
        returnUrl: 'http://localhost:3000/?onboarding=complete',
        refreshUrl: 'http://localhost:3000/onboarding?setup=refresh',
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ code: 'email_not_verified', error: EMAIL_NOT_VERIFIED });
    }
    expect(fake.accounts.size).toBe(0);
    // The sign-up's verification e-mail, in the outbox (no SMTP_URL here).
    const dir = t.config.mail.transport === 'outbox' ? t.config.mail.dir : '';
    const { mails } = await waitForOutbox(dir, 1);
    const link = new URL(linkIn(mails[0]!, 'http://localhost:3000/api/auth/verify-email?'));
    t.logs?.addSecrets(link.searchParams.get('token')!);
    const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect((await get(alice, '/api/auth/user')).json().emailVerified).toBe(true);
  });

  it('creates an Express account in GB, sends the user to its account link, and reads its bank', async () => {
    const account = await post(alice, '/api/stripe/connect/account', {});
    expect(account.json()).toEqual({ accountSetupRequired: true });
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/accounts')!;
    expect(created.body).toMatchObject({
      type: 'express',
      country: 'GB',
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
    });
    accountId = [...fake.accounts.keys()][0]!;

    const link = await post(alice, '/api/stripe/connect/onboarding', {
      returnUrl: 'http://localhost:3000/?onboarding=complete',
      refreshUrl: 'http://localhost:3000/onboarding?setup=refresh',
    });
    expect(link.statusCode, link.body).toBe(200);
    const sent = fake.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    expect(sent.body).toEqual({
      account: accountId,
      return_url: 'http://localhost:3000/?onboarding=complete',
      refresh_url: `http://localhost:3000/api/stripe/connect/refresh?${new URLSearchParams({
        return: 'http://localhost:3000/?onboarding=complete',
        fallback: 'http://localhost:3000/onboarding?setup=refresh',
      })}`,
      type: 'account_onboarding',
    });
    // Stripe sends someone whose link expired to the refresh URL: a fresh link, by redirect.
    const again = await get(
      alice,
      new URL(sent.body.refresh_url as string).pathname +
        new URL(sent.body.refresh_url as string).search,
    );
    expect(again.statusCode, again.body).toBe(302);
    expect(again.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/setup\/e\//);
    expect(fake.requests.filter((r) => r.path === '/v1/account_links')).toHaveLength(2);
    expect((link.json() as { onboardingUrl: string }).onboardingUrl).toMatch(
      /^http:\/\/127\.0\.0\.1/,
    );
    expect((await get(alice, '/api/stripe/connect/status')).json()).toEqual({
      onboardingComplete: false,
    });

    fake.completeOnboarding(accountId, { bankName: 'MONZO', last4: '6789' });
    expect((await get(alice, '/api/stripe/connect/status')).json()).toEqual({
      onboardingComplete: true,
    });
    expect(bankAccountSchema.parse((await get(alice, '/api/stripe/bank-account')).json())).toEqual({
      connected: true,
      bankName: 'MONZO',
      bankAccountLast4: '6789',
      provider: 'stripe',
      testMode: true,
    });
    // The sandbox's own connect page does not exist with Stripe (it is not registered at all).
    const valid = {
      accountHolderName: 'Alice Archer',
      sortCode: '04-00-04',
      accountNumber: '12345678',
    };
    expect((await post(alice, '/api/sandbox/connect', valid)).statusCode).toBe(404);
  });

  it('an account.updated event updates the payout account', async () => {
    // Stripe turns charges off (say, a document expired), and tells us.
    const account = fake.accounts.get(accountId)!;
    account.charges_enabled = false;
    const connect = { secret: fake.connectWebhookSecret };
    const res = await deliver(
      fake.event('account.updated', account, { account: accountId }),
      connect,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(alice, '/api/stripe/bank-account')).json().connected).toBe(false);
    account.charges_enabled = true;
    const back = await deliver(
      fake.event('account.updated', account, { account: accountId }),
      connect,
    );
    expect(back.statusCode).toBe(200);
    expect((await get(alice, '/api/stripe/bank-account')).json().connected).toBe(true);
  });
});

describe('Checkout as a destination charge', () => {
  it('asks Stripe for the right amount, fee and destination, with the success and cancel URLs', async () => {
    const links = await billWithLinks();
    const sam = links.paymentLinks.find((l) => l.participantName === 'Sam')!;
    const co = await checkout(sam.token, [sam.participantId]);
    expect(co.sessionUrl).toMatch(/^http:\/\/127\.0\.0\.1/);
    const req = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const body = req.body as {
      line_items: { price_data: { unit_amount: string; currency: string } }[];
      payment_intent_data: {
        application_fee_amount: string;
        transfer_data: { destination: string };
        metadata: { payment_id: string };
      };
      success_url: string;
      cancel_url: string;
      mode: string;
    };
    const charged = body.line_items.reduce((s, l) => s + Number(l.price_data.unit_amount), 0);
    expect(charged).toBe(toPence(sam.amountIncludingFee));
    expect(body.line_items.every((l) => l.price_data.currency === 'gbp')).toBe(true);
    expect(Number(body.payment_intent_data.application_fee_amount)).toBe(toPence(sam.fee));
    expect(body.payment_intent_data.transfer_data.destination).toBe(accountId);
    expect(body.mode).toBe('payment');
    expect(body.success_url).toBe(
      'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(body.cancel_url).toBe(`http://localhost:3000/payment-cancelled?token=${sam.token}`);
    expect(req.idempotencyKey).toBe(`checkout_${body.payment_intent_data.metadata.payment_id}`);
  });

  it('records one payment from one webhook delivered five times', async () => {
    const links = await billWithLinks();
    const priya = links.paymentLinks.find((l) => l.participantName === 'Priya')!;
    const co = await checkout(priya.token, [priya.participantId]);
    const session = fake.payCheckout(co.sessionId, { brand: 'mastercard', last4: '4444' });
    const event = fake.event('checkout.session.completed', session);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await deliver(event));
    answers.push(...(await Promise.all([deliver(event), deliver(event)])));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.json()).toEqual({ received: true, duplicate: false });
    expect(answers.slice(1, 3).every((a) => a.json().duplicate === true)).toBe(true);
    expect(await paidRows(priya.id)).toBe(1);
    const s = paymentSessionSchema.parse(
      (await get(null, `/api/payments/sessions/${co.sessionId}`)).json(),
    );
    expect(s).toMatchObject({ status: 'succeeded', cardBrand: 'Mastercard', cardLast4: '4444' });
    const activity = (await get(alice, '/api/activity')).json() as {
      activities: { type: string; user: { name: string } | null }[];
    };
    expect(
      activity.activities.filter((a) => a.type === 'payment_received' && a.user?.name === 'Priya'),
    ).toHaveLength(1);
  });

  it('refuses tampered, wrongly signed, old and unsigned webhooks, recording nothing', async () => {
    const links = await billWithLinks();
    const jordan = links.paymentLinks.find((l) => l.participantName === 'Jordan')!;
    const co = await checkout(jordan.token, [jordan.participantId]);
    const event = fake.event('checkout.session.completed', fake.payCheckout(co.sessionId));
    const tampered = JSON.stringify(event).replace('"livemode":false', '"livemode":true');
    expect(tampered).not.toBe(JSON.stringify(event));
    expect((await deliver(event, { body: tampered })).statusCode).toBe(400);
    expect((await deliver(event, { secret: 'whsec_not_ours' })).statusCode).toBe(400);
    expect(
      (await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).statusCode,
    ).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe('Webhook signature verification failed');
    expect(await paidRows(jordan.id)).toBe(0);
    // The genuine one still counts afterwards.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paidRows(jordan.id)).toBe(1);
  });

  it('two checkouts paid for one share: one records it, the other refunds that part through Stripe', async () => {
    const links = await billWithLinks();
    const sam = links.paymentLinks.find((l) => l.participantName === 'Sam')!;
    const jordan = links.paymentLinks.find((l) => l.participantName === 'Jordan')!;
    const a = await checkout(sam.token, [sam.participantId]);
    const b = await checkout(jordan.token, [jordan.participantId, sam.participantId]);
    const paidA = fake.payCheckout(a.sessionId);
    const paidB = fake.payCheckout(b.sessionId);
    const [ra, rb] = await Promise.all([
      deliver(fake.event('checkout.session.completed', paidA)),
      deliver(fake.event('checkout.session.completed', paidB)),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(await paidRows(sam.id)).toBe(1);
    expect(await paidRows(jordan.id)).toBe(1);
    const sessions = await Promise.all(
      [a.sessionId, b.sessionId].map(async (id) =>
        paymentSessionSchema.parse((await get(null, `/api/payments/sessions/${id}`)).json()),
      ),
    );
    const refundedOne = sessions.find((s) => toPence(s.refunded) > 0)!;
    expect(toPence(refundedOne.refunded)).toBe(toPence(sam.amountIncludingFee));
    expect(refundedOne.message).toBe('Sam had already been paid for: that part was refunded');
    const refund = [...fake.refunds.values()].at(-1)!;
    expect(refund.amount).toBe(toPence(sam.amountIncludingFee));
    const refundReq = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    // Exactly Sam's share back from the creator's transfer, and exactly his fee: not in proportion.
    expect(refundReq.body).not.toHaveProperty('reverse_transfer');
    const charged = fake.charges.get(refund.charge)!;
    expect(fake.transfers.get(charged.transfer!)!.reversals.map((r) => r.amount)).toEqual([
      toPence(sam.amount),
    ]);
    expect(
      fake.applicationFees.get(charged.application_fee!)!.refunds.map((r) => r.amount),
    ).toEqual([toPence(sam.fee)]);
    // The event again: no second refund.
    await deliver(fake.event('checkout.session.completed', paidA));
    await deliver(fake.event('checkout.session.completed', paidB));
    expect([...fake.refunds.values()].filter((r) => r.amount === refund.amount)).toHaveLength(1);
    const bill = (
      await get(alice, `/api/bills/${links.billId}/payment-links`)
    ).json() as CreatePaymentLinksResponse;
    expect(
      bill.paymentLinks.filter((l) => l.status === 'paid').map((l) => l.participantName),
    ).toEqual(['Jordan', 'Sam']);
  });

  it('the success page confirms a paid checkout whose webhook has not arrived', async () => {
    const links = await billWithLinks();
    const priya = links.paymentLinks.find((l) => l.participantName === 'Priya')!;
    const co = await checkout(priya.token, [priya.participantId]);
    const open = paymentSessionSchema.parse(
      (await get(null, `/api/payments/sessions/${co.sessionId}`)).json(),
    );
    expect(open.status).toBe('open');
    fake.payCheckout(co.sessionId, { brand: 'amex', last4: '0005' });
    const paid = paymentSessionSchema.parse(
      (await get(null, `/api/payments/sessions/${co.sessionId}`)).json(),
    );
    expect(paid).toMatchObject({
      status: 'succeeded',
      cardBrand: 'American Express',
      cardLast4: '0005',
    });
    expect(await paidRows(priya.id)).toBe(1);
  });

  it('the payment intent flow: process, Stripe confirms the card, confirm records it', async () => {
    const links = await billWithLinks();
    const jordan = links.paymentLinks.find((l) => l.participantName === 'Jordan')!;
    const proc = await post(null, `/api/payment-links/${jordan.token}/process`);
    expect(proc.statusCode, proc.body).toBe(200);
    const { paymentIntentId, clientSecret } = proc.json() as {
      paymentIntentId: string;
      clientSecret: string;
    };
    expect(clientSecret).toContain(paymentIntentId);
    const intent = fake.intents.get(paymentIntentId)!;
    expect(intent.amount).toBe(toPence(jordan.amountIncludingFee));
    expect(
      (await post(null, `/api/pay/${jordan.token}/confirm`, { paymentIntentId })).json().status,
    ).toBe('processing');
    fake.succeedPaymentIntent(paymentIntentId);
    const confirmed = await post(null, `/api/payment-links/${jordan.token}/confirm`, {
      paymentIntentId,
    });
    expect(confirmed.json()).toMatchObject({
      status: 'succeeded',
      paymentLink: { status: 'paid' },
    });
    // The webhook for it arriving afterwards changes nothing.
    await deliver(fake.event('payment_intent.succeeded', fake.intents.get(paymentIntentId)!));
    expect(await paidRows(jordan.id)).toBe(1);
  });
});
