import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityResponseSchema,
  billDetailSchema,
  type WholeBillBody,
} from '../../../contracts/bills';
import {
  checkoutResponseSchema,
  createPaymentLinksResponseSchema,
  type CreatePaymentLinksResponse,
} from '../../../contracts/payments';
import { toDecimalString as toDecimal, toPence } from '../../../domain/money';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/testing/fake-stripe';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { linkIn, waitForOutbox } from '../../testing/mail-helpers';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Decision 018, through the routes against fake Stripe: money is believed only when Stripe's own
// state of it matches what Fairshare created; every event is claimed once; refunds, disputes,
// failures and expiry reach the shares, in whatever order their events arrive. On the embedded
// database or (TEST_DATABASE_URL) on PostgreSQL.

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
      STRIPE_WEBHOOK_SECRET: `${fake.webhookSecret},${fake.connectWebhookSecret}`,
      STRIPE_API_URL: fake.url,
    },
  });
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
  // With Stripe a payout account needs a confirmed address: open the sign-up's link.
  const dir = t.config.mail.transport === 'outbox' ? t.config.mail.dir : '';
  const { mails } = await waitForOutbox(dir, 1);
  const link = new URL(linkIn(mails[0]!, 'http://localhost:3000/api/auth/verify-email?'));
  t.logs?.addSecrets(link.searchParams.get('token')!);
  const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  expect(opened.statusCode).toBe(302);
  await post(alice, '/api/stripe/connect/account', {});
  accountId = [...fake.accounts.keys()][0]!;
  fake.completeOnboarding(accountId, { bankName: 'MONZO', last4: '6789' });
  expect((await get(alice, '/api/stripe/connect/status')).json().onboardingComplete).toBe(true);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const { get, post } = requestsTo(() => t.app);

function deliver(event: object, opts: { timestamp?: number; secret?: string } = {}) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload, opts) },
    payload,
  });
}

const dinner: WholeBillBody = {
  name: 'Dishoom',
  status: 'saved',
  mode: 'byItem',
  tipPercent: 10,
  serviceCharge: '3.00',
  participants: [
    { key: 'me', name: 'Alice' },
    { key: 'p', name: 'Priya' },
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

async function checkout(token: string, participantIds: string[], method?: 'bank' | 'card') {
  const res = await post(null, '/api/payments/checkout', { token, participantIds, method });
  expect(res.statusCode, res.body).toBe(200);
  return checkoutResponseSchema.parse(res.json());
}

async function statuses(billId: string) {
  const res = await get(alice, `/api/bills/${billId}/payment-links`);
  const body = createPaymentLinksResponseSchema.parse(res.json());
  return {
    bill: body.billStatus,
    ...Object.fromEntries(body.paymentLinks.map((l) => [l.participantName, l.status])),
  };
}

async function eventRow(id: string) {
  const r = (await t.database.db.execute(
    `select outcome, detail from provider_events where event_id = '${id}'`,
  )) as unknown as { rows: { outcome: string; detail: string | null }[] };
  return r.rows[0];
}

/** A bill with links, and one checkout for Priya (and Sam when asked). */
async function started(opts: { both?: boolean; method?: 'bank' | 'card' } = {}) {
  const links = await billWithLinks();
  const priya = links.paymentLinks.find((l) => l.participantName === 'Priya')!;
  const sam = links.paymentLinks.find((l) => l.participantName === 'Sam')!;
  const ids = opts.both ? [priya.participantId, sam.participantId] : [priya.participantId];
  const co = await checkout(priya.token, ids, opts.method);
  return { links, priya, sam, co, billId: links.billId };
}

describe('the money must match', () => {
  it('a signed event for a checkout that was never paid, claiming 1p in USD to another account, changes nothing', async () => {
    const { co, billId } = await started();
    const session = fake.sessions.get(co.sessionId)!;
    const forged = fake.event('checkout.session.completed', {
      ...session,
      payment_status: 'paid',
      status: 'complete',
      amount_total: 1,
      currency: 'usd',
    });
    const res = await deliver(forged);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statuses(billId)).toMatchObject({ bill: 'active', Priya: 'pending' });
    expect(await eventRow(forged.id)).toMatchObject({ outcome: 'ignored' });
  });

  it.each([
    ['amount', (s: Record<string, unknown>) => ({ ...s, amount_total: 30 })],
    ['currency', (s: Record<string, unknown>) => ({ ...s, currency: 'usd' })],
  ])(
    'a paid checkout whose event claims another %s changes nothing and is recorded',
    async (_, alter) => {
      const { co, billId } = await started();
      const paid = fake.payCheckout(co.sessionId);
      const event = fake.event('checkout.session.completed', alter({ ...paid }));
      expect((await deliver(event)).statusCode).toBe(200);
      expect(await statuses(billId)).toMatchObject({ Priya: 'pending' });
      expect(await eventRow(event.id)).toMatchObject({ outcome: 'mismatch' });
    },
  );

  it('a payment_intent.succeeded of 30p to another account changes nothing', async () => {
    const { co, billId } = await started();
    const paid = fake.payCheckout(co.sessionId);
    const intent = fake.intents.get(paid.payment_intent!)!;
    // Stripe itself holds a charge to another destination: the stored payment disagrees.
    intent.transfer_data = { destination: 'acct_someone_else' };
    const event = fake.event('payment_intent.succeeded', {
      ...intent,
      amount: 30,
      amount_received: 30,
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await statuses(billId)).toMatchObject({ Priya: 'pending' });
    expect(await eventRow(event.id)).toMatchObject({ outcome: 'mismatch' });
  });

  it('an event for an unknown session, or in live mode, changes nothing', async () => {
    const { co, billId } = await started();
    const paid = fake.payCheckout(co.sessionId);
    const unknown = fake.event('checkout.session.completed', {
      ...paid,
      id: 'cs_test_unknown',
      metadata: {},
      client_reference_id: null,
    });
    expect((await deliver(unknown)).statusCode).toBe(200);
    expect(await eventRow(unknown.id)).toMatchObject({ outcome: 'unmatched' });
    const live = fake.event('checkout.session.completed', paid, { livemode: true });
    expect((await deliver(live)).statusCode).toBe(200);
    expect(await eventRow(live.id)).toMatchObject({ outcome: 'mismatch' });
    expect(await statuses(billId)).toMatchObject({ Priya: 'pending' });
    // The true event pays.
    expect((await deliver(fake.event('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(await statuses(billId)).toMatchObject({ Priya: 'paid' });
  });

  it('payment events only from the platform endpoint, account events only from the Connect one', async () => {
    const { co, billId } = await started();
    const paid = fake.payCheckout(co.sessionId);
    const viaConnect = await deliver(fake.event('checkout.session.completed', paid), {
      secret: fake.connectWebhookSecret,
    });
    expect(viaConnect.statusCode).toBe(400);
    expect(await statuses(billId)).toMatchObject({ Priya: 'pending' });
    const account = fake.accounts.get(accountId)!;
    const viaPlatform = await deliver(
      fake.event('account.updated', account, { account: accountId }),
    );
    expect(viaPlatform.statusCode).toBe(400);
  });

  it('refuses a signature ten minutes ahead, and answers 400 (never 500) to a malformed event', async () => {
    const { co } = await started();
    const paid = fake.payCheckout(co.sessionId);
    const ahead = await deliver(fake.event('checkout.session.completed', paid), {
      timestamp: Math.floor(Date.now() / 1000) + 600,
    });
    expect(ahead.statusCode).toBe(400);
    for (const object of [
      { ...paid, id: 12345 },
      { id: 'cs_x', payment_status: 7 },
    ]) {
      const res = await deliver(fake.event('checkout.session.completed', object));
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('once', () => {
  it('ten simultaneous deliveries of one event: one effect, nine duplicates', async () => {
    const { co, priya, billId } = await started();
    const event = fake.event('checkout.session.completed', fake.payCheckout(co.sessionId));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const duplicates = answers.filter((a) => a.json().duplicate).length;
    expect(duplicates).toBe(9);
    const r = (await t.database.db.execute(
      `select count(*)::int as n from payment_links where id = '${priya.id}' and status = 'paid'`,
    )) as unknown as { rows: { n: number }[] };
    expect(r.rows[0]!.n).toBe(1);
    expect(await statuses(billId)).toMatchObject({ Priya: 'paid' });
  });
});

/** The creator's Activity entries of one bill, oldest first: [type, who, amount or dispute]. */
async function activityOf(billId: string) {
  const res = await get(alice, '/api/activity');
  expect(res.statusCode, res.body).toBe(200);
  const body = activityResponseSchema.parse(res.json());
  return body.activities
    .filter((a) => a.bill.id === billId && a.type !== 'bill_created')
    .reverse()
    .map((a) => [a.type, a.user?.name, a.dispute ?? a.participant?.amountDue]);
}

async function disputedOf(billId: string) {
  const res = await get(alice, `/api/bills/${billId}/payment-links`);
  const body = createPaymentLinksResponseSchema.parse(res.json());
  const fromLinks = Object.fromEntries(
    body.paymentLinks.map((l) => [l.participantName, l.disputed]),
  );
  // The bill's own page says what its links dialog says.
  const bill = billDetailSchema.parse((await get(alice, `/api/bills/${billId}`)).json());
  const friends = bill.participants.filter((p) => !p.isCreator);
  expect(Object.fromEntries(friends.map((p) => [p.participantName, p.disputed]))).toEqual(
    fromLinks,
  );
  return fromLinks;
}

describe("refunds and disputes in the creator's Activity", () => {
  it('a refund from the Dashboard and one from Fairshare each show once, with whom and how much', async () => {
    const { co, priya, sam, billId } = await started({ both: true });
    const paid = fake.payCheckout(co.sessionId);
    await deliver(fake.event('checkout.session.completed', paid));
    const charge = fake.charges.get(fake.intents.get(paid.payment_intent!)!.latest_charge!)!;
    // The Dashboard gives back £5.00: taken from one share, which is pending again.
    charge.amount_refunded = 500;
    await deliver(fake.event('charge.refunded', charge));
    await deliver(fake.event('charge.refunded', charge));
    const after = await statuses(billId);
    expect(after.bill).toBe('active');
    const [back, kept] =
      (after as Record<string, string>).Priya === 'pending' ? [priya, sam] : [sam, priya];
    expect(after).toMatchObject({
      [back.participantName]: 'pending',
      [kept.participantName]: 'paid',
    });
    const refunded = await post(
      alice,
      `/api/bills/${billId}/participants/${kept.participantId}/refund`,
      {},
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await activityOf(billId)).toEqual([
      ['payment_received', 'Priya', toDecimal(toPence(priya.amount) + toPence(sam.amount))],
      ['payment_refunded', back.participantName, '5.00'],
      ['payment_refunded', kept.participantName, kept.amountIncludingFee],
    ]);
    // Counted as new until the creator opens Activity.
    const before = activityResponseSchema.parse((await get(alice, '/api/activity')).json());
    expect(before.unseenCount).toBeGreaterThanOrEqual(3);
    await post(alice, '/api/activity/seen', {});
    expect((await get(alice, '/api/activity')).json().unseenCount).toBe(0);
  });

  it('a dispute marks the share Disputed until it closes; won, lost, each told once', async () => {
    const won = await started();
    const paid = fake.payCheckout(won.co.sessionId);
    await deliver(fake.event('checkout.session.completed', paid));
    const chargeId = fake.intents.get(paid.payment_intent!)!.latest_charge!;
    const dispute = fake.openDispute(chargeId);
    await deliver(fake.event('charge.dispute.created', dispute));
    await deliver(fake.event('charge.dispute.created', dispute));
    expect(await statuses(won.billId)).toMatchObject({ bill: 'active', Priya: 'pending' });
    expect(await disputedOf(won.billId)).toEqual({ Priya: true, Sam: false });
    await deliver(fake.event('charge.dispute.closed', fake.closeDispute(chargeId, 'won')));
    await deliver(fake.event('charge.dispute.closed', fake.closeDispute(chargeId, 'won')));
    expect(await statuses(won.billId)).toMatchObject({ Priya: 'paid' });
    expect(await disputedOf(won.billId)).toEqual({ Priya: false, Sam: false });
    expect((await activityOf(won.billId)).slice(1)).toEqual([
      ['payment_disputed', 'Priya', 'open'],
      ['payment_disputed', 'Priya', 'won'],
    ]);

    const lost = await started();
    const paid2 = fake.payCheckout(lost.co.sessionId);
    await deliver(fake.event('checkout.session.completed', paid2));
    const charge2 = fake.intents.get(paid2.payment_intent!)!.latest_charge!;
    await deliver(fake.event('charge.dispute.created', fake.openDispute(charge2)));
    await deliver(fake.event('charge.dispute.closed', fake.closeDispute(charge2, 'lost')));
    expect(await statuses(lost.billId)).toMatchObject({ bill: 'active', Priya: 'pending' });
    expect(await disputedOf(lost.billId)).toEqual({ Priya: false, Sam: false });
    expect((await activityOf(lost.billId)).slice(1)).toEqual([
      ['payment_disputed', 'Priya', 'open'],
      ['payment_disputed', 'Priya', 'lost'],
    ]);
  });

  it('a dispute opened and lost before either event arrives is told once, as lost', async () => {
    const { co, billId } = await started();
    const paid = fake.payCheckout(co.sessionId);
    await deliver(fake.event('checkout.session.completed', paid));
    const chargeId = fake.intents.get(paid.payment_intent!)!.latest_charge!;
    const opened = fake.openDispute(chargeId);
    const closed = fake.closeDispute(chargeId, 'lost');
    await deliver(fake.event('charge.dispute.closed', closed));
    await deliver(fake.event('charge.dispute.created', opened));
    expect(await statuses(billId)).toMatchObject({ bill: 'active', Priya: 'pending' });
    expect((await activityOf(billId)).slice(1)).toEqual([['payment_disputed', 'Priya', 'lost']]);
  });
});

describe('refunds, disputes, failures and expiry', () => {
  it('a partial refund of one person reverses exactly their share and fee', async () => {
    const { co, sam, billId } = await started({ both: true });
    const paid = fake.payCheckout(co.sessionId);
    await deliver(fake.event('checkout.session.completed', paid));
    expect(await statuses(billId)).toMatchObject({ bill: 'completed', Priya: 'paid', Sam: 'paid' });
    const res = await post(
      alice,
      `/api/bills/${billId}/participants/${sam.participantId}/refund`,
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
    const charge = fake.charges.get(fake.intents.get(paid.payment_intent!)!.latest_charge!)!;
    expect(charge.amount_refunded).toBe(toPence(sam.amountIncludingFee));
    expect(fake.transfers.get(charge.transfer!)!.reversals.map((r) => r.amount)).toEqual([
      toPence(sam.amount),
    ]);
    expect(fake.applicationFees.get(charge.application_fee!)!.refunds.map((r) => r.amount)).toEqual(
      [toPence(sam.fee)],
    );
    expect(await statuses(billId)).toMatchObject({ bill: 'active', Priya: 'paid', Sam: 'pending' });
    // Stripe's charge.refunded for that refund changes nothing more.
    await deliver(fake.event('charge.refunded', charge));
    expect(await statuses(billId)).toMatchObject({ bill: 'active', Priya: 'paid', Sam: 'pending' });
  });

  it('a refund made in the Dashboard before the success event arrives ends pending', async () => {
    const { co, billId } = await started();
    const paid = fake.payCheckout(co.sessionId);
    const intent = fake.intents.get(paid.payment_intent!)!;
    const charge = fake.charges.get(intent.latest_charge!)!;
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
    await deliver(fake.event('charge.refunded', charge));
    await deliver(fake.event('checkout.session.completed', paid));
    expect(await statuses(billId)).toMatchObject({ bill: 'active', Priya: 'pending' });
  });

  it('a dispute opened brings the share back to pending; closed as won, it is paid again', async () => {
    const { co, billId } = await started();
    const paid = fake.payCheckout(co.sessionId);
    await deliver(fake.event('checkout.session.completed', paid));
    const chargeId = fake.intents.get(paid.payment_intent!)!.latest_charge!;
    const dispute = fake.openDispute(chargeId);
    await deliver(fake.event('charge.dispute.created', dispute));
    expect(await statuses(billId)).toMatchObject({ bill: 'active', Priya: 'pending' });
    await deliver(fake.event('charge.dispute.closed', fake.closeDispute(chargeId, 'won')));
    expect(await statuses(billId)).toMatchObject({ Priya: 'paid' });
  });

  it('a bank payment: waiting, then async success pays; async failure releases the hold', async () => {
    const ok = await started({ method: 'bank' });
    const request = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.body).toMatchObject({
      payment_method_types: ['pay_by_bank'],
      payment_intent_data: { transfer_data: { destination: accountId } },
    });
    const waiting = fake.startAsyncCheckout(ok.co.sessionId);
    await deliver(fake.event('checkout.session.completed', waiting));
    // Completed unpaid: the success page says "Waiting for your bank".
    expect((await get(null, `/api/payments/sessions/${ok.co.sessionId}`)).json()).toMatchObject({
      status: 'processing',
      method: 'bank',
    });
    expect(await statuses(ok.billId)).toMatchObject({ Priya: 'pending' });
    const done = fake.finishAsyncCheckout(ok.co.sessionId, true);
    await deliver(fake.event('checkout.session.async_payment_succeeded', done));
    expect(await statuses(ok.billId)).toMatchObject({ Priya: 'paid' });

    const no = await started({ method: 'bank' });
    fake.startAsyncCheckout(no.co.sessionId);
    const failed = fake.finishAsyncCheckout(no.co.sessionId, false);
    await deliver(fake.event('checkout.session.async_payment_failed', failed));
    const session = (await get(null, `/api/payments/sessions/${no.co.sessionId}`)).json();
    expect(session.status).toBe('failed');
    expect(session.message).toMatch(/bank did not approve/);
    // Released: Priya can start another payment at once.
    await checkout(no.priya.token, [no.priya.participantId], 'card');
  });

  it('an expired session and a failed payment end the started payment', async () => {
    const a = await started();
    await deliver(fake.event('checkout.session.expired', fake.expireCheckout(a.co.sessionId)));
    expect((await get(null, `/api/payments/sessions/${a.co.sessionId}`)).json().status).toBe(
      'expired',
    );
    const b = await started();
    const intent = fake.failCheckoutPayment(b.co.sessionId);
    // Stripe's Checkout keeps the session open after a decline: the intent alone failed.
    fake.expireCheckout(b.co.sessionId);
    await deliver(
      fake.event('payment_intent.payment_failed', { ...intent, metadata: { payment_id: 'x' } }),
    );
    await deliver(fake.event('checkout.session.expired', fake.sessions.get(b.co.sessionId)!));
    expect((await get(null, `/api/payments/sessions/${b.co.sessionId}`)).json().status).toBe(
      'expired',
    );
  });

  it('bank is offered from 50p only; any other method is a 400', async () => {
    const { priya } = await started();
    const other = await post(null, '/api/payments/checkout', {
      token: priya.token,
      participantIds: [priya.participantId],
      method: 'cheque',
    });
    expect(other.statusCode).toBe(400);
  });
});
