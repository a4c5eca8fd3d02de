import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseForm, startFakeStripe, type FakeStripe } from './fake-stripe';

// The fake's own promises, for the tests that build on it: Stripe's form encoding, errors,
// idempotency, expansion and the pages a browser is sent to.

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: 'whsec_fixed' });
});
afterAll(() => fake.close());

const post = (path: string, form: string, headers: Record<string, string> = {}) =>
  fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_x',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: form,
  });

const get = (path: string) =>
  fetch(`${fake.url}${path}`, { headers: { authorization: 'Bearer sk_test_x' } });

async function onboardedAccount() {
  const form = 'type=express&capabilities[transfers][requested]=true';
  const account = (await (await post('/v1/accounts', form)).json()) as { id: string };
  fake.completeOnboarding(account.id, { bankName: 'Monzo', last4: '1234' });
  return account.id;
}

const checkoutForm = (destination: string, successUrl: string) =>
  new URLSearchParams({
    mode: 'payment',
    'line_items[0][price_data][currency]': 'gbp',
    'line_items[0][price_data][product_data][name]': 'Share',
    'line_items[0][price_data][unit_amount]': '500',
    'line_items[0][quantity]': '1',
    'payment_intent_data[application_fee_amount]': '20',
    'payment_intent_data[transfer_data][destination]': destination,
    success_url: successUrl,
  }).toString();

describe('parseForm', () => {
  it('nests bracket keys, makes indexed and appended keys lists, and decodes values', () => {
    expect(
      parseForm(
        'a=1&b[c]=2&line_items[0][price_data][unit_amount]=3&line_items[1][quantity]=4' +
          '&expand[]=x&expand[]=y&u=https%3A%2F%2Fa.test%2F%3Fs%3D%7BCHECKOUT_SESSION_ID%7D',
      ),
    ).toEqual({
      a: '1',
      b: { c: '2' },
      line_items: [{ price_data: { unit_amount: '3' } }, { quantity: '4' }],
      expand: ['x', 'y'],
      u: 'https://a.test/?s={CHECKOUT_SESSION_ID}',
    });
  });

  it('refuses keys that would reach the prototype or contradict each other', () => {
    expect(() => parseForm('__proto__[x]=1')).toThrow(/Invalid parameter/);
    expect(() => parseForm('a=1&a[b]=2')).toThrow(/both a value and a hash/);
  });
});

describe('the API', () => {
  it('wants a Bearer key', async () => {
    const res = await fetch(`${fake.url}/v1/accounts/acct_1`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('answers an unknown id with 404 resource_missing, and an unknown URL with 404', async () => {
    const missing = await get('/v1/payment_intents/pi_nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'resource_missing' },
    });
    expect((await get('/v1/customers')).status).toBe(404);
  });

  it('refuses a parameter Stripe would not know, naming it', async () => {
    const res = await post('/v1/accounts', 'type=express&colour=blue');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'parameter_unknown', param: 'colour' },
    });
  });

  it('replays an idempotent request, and refuses the key with other parameters', async () => {
    const key = { 'idempotency-key': `k_${Date.now()}` };
    const first = await post('/v1/accounts', 'type=express&email=a%40x.test', key);
    const again = await post('/v1/accounts', 'type=express&email=a%40x.test', key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());

    const other = await post('/v1/accounts', 'type=express&email=b%40x.test', key);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } });
  });

  it('expands what it is asked to, and refuses what cannot be expanded', async () => {
    const destination = await onboardedAccount();
    const session = (await (
      await post('/v1/checkout/sessions', checkoutForm(destination, 'https://a.test/done'))
    ).json()) as { id: string };
    fake.payCheckout(session.id);

    const expanded = (await (
      await get(
        `/v1/checkout/sessions/${session.id}?expand[0]=payment_intent.latest_charge&expand[1]=line_items`,
      )
    ).json()) as {
      payment_intent: { object: string; latest_charge: unknown };
      line_items: { data: unknown[] };
    };
    expect(expanded.payment_intent.object).toBe('payment_intent');
    expect(expanded.payment_intent.latest_charge).toMatchObject({
      object: 'charge',
      amount: 500,
      application_fee_amount: 20,
      destination,
    });
    expect(expanded.line_items.data).toHaveLength(1);
    expect(typeof fake.sessions.get(session.id)?.payment_intent).toBe('string');

    const refused = await get(`/v1/checkout/sessions/${session.id}?expand[0]=client_reference_id`);
    expect(refused.status).toBe(400);
  });
});

describe('browser pages', () => {
  it('pays a checkout and returns to the success URL with the session id filled in', async () => {
    const destination = await onboardedAccount();
    const session = (await (
      await post(
        '/v1/checkout/sessions',
        checkoutForm(destination, 'https://a.test/done?s={CHECKOUT_SESSION_ID}'),
      )
    ).json()) as { id: string; url: string };
    const visit = await fetch(session.url, { redirect: 'manual' });
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe(`https://a.test/done?s=${session.id}`);
    expect(fake.sessions.get(session.id)?.payment_status).toBe('paid');
  });

  it('uses an onboarding link once; a second visit goes to the refresh URL', async () => {
    const account = (await (await post('/v1/accounts', 'type=express')).json()) as { id: string };
    const link = (await (
      await post(
        '/v1/account_links',
        new URLSearchParams({
          account: account.id,
          type: 'account_onboarding',
          return_url: 'https://a.test/back',
          refresh_url: 'https://a.test/again',
        }).toString(),
      )
    ).json()) as { url: string };
    const first = await fetch(link.url, { redirect: 'manual' });
    expect(first.headers.get('location')).toBe('https://a.test/back');
    expect(fake.accounts.get(account.id)?.details_submitted).toBe(true);
    const second = await fetch(link.url, { redirect: 'manual' });
    expect(second.headers.get('location')).toBe('https://a.test/again');
  });
});

describe('events', () => {
  it('snapshots the object and signs with the fake’s secret unless told otherwise', () => {
    const object = { id: 'ch_1', object: 'charge', amount: 500 };
    const event = fake.event('charge.refunded', object);
    object.amount = 1;
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      type: 'charge.refunded',
      data: { object: { amount: 500 } },
    });
    expect(fake.webhookSecret).toBe('whsec_fixed');
    expect(fake.sign('{}', { timestamp: 1700000000 })).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(fake.sign('{}', { timestamp: 1700000000, secret: 'whsec_other' })).not.toBe(
      fake.sign('{}', { timestamp: 1700000000 }),
    );
  });
});
