import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signInBodySchema,
  signUpBodySchema,
  syncUserBodySchema,
  updateProfileBodySchema,
} from '../contracts/auth';
import {
  createBillBodySchema,
  createItemBodySchema,
  createParticipantBodySchema,
  renameBillBodySchema,
  wholeBillBodySchema,
} from '../contracts/bills';
import {
  checkoutBodySchema,
  confirmBodySchema,
  createPaymentBodySchema,
  createPaymentLinksBodySchema,
  markPaidBodySchema,
  onboardingLinkBodySchema,
  sandboxBankBodySchema,
  sandboxConnectBodySchema,
  sandboxPayBodySchema,
} from '../contracts/payments';
import { deleteAccountBodySchema } from '../contracts/account';
import { archiveBillBodySchema } from '../contracts/bills';
import {
  assignRestBodySchema,
  creatorPicksBodySchema,
  joinBodySchema,
  joinPaymentLinkBodySchema,
  putPicksBodySchema,
} from '../contracts/join';
import {
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  remindBodySchema,
  updateNotificationSettingsBodySchema,
} from '../contracts/notifications';
import { boxesOfLines } from '../testing/ocr-boxes';
import type { OcrPool } from './adapters/ocr/pool';
import { signUpWithProfile, uniqueEmail, type Session } from './testing/auth-helpers';
import { watchChanges } from './testing/db-snapshot';
import { brokenBodies, toJson, validBody, type Samples } from './testing/fuzz';
import { createTestApp, type TestApp } from './testing/test-app';

// Issue 22: a contract-driven fuzz over every route. Each route's body is generated from its zod
// schema and sent once as is, then broken one place at a time (wrong types, missing and extra
// fields, huge strings and arrays, control characters, __proto__, 1e309, -0, deep nesting); its
// path parameters and query are broken too. Never a 500, never a stack trace or SQL in an answer,
// and a refused request changes nothing stored. Runs on either database.

const ORIGIN = 'http://localhost:3000';
const fakeOcr: OcrPool = {
  recognize: async () => ({
    boxes: boxesOfLines(['Tea 2.50', 'TOTAL 2.50']),
    ocrMs: 1,
    queueMs: 0,
  }),
  warmUp: async () => {},
  close: async () => {},
};

let t: TestApp;
let alice: Session;
/** Ids the valid bodies and paths use: Alice's bill, a friend on it, its link, its payments. */
const fx = {
  billId: '',
  declaredBillId: '',
  participantId: '',
  token: '',
  sessionId: '',
  bankSessionId: '',
  intentId: '',
  clientSecret: '',
  receiptId: '',
  email: '',
  intentToken: '',
  spareSession: '',
  /** A saved bill to edit, archive and delete. */
  spareBillId: '',
  /** A bill friends pick from: its join token, two items, and Bea who joined with her secret. */
  pickBillId: '',
  joinToken: '',
  pickItemId: '',
  restItemId: '',
  pickerId: '',
  pickerSecret: '',
};

beforeAll(async () => {
  t = await createTestApp({
    ocr: fakeOcr,
    authRateLimits: { signInPerIp: 1e6, signInPerEmail: 1e6, signUpPerIp: 1e6, windowSeconds: 60 },
  });
  alice = await signUpWithProfile(t.app, 'Alice', 'Able');
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { cookie: alice.cookie },
  });
  fx.email = me.json().email;
  // A second session of Alice's, for revoke-session to end.
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: fx.email, password: 'correct horse battery' },
  });
  fx.spareSession = (again.headers['set-auth-token'] as string).split('.')[0]!;
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  await post('/api/sandbox/connect', {
    accountHolderName: 'Alice Able',
    sortCode: '20-00-00',
    accountNumber: '55779911',
  });
  fx.billId = (
    await post('/api/bills', {
      name: 'Fuzzed',
      participants: [
        { key: 'me', name: 'Alice' },
        { key: 'b', name: 'Bea' },
        { key: 'c', name: 'Cal' },
        { key: 'd', name: 'Dee' },
        { key: 'e', name: 'Eve' },
      ],
      items: [{ name: 'Feast', amount: '400.00', splitMode: 'equally' }],
    })
  ).id;
  fx.declaredBillId = (await post('/api/bills', { name: 'Declared', totalAmount: '500.00' })).id;
  const links = await post('/api/payment-links', { billId: fx.billId });
  const link = links.paymentLinks[0];
  fx.participantId = link.participantId;
  fx.token = link.token;
  fx.sessionId = (
    await post('/api/payments/checkout', {
      token: links.paymentLinks[1].token,
      participantIds: [links.paymentLinks[1].participantId],
    })
  ).sessionId;
  fx.bankSessionId = (
    await post('/api/payments/checkout', {
      token: links.paymentLinks[3].token,
      participantIds: [links.paymentLinks[3].participantId],
      method: 'bank',
    })
  ).sessionId;
  // The test bank answers a few seconds after Approve, by itself: answered and settled here, so
  // that no route's check sees it change what is stored; the fuzzed request then finds it answered.
  await post(`/api/sandbox/checkout/${fx.bankSessionId}/bank`, {
    bank: 'Monzo',
    answer: 'approve',
  });
  for (let waited = 0; ; waited += 250) {
    const res = await t.app.inject({ url: `/api/payments/sessions/${fx.bankSessionId}` });
    if (res.json().status !== 'processing') break;
    expect(waited, 'the test bank never answered').toBeLessThan(30_000);
    await new Promise((r) => setTimeout(r, 250));
  }
  fx.intentToken = links.paymentLinks[2].token;
  const intent = await post(`/api/payment-links/${fx.intentToken}/process`, {});
  fx.intentId = intent.paymentIntentId;
  fx.clientSecret = intent.clientSecret;
  const receipt = await t.app.inject({
    method: 'POST',
    url: '/api/ocr/scan-receipt',
    headers: { cookie: alice.cookie, 'content-type': 'multipart/form-data; boundary=b' },
    payload: Buffer.concat([
      Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      await (
        await import('sharp')
      )
        .default({ create: { width: 200, height: 300, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      Buffer.from('\r\n--b--\r\n'),
    ]),
  });
  fx.receiptId = receipt.json().receiptId;
  fx.spareBillId = (
    await post('/api/bills', {
      name: 'Spare',
      participants: [
        { key: 'me', name: 'Alice' },
        { key: 'b', name: 'Bea' },
      ],
      items: [{ name: 'Tea', amount: '5.00', splitMode: 'equally' }],
    })
  ).id;
  fx.pickBillId = (
    await post('/api/bills', {
      name: 'Picked',
      status: 'picking',
      participants: [
        { key: 'me', name: 'Alice' },
        { key: 'b', name: 'Bea' },
      ],
      items: [
        { name: 'Curry', amount: '12.00', splitMode: 'manual', assignments: [] },
        { name: 'Naan', amount: '3.00', splitMode: 'manual', assignments: [] },
      ],
    })
  ).id;
  fx.joinToken = (await post(`/api/bills/${fx.pickBillId}/join-link`, {})).token;
  const joined = await t.app.inject({ method: 'GET', url: `/api/join/${fx.joinToken}` });
  fx.pickItemId = joined.json().bill.items[0].id;
  fx.restItemId = joined.json().bill.items[1].id;
  const bea = await t.app.inject({
    method: 'POST',
    url: `/api/join/${fx.joinToken}/participants`,
    headers: { origin: ORIGIN },
    payload: { name: 'Bea' },
  });
  expect(bea.statusCode, bea.body).toBe(201);
  fx.pickerId = bea.json().participantId;
  fx.pickerSecret = bea.json().secret;
  changes = await watchChanges(t.database.db);
}, 120_000);
afterAll(() => t.close());

/** Values by field name, for the valid bodies. */
const samples = (): Samples => ({
  name: 'Fuzz Test',
  participantName: 'Fuzzy',
  firstName: 'Fuzz',
  lastName: 'Test',
  username: 'fuzzer',
  email: () => uniqueEmail('fuzz'),
  password: 'correct horse battery',
  key: 'me',
  participant: 'me',
  portions: 1,
  assignments: [{ participant: 'me', portions: 1 }],
  mode: 'byItem',
  amount: '1.00',
  amountDue: '0',
  serviceCharge: '0',
  tip: '0',
  tipPercent: 10,
  date: '2026-01-15',
  billId: fx.billId,
  token: fx.token,
  participantIds: [fx.participantId],
  paymentIntentId: fx.intentId,
  clientSecret: fx.clientSecret,
  number: '4242424242424242',
  expiry: '12/34',
  cvc: '123',
  sortCode: '20-00-00',
  accountNumber: '55779911',
  accountHolderName: 'Fuzz Test',
  returnUrl: `${ORIGIN}/settings`,
  refreshUrl: `${ORIGIN}/settings`,
  method: 'cash',
});

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With :params, filled from the fixtures. */
  url: string;
  body?: z.ZodType | 'multipart' | 'raw';
  signedIn?: boolean;
  /** Body samples that differ from the shared ones (the e-mail of the signed-in user). */
  samples?: () => Samples;
  /** Path parameters that differ from the fixtures'. */
  params?: () => Record<string, string>;
  /** What the valid request answers, when not 200 or 201. */
  answers?: number;
  /** The valid request's query string, for a route that needs one. */
  query?: string;
}

// Every route the app has (checked against its router below); better-auth's own under /api/auth/*
// are covered by the paths Fairshare's client uses and two it does not.
const ROUTES: Route[] = [
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/api/auth/providers' },
  // Who is signed in: null for nobody (a signed-out start makes no failing request).
  { method: 'GET', url: '/api/auth/me' },
  { method: 'POST', url: '/api/auth/sign-up/email', body: signUpBodySchema },
  {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    body: signInBodySchema,
    samples: () => ({ email: fx.email }),
  },
  { method: 'GET', url: '/api/auth/get-session', signedIn: true },
  {
    method: 'POST',
    url: '/api/auth/revoke-session',
    body: z.object({ token: z.string() }),
    signedIn: true,
    samples: () => ({ token: fx.spareSession }),
  },
  {
    method: 'POST',
    url: '/api/auth/sign-in/social',
    body: z.object({ provider: z.string(), callbackURL: z.string() }),
    samples: () => ({ provider: 'google', callbackURL: '/' }),
    // Google is not configured here: its sign-in is 'not found', whatever the body.
    answers: 404,
  },
  { method: 'GET', url: '/api/auth/user', signedIn: true },
  { method: 'PATCH', url: '/api/auth/user', body: updateProfileBodySchema, signedIn: true },
  {
    method: 'POST',
    url: '/api/auth/sync-supabase-user',
    body: syncUserBodySchema,
    signedIn: true,
    samples: () => ({ email: fx.email, profileImageUrl: 'https://img.example/a.png' }),
  },
  { method: 'GET', url: '/api/logout', signedIn: true, answers: 405 },
  { method: 'GET', url: '/api/activity', signedIn: true },
  { method: 'GET', url: '/api/friends', signedIn: true },
  { method: 'GET', url: '/api/friends/bills', signedIn: true, query: 'name=Bea' },
  { method: 'POST', url: '/api/activity/seen', signedIn: true },
  { method: 'POST', url: '/api/bills', body: wholeBillBodySchema, signedIn: true },
  {
    method: 'POST',
    url: '/api/bills',
    body: createBillBodySchema,
    signedIn: true,
    samples: () => ({ totalAmount: '30.00' }),
  },
  { method: 'GET', url: '/api/bills', signedIn: true },
  { method: 'GET', url: '/api/bills/:id', signedIn: true },
  { method: 'PATCH', url: '/api/bills/:id', body: renameBillBodySchema, signedIn: true },
  {
    method: 'POST',
    url: '/api/bills/:declaredId/items',
    body: createItemBodySchema,
    signedIn: true,
    samples: () => ({ amount: '0.01' }),
  },
  {
    method: 'POST',
    url: '/api/bill-participants',
    body: createParticipantBodySchema,
    signedIn: true,
    samples: () => ({ billId: fx.declaredBillId }),
  },
  { method: 'GET', url: '/api/bills/:id/payment-links', signedIn: true },
  // An open event stream never ends, so inject() cannot read one (live.api.test.ts reads them over
  // HTTP): here every request names no stream, and none may answer otherwise than 4xx.
  {
    method: 'GET',
    url: '/api/bills/:id/events',
    signedIn: true,
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    answers: 404,
  },
  { method: 'GET', url: '/api/pay/:token/events', params: () => ({ token: 'x' }), answers: 404 },
  {
    method: 'POST',
    url: '/api/bills/:id/participants/:participantId/payment',
    body: markPaidBodySchema,
    signedIn: true,
  },
  { method: 'DELETE', url: '/api/bills/:id/participants/:participantId/payment', signedIn: true },
  // Nobody on the fixture bill has paid through Fairshare: there is nothing to refund.
  {
    method: 'POST',
    url: '/api/bills/:id/participants/:participantId/refund',
    signedIn: true,
    answers: 409,
  },
  { method: 'POST', url: '/api/payment-links', body: createPaymentLinksBodySchema, signedIn: true },
  { method: 'GET', url: '/api/payment-links', signedIn: true },
  { method: 'GET', url: '/api/payment-links/:token' },
  { method: 'GET', url: '/api/payment-links/:token/bill' },
  { method: 'POST', url: '/api/payment-links/:token/process' },
  {
    method: 'POST',
    url: '/api/payment-links/:token/confirm',
    body: confirmBodySchema,
    params: () => ({ token: fx.intentToken }),
  },
  {
    method: 'POST',
    url: '/api/pay/:token/confirm',
    body: confirmBodySchema,
    params: () => ({ token: fx.intentToken }),
  },
  { method: 'POST', url: '/api/create-stripe-payment', body: createPaymentBodySchema },
  {
    method: 'POST',
    url: '/api/payments/checkout',
    body: checkoutBodySchema,
    samples: () => ({ method: 'card' }),
  },
  { method: 'GET', url: '/api/payments/sessions/:sessionId' },
  { method: 'GET', url: '/api/sandbox/checkout/:sessionId' },
  { method: 'POST', url: '/api/sandbox/checkout/:sessionId/pay', body: sandboxPayBodySchema },
  {
    method: 'POST',
    url: '/api/sandbox/checkout/:sessionId/bank',
    body: sandboxBankBodySchema,
    params: () => ({ sessionId: fx.bankSessionId }),
  },
  { method: 'GET', url: '/api/stripe/bank-account', signedIn: true },
  { method: 'GET', url: '/api/stripe/connect/status', signedIn: true },
  { method: 'POST', url: '/api/stripe/connect/account', signedIn: true },
  { method: 'POST', url: '/api/stripe/connect/start', signedIn: true },
  {
    method: 'GET',
    url: '/api/stripe/connect/refresh',
    signedIn: true,
    query: `return=${encodeURIComponent('http://localhost:3000/settings?setup=complete')}&fallback=${encodeURIComponent('http://localhost:3000/settings?setup=refresh')}`,
    answers: 302,
  },
  {
    method: 'POST',
    url: '/api/stripe/connect/onboarding',
    body: onboardingLinkBodySchema,
    signedIn: true,
  },
  { method: 'POST', url: '/api/sandbox/connect', body: sandboxConnectBodySchema, signedIn: true },
  { method: 'POST', url: '/api/webhooks/stripe', body: 'raw' },
  { method: 'POST', url: '/api/ocr/scan-receipt', body: 'multipart', signedIn: true },
  { method: 'POST', url: '/api/upload-receipt', body: 'multipart', signedIn: true },
  { method: 'GET', url: '/api/receipts/:id/image', signedIn: true },
  { method: 'POST', url: '/api/auth/verification-email', signedIn: true },
  { method: 'GET', url: '/api/push/key' },
  {
    method: 'POST',
    url: '/api/push/subscriptions',
    body: pushSubscriptionBodySchema,
    signedIn: true,
    samples: () => ({
      endpoint: 'https://push.example.com/send/fuzz',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/push/subscriptions',
    body: pushUnsubscribeBodySchema,
    signedIn: true,
    samples: () => ({ endpoint: 'https://push.example.com/send/fuzz' }),
  },
  { method: 'GET', url: '/api/notifications/settings', signedIn: true },
  { method: 'GET', url: '/api/bills/:id/reminders', signedIn: true },
  { method: 'POST', url: '/api/bills/:id/reminders', body: remindBodySchema, signedIn: true },
  {
    method: 'PATCH',
    url: '/api/notifications/settings',
    body: updateNotificationSettingsBodySchema,
    signedIn: true,
    samples: () => ({ billReminders: true }),
  },
  { method: 'GET', url: '/api/account/export', signedIn: true },
  // Not Alice's password: the valid shape is refused (403) and her account stays for the rest.
  {
    method: 'POST',
    url: '/api/account/delete',
    body: deleteAccountBodySchema,
    signedIn: true,
    samples: () => ({ password: 'not her password' }),
    answers: 403,
  },
  {
    method: 'PUT',
    url: '/api/bills/:id',
    body: wholeBillBodySchema,
    signedIn: true,
    params: () => ({ id: fx.spareBillId }),
  },
  {
    method: 'PUT',
    url: '/api/bills/:id/archived',
    body: archiveBillBodySchema,
    signedIn: true,
    params: () => ({ id: fx.spareBillId }),
    samples: () => ({ archived: false }),
  },
  {
    method: 'DELETE',
    url: '/api/bills/:id',
    signedIn: true,
    params: () => ({ id: fx.spareBillId }),
    answers: 204,
  },
  // The picking bill: friends' routes first, then the creator's, ending picking last.
  {
    method: 'POST',
    url: '/api/bills/:id/join-link',
    signedIn: true,
    params: () => ({ id: fx.pickBillId }),
  },
  { method: 'GET', url: '/api/join/:token', params: () => ({ token: fx.joinToken }) },
  { method: 'GET', url: '/api/join/:token/events', params: () => ({ token: 'x' }), answers: 404 },
  {
    method: 'POST',
    url: '/api/join/:token/participants',
    body: joinBodySchema,
    params: () => ({ token: fx.joinToken }),
    samples: () => ({ name: 'Cal' }),
  },
  {
    method: 'PUT',
    url: '/api/join/:token/picks',
    body: putPicksBodySchema,
    params: () => ({ token: fx.joinToken }),
    samples: () => ({
      participantId: fx.pickerId,
      secret: fx.pickerSecret,
      picks: [{ itemId: fx.pickItemId, portions: 1 }],
    }),
  },
  {
    method: 'POST',
    url: '/api/join/:token/payment-link',
    body: joinPaymentLinkBodySchema,
    params: () => ({ token: fx.joinToken }),
    samples: () => ({ participantId: fx.pickerId, secret: fx.pickerSecret }),
  },
  {
    method: 'GET',
    url: '/api/bills/:id/picking',
    signedIn: true,
    params: () => ({ id: fx.pickBillId }),
  },
  {
    method: 'PUT',
    url: '/api/bills/:id/picks',
    body: creatorPicksBodySchema,
    signedIn: true,
    params: () => ({ id: fx.pickBillId }),
    samples: () => ({
      participantId: fx.pickerId,
      picks: [{ itemId: fx.pickItemId, portions: 2 }],
    }),
  },
  {
    method: 'POST',
    url: '/api/bills/:id/picking/split-rest',
    signedIn: true,
    params: () => ({ id: fx.pickBillId }),
  },
  {
    method: 'POST',
    url: '/api/bills/:id/picking/assign-rest',
    body: assignRestBodySchema,
    signedIn: true,
    params: () => ({ id: fx.pickBillId }),
    samples: () => ({ participantId: fx.pickerId }),
  },
  {
    method: 'POST',
    url: '/api/bills/:id/picking/finish',
    signedIn: true,
    params: () => ({ id: fx.pickBillId }),
  },
  { method: 'POST', url: '/api/logout', signedIn: true, answers: 303 },
];

function fill(url: string, over: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    id: fx.billId,
    declaredId: fx.declaredBillId,
    participantId: fx.participantId,
    token: fx.token,
    sessionId: fx.sessionId,
    ...over,
  };
  if (url.startsWith('/api/receipts/')) values.id = over.id ?? fx.receiptId;
  return url.replace(/:(\w+)/g, (_, k: string) => values[k] ?? k);
}

/** Broken path parameter values, as they travel in a URL. */
const BAD_PARAMS = [
  '%00',
  'x'.repeat(1500),
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  '%F0%9F%8D%95',
  '%E2%80%AE',
  '%ED%A0%80',
  '-0',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  '%20',
];

const BAD_QUERIES = [
  'limit=-1',
  'limit=1e309',
  'limit=0.5',
  'limit=abc',
  'limit=51',
  'cursor=%00',
  'cursor=' + 'A'.repeat(5000),
  'cursor[]=a',
  '__proto__[polluted]=1',
];

/** How many stored rows have changed so far (testing/db-snapshot.ts). */
let changes: () => Promise<number>;
let current = 0;
/** Sends one request and checks the rules; a 2xx moves the stored state on. */
async function check(what: string, opts: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(opts);
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(
    /\n\s+at \S|node_modules|Failed query|select .* from|PGlite|syntax error at/i,
  );
  const after = await changes();
  if (res.statusCode >= 400)
    expect(after, `${what} (${res.statusCode}) changed what is stored`).toBe(current);
  current = after;
  return res;
}

function requestOf(
  route: Route,
  url: string,
  payload?: string | Buffer,
  contentType?: string,
): InjectOptions {
  return {
    method: route.method,
    url,
    headers: {
      origin: ORIGIN,
      ...(route.signedIn ? { cookie: alice.cookie } : {}),
      ...(payload !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  };
}

describe('every route, under a contract-driven fuzz', () => {
  it('covers every route the app has', () => {
    const found = new Set<string>();
    const stack: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ├└─]*)(\/\S*) \(([^)]+)\)$/.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      stack.length = depth;
      stack.push(m[2]!);
      for (const method of m[3]!.split(', '))
        if (method !== 'HEAD') found.add(`${method} ${stack.join('')}`);
    }
    const covered = new Set(
      ROUTES.map((r) => `${r.method} ${r.url.replace(':declaredId', ':id')}`),
    );
    expect([...found].filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.url}${route.body && typeof route.body !== 'string' && route.url === '/api/bills' ? ` (${route.body === wholeBillBodySchema ? 'whole bill' : 'declared totals'})` : ''}`, async () => {
      current = await changes();
      const url = fill(route.url, route.params?.()) + (route.query ? `?${route.query}` : '');
      const s = { ...samples(), ...route.samples?.() };
      if (route.body === 'multipart') {
        const parts = [
          ['a JSON body', '{"receipt":"x"}', 'application/json'],
          ['no boundary', '--b\r\n\r\n', 'multipart/form-data'],
          [
            'a broken multipart',
            '--b\r\nContent-Disposition: form-data\r\n\r\nx',
            'multipart/form-data; boundary=b',
          ],
          [
            'another field',
            '--b\r\nContent-Disposition: form-data; name="other"; filename="a"\r\n\r\nxyz\r\n--b--\r\n',
            'multipart/form-data; boundary=b',
          ],
          [
            'two files',
            '--b\r\nContent-Disposition: form-data; name="receipt"; filename="a"\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data; name="receipt"; filename="b"\r\n\r\ny\r\n--b--\r\n',
            'multipart/form-data; boundary=b',
          ],
          [
            'a NUL file name',
            '--b\r\nContent-Disposition: form-data; name="receipt"; filename="a\u0000.jpg"\r\n\r\nx\r\n--b--\r\n',
            'multipart/form-data; boundary=b',
          ],
          ['text/plain', 'x', 'text/plain'],
        ] as const;
        for (const [what, payload, type] of parts)
          await check(what, requestOf(route, url, payload, type));
        return;
      }
      if (route.body === 'raw') {
        for (const payload of [
          '{}',
          '',
          'x'.repeat(600 * 1024),
          toJson({ id: 'evt_1', type: 'checkout.session.completed' }),
        ])
          await check('a webhook', {
            ...requestOf(route, url, payload),
            headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
          });
        return;
      }
      const body = route.body ? validBody(route.body, s) : undefined;
      const bodyText = body === undefined ? undefined : toJson(body);
      // The valid request: whatever it answers, never 5xx; most are 2xx (checked by the sweep).
      // The valid request is taken (so the broken ones below are broken in one place only).
      const valid = await check('the valid request', requestOf(route, url, bodyText));
      const expected = route.answers === undefined ? [200, 201] : [route.answers];
      expect(expected, `${valid.statusCode}: ${valid.body.slice(0, 300)}`).toContain(
        valid.statusCode,
      );
      if (route.body) {
        for (const [what, payload] of brokenBodies(body))
          await check(what, requestOf(route, url, payload));
      }
      if (route.url.includes(':')) {
        for (const param of route.url.match(/:\w+/g)!) {
          for (const bad of BAD_PARAMS)
            await check(
              `${param} = ${bad.slice(0, 40)}`,
              requestOf(route, fill(route.url, { [param.slice(1)]: bad }), bodyText),
            );
        }
      }
      for (const query of BAD_QUERIES)
        await check(
          `?${query.slice(0, 40)}`,
          requestOf(route, `${url}${url.includes('?') ? '&' : '?'}${query}`, bodyText),
        );
    }, 300_000);
  }
});
