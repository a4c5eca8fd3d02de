import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutResponseSchema,
  createPaymentLinksResponseSchema,
  PAYMENT_LINK_NOT_FOUND,
} from '../../../contracts/payments';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/testing/fake-stripe';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { makeWholeBill } from '../../testing/money-path';
import { requestsTo } from '../../testing/requests';
import { closedPortUrl } from '../../testing/smtp-server';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Deleting an account whose payout account is at Stripe (PAYMENTS_PROVIDER=stripe, the SDK pointed
// at the fake Stripe on 127.0.0.1): the connected account is deleted through the API, or rejected
// when Stripe will not delete it (money was sent to it); if Stripe cannot be reached nothing is
// deleted. Embedded database, or PostgreSQL with TEST_DATABASE_URL.

const PASSWORD = 'correct horse battery';
let fake: FakeStripe;
let t: TestApp;
const { get, post } = requestsTo(() => t.app);

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
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function rows<T>(query: string): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A user whose Stripe Express account finished onboarding. */
async function connected(first: string): Promise<{ s: Session; accountId: string }> {
  const s = await signUpWithProfile(t.app, first, 'Tester');
  // As if the verification link had been opened (Stripe onboarding asks for it first).
  await t.database.db.execute(`update "user" set email_verified = true where id = '${s.userId}'`);
  const before = new Set(fake.accounts.keys());
  const res = await post(s, '/api/stripe/connect/account', {});
  expect(res.statusCode, res.body).toBe(200);
  const accountId = [...fake.accounts.keys()].find((id) => !before.has(id))!;
  fake.completeOnboarding(accountId, { bankName: 'MONZO', last4: '6789' });
  expect((await get(s, '/api/stripe/connect/status')).json()).toEqual({ onboardingComplete: true });
  return { s, accountId };
}

async function billWithLinks(s: Session) {
  const saved = await post(s, '/api/bills', makeWholeBill());
  expect(saved.statusCode, saved.body).toBe(201);
  const res = await post(s, '/api/payment-links', { billId: saved.json().id });
  expect(res.statusCode, res.body).toBe(201);
  return createPaymentLinksResponseSchema.parse(res.json()).paymentLinks;
}

const requestsFor = (accountId: string) =>
  fake.requests
    .filter((r) => r.path.startsWith(`/v1/accounts/${accountId}`))
    .map((r) => `${r.method} ${r.path}`);

describe('deleting an account with a Stripe payout account', () => {
  it('deletes the connected account at Stripe when no money was sent to it', async () => {
    const { s, accountId } = await connected('Dee');
    const res = await post(s, '/api/account/delete', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(requestsFor(accountId)).toContain(`DELETE /v1/accounts/${accountId}`);
    expect(fake.accounts.has(accountId)).toBe(false);
    expect(await rows(`select 1 from payout_accounts where account_id = '${accountId}'`)).toEqual(
      [],
    );
    expect((await get(s, '/api/auth/user')).statusCode).toBe(401);
  });

  it('rejects it when Stripe will not delete it; the links stop working and the payment stays bare', async () => {
    const { s, accountId } = await connected('Rae');
    const links = await billWithLinks(s);
    const priya = links.find((l) => l.participantName === 'Priya')!;
    const co = await post(null, '/api/payments/checkout', {
      token: priya.token,
      participantIds: [priya.participantId],
    });
    expect(co.statusCode, co.body).toBe(200);
    const { sessionId } = checkoutResponseSchema.parse(co.json());
    const event = fake.event('checkout.session.completed', fake.payCheckout(sessionId));
    const payload = JSON.stringify(event);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
      payload,
    });
    expect(hook.statusCode, hook.body).toBe(200);

    const res = await post(s, '/api/account/delete', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(requestsFor(accountId)).toEqual(
      expect.arrayContaining([
        `DELETE /v1/accounts/${accountId}`,
        `POST /v1/accounts/${accountId}/reject`,
      ]),
    );
    const account = fake.accounts.get(accountId)!;
    expect(account.charges_enabled).toBe(false);
    expect(account.payouts_enabled).toBe(false);
    for (const l of links) {
      const page = await get(null, `/api/payment-links/${l.token}`);
      expect(page.statusCode).toBe(404);
      expect(page.json().message).toBe(PAYMENT_LINK_NOT_FOUND);
    }
    const kept = await rows<Record<string, unknown>>(
      `select * from retained_payments where checkout_session_id = '${sessionId}'`,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]!.status).toBe('succeeded');
    for (const personal of ['Rae', 'Priya', s.userId])
      expect(JSON.stringify(kept[0])).not.toContain(personal);
  });

  it('deletes nothing when Stripe cannot be reached, and says so', async () => {
    const { s, accountId } = await connected('Kit');
    await billWithLinks(s);
    const billsBefore = await rows(`select id from bills where owner_id = '${s.userId}'`);
    // The same database and secrets, as another process whose Stripe is out of reach.
    const down = await createTestApp({
      database: t.database,
      secrets: t.secrets,
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_fairshare',
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: (await closedPortUrl()).replace('smtp:', 'http:'),
      },
    });
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: { cookie: s.cookie },
        payload: { password: PASSWORD },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/Nothing was deleted/);
    } finally {
      await down.close();
    }
    expect((await get(s, '/api/auth/user')).statusCode).toBe(200);
    expect(await rows(`select id from bills where owner_id = '${s.userId}'`)).toEqual(billsBefore);
    expect(
      await rows(`select 1 from payout_accounts where account_id = '${accountId}'`),
    ).toHaveLength(1);
    expect(fake.accounts.get(accountId)?.charges_enabled).toBe(true);
  });
});
