import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_BELOW_ZERO_MESSAGE, BILL_TOO_LARGE_MESSAGE } from '../domain/split';
import { boxesOfLines } from '../testing/ocr-boxes';
import type { OcrPool } from './adapters/ocr/pool';
import { receipts } from './db/schema';
import { DEFAULT_TIMEOUTS } from './app';
import { SERVICE_UNAVAILABLE } from './http/errors';
import { MAX_JSON_DEPTH } from './http/json-body';
import { CROSS_SITE_MESSAGE } from './http/origin-check';
import { BAD_SHAPE_MESSAGE } from './modules/receipts/image';
import { signUpWithProfile, uniqueEmail, type Session } from './testing/auth-helpers';
import { snapshot } from './testing/db-snapshot';
import { createTestApp, type TestApp } from './testing/test-app';

// Issue 22, item by item: each case the issue found on main, on whichever database this run uses
// (embedded, or PostgreSQL with TEST_DATABASE_URL).

const ORIGIN = 'http://localhost:3000';
const LIMITS = { signInPerIp: 8, signInPerEmail: 4, signUpPerIp: 1000, windowSeconds: 600 };

let ocrCalls = 0;
/** Stands in for the OCR engine: counts the photos that reach it. */
const fakeOcr: OcrPool = {
  recognize: async () => {
    ocrCalls++;
    return { boxes: boxesOfLines(['Tea 2.50', 'TOTAL 2.50']), ocrMs: 1, queueMs: 0 };
  },
  warmUp: async () => {},
  close: async () => {},
};

let t: TestApp;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp({ ocr: fakeOcr, authRateLimits: LIMITS });
  alice = await signUpWithProfile(t.app, 'Alice', 'Able');
  bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
}, 60_000);
afterAll(() => t.close());

const as = (s: Session | null, extra: Record<string, string> = {}) => ({
  ...(s ? { cookie: s.cookie } : {}),
  ...extra,
});

const wholeBill = (over: Record<string, unknown> = {}) => ({
  name: 'Dinner',
  participants: [
    { key: 'me', name: 'Alice' },
    { key: 'sam', name: 'Sam' },
  ],
  items: [
    { name: 'Pizza', amount: '20.00', assignments: [{ participant: 'me', portions: 1 }] },
    { name: 'Wine', amount: '10.00', splitMode: 'equally' },
  ],
  ...over,
});

async function saveBill(s: Session, body: unknown = wholeBill()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bills',
    headers: as(s),
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

function multipart(file: Buffer) {
  const boundary = `----hardening${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Refused with a 4xx and a message, nothing stored changed, no 500. */
async function expectRefused(
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  message?: RegExp | string,
) {
  const before = await snapshot(t.database.db);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) {
    const text = (res.json() as { message: string }).message;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  }
  expect(res.body).not.toMatch(/\bat \S+:\d+|select |insert |update |PGlite|postgres/i);
  expect(await snapshot(t.database.db)).toBe(before);
  return res;
}

const sessionIp = async (userId: string) => {
  const r = (await t.database.db.execute(
    `select ip_address from session where user_id = '${userId}' order by created_at desc limit 1`,
  )) as unknown as { rows: { ip_address: string | null }[] };
  return r.rows[0]?.ip_address;
};

describe('the client address (TRUST_PROXY)', () => {
  it('with an https PUBLIC_URL and no TRUST_PROXY, X-Forwarded-For changes nothing: 40 tries from one address meet 429', async () => {
    const app = await createTestApp({
      database: t.database,
      env: { PUBLIC_URL: 'https://fairshare.example' },
      authRateLimits: { ...LIMITS, signInPerEmail: 100 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: uniqueEmail('forged'), password: 'guess guess' },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          remoteAddress: '203.0.113.7',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, LIMITS.signInPerIp).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(LIMITS.signInPerIp).every((s) => s === 429)).toBe(true);
      // A session records the socket's address, not the header's.
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: uniqueEmail('socket'), password: 'correct horse battery' },
        headers: { 'x-forwarded-for': '192.0.2.200' },
        remoteAddress: '203.0.113.8',
      });
      expect(res.statusCode).toBe(200);
      expect(await sessionIp(res.json().user.id)).toBe('203.0.113.8');
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY=1 the address the proxy saw counts, however the client dresses it', async () => {
    const app = await createTestApp({
      database: t.database,
      env: { TRUST_PROXY: '1' },
      authRateLimits: { ...LIMITS, signInPerIp: 3, signInPerEmail: 100 },
    });
    try {
      const viaProxy = (forwarded: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: uniqueEmail('proxied'), password: 'guess guess' },
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress: '127.0.0.1',
        });
      for (let i = 0; i < 3; i++) expect((await viaProxy('198.51.100.1')).statusCode).toBe(401);
      expect((await viaProxy('198.51.100.1')).statusCode).toBe(429);
      // The client wrote its own X-Forwarded-For; the proxy appended the address it saw.
      expect((await viaProxy('10.0.0.99, 198.51.100.1')).statusCode).toBe(429);
      expect((await viaProxy('198.51.100.2')).statusCode).toBe(401);
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: uniqueEmail('proxied'), password: 'correct horse battery' },
        headers: { 'x-forwarded-for': '198.51.100.9' },
        remoteAddress: '127.0.0.1',
      });
      expect(await sessionIp(res.json().user.id)).toBe('198.51.100.9');
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY as addresses, only those proxies are believed', async () => {
    const app = await createTestApp({ database: t.database, env: { TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const signUpFrom = async (remoteAddress: string, forwarded: string) => {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: { email: uniqueEmail('listed'), password: 'correct horse battery' },
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress,
        });
        return sessionIp(res.json().user.id);
      };
      expect(await signUpFrom('10.1.2.3', '192.0.2.44')).toBe('192.0.2.44');
      expect(await signUpFrom('192.0.2.99', '10.9.9.9')).toBe('192.0.2.99');
    } finally {
      await app.close();
    }
  });
});

describe('cross-site requests', () => {
  let billId: string;
  let participantId: string;
  beforeAll(async () => {
    billId = await saveBill(alice);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/bills/${billId}`,
      headers: as(alice),
    });
    participantId = detail.json().participants[1].id;
  });

  const upload = multipart(Buffer.from('not even a photo'));
  const cases = (): [string, string, string, unknown?, Record<string, string>?][] => [
    ['PATCH', '/api/auth/user', 'profile', { firstName: 'Mallory', lastName: 'Evil' }],
    ['POST', '/api/bills', 'a bill', wholeBill({ name: 'Planted' })],
    ['POST', '/api/bill-participants', 'a participant', { billId, participantName: 'Eve' }],
    ['POST', `/api/bills/${billId}/items`, 'an item', { name: 'Caviar', amount: '1.00' }],
    ['POST', '/api/auth/sync-supabase-user', 'the sync', { username: 'mallory' }],
    [
      'POST',
      '/api/activity/seen',
      'a text/plain activity/seen',
      'x',
      { 'content-type': 'text/plain' },
    ],
    [
      'POST',
      '/api/ocr/scan-receipt',
      'a multipart upload',
      upload.payload,
      { 'content-type': upload.contentType },
    ],
    ['POST', '/api/logout', 'sign-out'],
    ['POST', '/api/payment-links', 'links', { billId }],
    [
      'POST',
      `/api/bills/${billId}/participants/${participantId}/payment`,
      'mark paid',
      { method: 'cash' },
    ],
    [
      'POST',
      '/api/sandbox/connect',
      'a bank',
      { accountHolderName: 'Mallory', sortCode: '20-00-00', accountNumber: '55779911' },
    ],
    ['POST', '/api/auth/revoke-sessions', 'revoking every session'],
  ];

  it('refuses each state-changing call from another site with 403, before anything is read or changed', async () => {
    const ocrBefore = ocrCalls;
    for (const [method, url, what, payload, headers] of cases()) {
      const res = await expectRefused(
        () =>
          t.app.inject({
            method: method as 'POST',
            url,
            headers: as(alice, { origin: 'http://evil.example', ...headers }),
            ...(payload === undefined ? {} : { payload: payload as string }),
          }),
        403,
        CROSS_SITE_MESSAGE,
      );
      expect(res.json(), what).toMatchObject({ code: 'cross_site_request' });
    }
    expect(ocrCalls).toBe(ocrBefore);
    // Still signed in: the sign-out from another site did nothing.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: as(alice) });
    expect(me.json().firstName).toBe('Alice');
  });

  it('judges by the Referer when there is no Origin, and refuses Origin: null and cross-site fetch metadata', async () => {
    const send = (headers: Record<string, string>) => () =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        headers: as(alice, headers),
        payload: { firstName: 'Mallory', lastName: 'Evil' },
      });
    await expectRefused(send({ referer: 'http://evil.example/page.html' }), 403);
    await expectRefused(send({ origin: 'null' }), 403);
    await expectRefused(send({ 'sec-fetch-site': 'cross-site' }), 403);
    await expectRefused(send({ origin: 'http://localhost:3000.evil.example' }), 403);
    await expectRefused(send({ referer: 'not a url' }), 403);
  });

  it("takes the app's own pages, a configured extra origin, bearer-token calls and the signed webhook", async () => {
    const ok = (headers: Record<string, string>, s: Session | null = alice, app = t.app) =>
      app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        headers: { ...(s ? { cookie: s.cookie } : {}), ...headers },
        payload: { firstName: 'Alice', lastName: 'Able' },
      });
    expect((await ok({ origin: ORIGIN })).statusCode).toBe(200);
    expect((await ok({ referer: `${ORIGIN}/settings` })).statusCode).toBe(200);
    expect((await ok({})).statusCode).toBe(200); // a script: neither header
    expect(
      (await ok({ origin: 'http://evil.example', authorization: `Bearer ${alice.token}` }, null))
        .statusCode,
    ).toBe(200);
    const extra = await createTestApp({
      database: t.database,
      secrets: t.secrets,
      env: { TRUSTED_ORIGINS: 'https://m.fairshare.example' },
    });
    try {
      expect(
        (await ok({ origin: 'https://m.fairshare.example' }, alice, extra.app)).statusCode,
      ).toBe(200);
      expect(
        (await ok({ origin: 'https://x.fairshare.example' }, alice, extra.app)).statusCode,
      ).toBe(403);
    } finally {
      await extra.close();
    }
    // The webhook is authenticated by its signature, never by where it comes from.
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(400);
    expect(hook.json().code).toBe('bad_signature');
  });

  it('takes JSON only: a text/plain body from the app itself is 415', async () => {
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/bills',
          headers: as(alice, { origin: ORIGIN, 'content-type': 'text/plain' }),
          payload: JSON.stringify(wholeBill()),
        }),
      415,
    );
  });
});

describe('input that answered 500 on main', () => {
  const nul = 'Pizza\u0000Hut';
  it('a NUL (or another control character) in any text field: 400 naming it, nothing stored', async () => {
    const billId = await saveBill(alice);
    const sends: [string, () => Promise<LightMyRequestResponse>][] = [
      [
        'bill name',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bills',
            headers: as(alice),
            payload: wholeBill({ name: nul }),
          }),
      ],
      [
        'item name',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bills',
            headers: as(alice),
            payload: wholeBill({ items: [{ name: nul, amount: '5.00', splitMode: 'equally' }] }),
          }),
      ],
      [
        'participant',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bills',
            headers: as(alice),
            payload: wholeBill({
              participants: [
                { key: 'me', name: 'Al\u0000ice' },
                { key: 'sam', name: 'Sam' },
              ],
            }),
          }),
      ],
      [
        'declared bill',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bills',
            headers: as(alice),
            payload: { name: 'Tab\tbed', totalAmount: '10.00' },
          }),
      ],
      [
        'step-by-step participant',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bill-participants',
            headers: as(alice),
            payload: { billId, participantName: 'Eve\u0000' },
          }),
      ],
      [
        'step-by-step item',
        () =>
          t.app.inject({
            method: 'POST',
            url: `/api/bills/${billId}/items`,
            headers: as(alice),
            payload: { name: nul, amount: '1.00' },
          }),
      ],
      [
        'profile',
        () =>
          t.app.inject({
            method: 'PATCH',
            url: '/api/auth/user',
            headers: as(alice),
            payload: { firstName: 'Al\u0000ice', lastName: 'Able' },
          }),
      ],
      [
        'sync username',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/sync-supabase-user',
            headers: as(alice),
            payload: { username: 'al\u0000ice' },
          }),
      ],
      [
        'a bidi override',
        () =>
          t.app.inject({
            method: 'PATCH',
            url: '/api/auth/user',
            headers: as(alice),
            payload: { firstName: '\u202eecilA', lastName: 'Able' },
          }),
      ],
      [
        'a lone surrogate',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bills',
            headers: as(alice),
            payload: wholeBill({ name: 'Din\ud800ner' }),
          }),
      ],
      [
        'bank account name',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/sandbox/connect',
            headers: as(alice),
            payload: {
              accountHolderName: 'A\u0000',
              sortCode: '20-00-00',
              accountNumber: '55779911',
            },
          }),
      ],
    ];
    for (const [what, send] of sends) {
      const res = await expectRefused(send, 400, /control characters/);
      expect(res.json().fields, what).toBeDefined();
    }
    // A payer's token with a NUL is just an unknown token.
    const link = await t.app.inject({ method: 'GET', url: '/api/payment-links/abc%00def' });
    expect(link.statusCode).toBe(404);
  });

  it('a date of 0000-01-01 (or 275760): 400, on both ways of saving', async () => {
    for (const date of ['0000-01-01', '1999-12-31', '2100-01-01']) {
      await expectRefused(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bills',
            headers: as(alice),
            payload: wholeBill({ date }),
          }),
        400,
        /between 2000-01-01 and 2099-12-31/,
      );
      await expectRefused(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bills',
            headers: as(alice),
            payload: { name: 'Tab', totalAmount: '10.00', date },
          }),
        400,
      );
    }
    await saveBill(alice, wholeBill({ date: '2000-01-01' }));
    await saveBill(alice, wholeBill({ date: '2099-12-31' }));
  });

  it('three items of 9,999,999.99: 400 before anything is added up; the largest bill is kept exactly', async () => {
    const huge = { name: 'Yacht', amount: '9999999.99', splitMode: 'equally' };
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/bills',
          headers: as(alice),
          payload: wholeBill({ items: [huge, huge, huge] }),
        }),
      400,
      /£1,000,000\.00/,
    );
    // Items of £400,000 each are fine alone; three are over the bill-wide maximum.
    const big = { name: 'Yacht', amount: '400000.00', splitMode: 'equally' };
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/bills',
          headers: as(alice),
          payload: wholeBill({ items: [big, big, big] }),
        }),
      400,
      BILL_TOO_LARGE_MESSAGE,
    );
    // At the maximum, with a 100% tip: every figure is stored and read back to the penny.
    const id = await saveBill(
      alice,
      wholeBill({
        items: [
          { ...big, amount: '999999.99' },
          { ...big, amount: '0.01' },
        ],
        tipPercent: 100,
      }),
    );
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/bills/${id}`, headers: as(alice) })
    ).json();
    expect(detail).toMatchObject({
      subtotal: '1000000.00',
      tip: '1000000.00',
      totalAmount: '2000000.00',
      fee: '60000.00',
    });
  });

  it('money columns hold 64-bit amounts end to end', async () => {
    const id = await saveBill(bob, wholeBill({ name: 'Stored big' }));
    await t.database.db.execute(`update bills set total_pence = 5000000000 where id = '${id}'`);
    const detail = await t.app.inject({ method: 'GET', url: `/api/bills/${id}`, headers: as(bob) });
    expect(detail.json().totalAmount).toBe('50000000.00');
    const list = await t.app.inject({ method: 'GET', url: '/api/bills', headers: as(bob) });
    expect(list.json().bills.find((b: { id: string }) => b.id === id).totalAmount).toBe(
      '50000000.00',
    );
  });

  it('a forged list cursor: 400', async () => {
    const cursor = (s: string) => Buffer.from(s).toString('base64url');
    for (const c of [
      cursor('2026-01-01T00:00:00.000Z|not-a-uuid'),
      cursor(`+275760-09-13T00:00:00.000Z|${randomUUID()}`),
      cursor(`0000-01-01T00:00:00.000Z|${randomUUID()}`),
      cursor(`2026-01-01T00:00:00.000Z|${randomUUID()}|extra`),
      'not*a*cursor',
      'x'.repeat(300),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bills?cursor=${encodeURIComponent(c)}`,
        headers: as(alice),
      });
      expect(res.statusCode, c).toBe(400);
    }
    const fine = cursor(`2026-01-01T00:00:00.000Z|${randomUUID()}`);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/bills?cursor=${fine}`, headers: as(alice) }))
        .statusCode,
    ).toBe(200);
  });

  it('an image of 1 x 20000 (or 20000 x 1, or 1 x 21): 400 before the OCR sees it', async () => {
    for (const [width, height] of [
      [1, 20000],
      [20000, 1],
      [1, 21],
      [100, 2001],
    ] as const) {
      const png = await sharp({ create: { width, height, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const body = multipart(png);
      const before = ocrCalls;
      await expectRefused(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/ocr/scan-receipt',
            headers: as(alice, { 'content-type': body.contentType }),
            payload: body.payload,
          }),
        400,
        BAD_SHAPE_MESSAGE,
      );
      expect(ocrCalls).toBe(before);
    }
  });

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels: 400, signed in or not`, async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const deepObject = `{"email":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)},"password":"x"}`;
    for (const [url, payload, headers] of [
      ['/api/auth/sign-in/email', deep(100_000), {}],
      ['/api/auth/sign-in/email', deepObject, {}],
      ['/api/auth/sign-out', deep(100_000), {}],
      ['/api/auth/anything', deep(20_000), {}],
      ['/api/bills', deep(MAX_JSON_DEPTH + 1), as(alice)],
    ] as const) {
      const res = await expectRefused(
        () =>
          t.app.inject({
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload,
          }),
        400,
      );
      expect(res.json().code).toBe('json_too_deep');
    }
    // The app's own shapes are far shallower, and a string may hold any brackets.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bills',
      headers: as(alice),
      payload: wholeBill({ name: '[[[[[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{{{{{{{{{{{' }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('what is stored always adds up', () => {
  it('an item of -9,999,999.99, or discounts below zero: 400, nothing stored', async () => {
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/bills',
          headers: as(alice),
          payload: wholeBill({
            items: [{ name: 'Discount', amount: '-9999999.99', splitMode: 'equally' }],
          }),
        }),
      400,
    );
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/bills',
          headers: as(alice),
          payload: wholeBill({
            items: [
              { name: 'Soup', amount: '10.00', splitMode: 'equally' },
              { name: 'Voucher', amount: '-20.00', splitMode: 'equally' },
            ],
          }),
        }),
      400,
      BILL_BELOW_ZERO_MESSAGE,
    );
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/bills',
          headers: as(alice),
          payload: { name: 'Tab', totalAmount: '-10.00' },
        }),
      400,
    );
  });

  it("someone's share below zero: 400 naming them; a discount shared with items is fine", async () => {
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/bills',
          headers: as(alice),
          payload: wholeBill({
            items: [
              { name: 'Steak', amount: '30.00', assignments: [{ participant: 'me', portions: 1 }] },
              {
                name: 'Voucher',
                amount: '-5.00',
                assignments: [{ participant: 'sam', portions: 1 }],
              },
            ],
          }),
        }),
      400,
      "Sam's share would be below £0.00: give the discount to someone who had items too",
    );
    await saveBill(
      alice,
      wholeBill({
        items: [
          { name: 'Steak', amount: '30.00', splitMode: 'equally' },
          { name: 'Voucher', amount: '-5.00', assignments: [{ participant: 'sam', portions: 1 }] },
        ],
      }),
    );
  });

  it('an item that would take a saved bill below zero: 400, the bill as it was', async () => {
    const id = await saveBill(alice);
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/bills/${id}/items`,
          headers: as(alice),
          payload: { name: 'Refund', amount: '-100.00' },
        }),
      400,
      BILL_BELOW_ZERO_MESSAGE,
    );
  });

  it('items of a bill saved with declared totals come to no more than its subtotal, so they reconcile', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bills',
      headers: as(alice),
      payload: { name: 'Declared', totalAmount: '33.00', serviceCharge: '3.00' },
    });
    const id = created.json().id as string;
    for (const p of ['Alice', 'Sam'])
      await t.app.inject({
        method: 'POST',
        url: '/api/bill-participants',
        headers: as(alice),
        payload: { billId: id, participantName: p },
      });
    const item = (amount: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bills/${id}/items`,
        headers: as(alice),
        payload: { name: 'Dish', amount },
      });
    expect((await item('20.00')).statusCode).toBe(201);
    await expectRefused(
      () => item('10.01'),
      400,
      /more than the bill's subtotal of £30\.00: £10\.00 is left/,
    );
    expect((await item('10.00')).statusCode).toBe(201);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/bills/${id}`, headers: as(alice) })
    ).json();
    const itemsPence = detail.items.reduce(
      (s: number, i: { amount: string }) => s + Math.round(Number(i.amount) * 100),
      0,
    );
    expect(itemsPence).toBe(3000);
    expect(detail.subtotal).toBe('30.00');
    expect(detail.totalAmount).toBe('33.00');
  });

  it("a bill may name its owner's receipt scan only", async () => {
    const scanOf = async (ownerId: string) => {
      const [row] = await t.database.db
        .insert(receipts)
        .values({
          ownerId,
          image: Buffer.from('jpeg'),
          mime: 'image/jpeg',
          ocrText: '',
          parsed: { items: [] } as never,
          timings: { imageMs: 0, queueMs: 0, ocrMs: 0, parseMs: 0, totalMs: 0 },
        })
        .returning({ id: receipts.id });
      return row!.id;
    };
    const bobs = await scanOf(bob.userId);
    for (const receiptId of [bobs, randomUUID()]) {
      await expectRefused(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/bills',
            headers: as(alice),
            payload: wholeBill({ receiptId }),
          }),
        400,
        'The receipt scan was not found',
      );
    }
    const own = await scanOf(alice.userId);
    const id = await saveBill(alice, wholeBill({ receiptId: own }));
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/bills/${id}`,
      headers: as(alice),
    });
    expect(detail.json().receiptId).toBe(own);
  });
});

describe('the smaller points', () => {
  it("revoke-session answers 404 for another user's token, which stays signed in", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: as(alice),
      payload: { token: bob.token!.split('.')[0] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Session not found');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: as(bob) });
    expect(me.statusCode).toBe(200);
    // Its own other session it may end.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: me.json().email, password: 'correct horse battery' },
      remoteAddress: '10.77.0.1',
    });
    const second = again.headers['set-auth-token'] as string;
    // better-auth's own way to name a session, its token (the signed cookie's first part), works too.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: as(bob),
      payload: { token: second.split('.')[0] },
    });
    expect(own.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${second}` },
    });
    expect(gone.statusCode).toBe(401);
  });

  it('X-Frame-Options says what the CSP says: never framed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // No referrer to other sites; the app's own forms keep their Origin (the sign-out form).
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('signed-in answers are never stored by a cache', async () => {
    const id = await saveBill(alice);
    for (const url of [
      '/api/auth/user',
      '/api/bills',
      `/api/bills/${id}`,
      '/api/activity',
      '/api/payment-links',
      '/api/stripe/bank-account',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: as(alice) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('source maps are not served', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-web-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Fairshare</title>');
    fs.writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(root, 'assets', 'app.js.map'), '{"sources":["secret.ts"]}');
    const web = await createTestApp({ database: t.database, webRoot: root });
    try {
      expect((await web.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      const map = await web.app.inject({ method: 'GET', url: '/assets/app.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    } finally {
      await web.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('logs carry no e-mail address, even the sign-up of a registered one', async () => {
    const email = uniqueEmail('logged');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'correct horse battery' },
      remoteAddress: '10.66.0.1',
    });
    expect(first.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'something else entirely' },
      remoteAddress: '10.66.0.2',
    });
    const lines = t.logs!.lines;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => /[\w.+-]+@example\.com/.test(l))).toEqual([]);
  });
});

// --- slow clients, and two processes -------------------------------------------------------------

/** Opens an upload that sends its headers and the start of the photo, then nothing more. */
function stalledUpload(port: number, s: Session): net.Socket {
  const boundary = `stall${Math.random().toString(16).slice(2)}`;
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(
    `POST /api/ocr/scan-receipt HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${s.cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="r.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n${'\xff'.repeat(2000)}`,
  );
  return socket;
}

async function uploadOver(port: number, s: Session): Promise<number> {
  const form = new FormData();
  form.append('receipt', new Blob([Buffer.from('not a photo at all')]), 'r.jpg');
  const res = await fetch(`http://127.0.0.1:${port}/api/ocr/scan-receipt`, {
    method: 'POST',
    headers: { cookie: s.cookie },
    body: form,
  });
  return res.status;
}

describe('slow clients and two processes', () => {
  it('a stalled upload frees its scan place within 30 s; on PostgreSQL the places are shared by processes', async () => {
    const carol = await signUpWithProfile(t.app, 'Carol', 'Cole');
    // A second process on the same database.
    const other = await createTestApp({ database: t.database, secrets: t.secrets, ocr: fakeOcr });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as net.AddressInfo).port;
      const otherPort = (other.app.server.address() as net.AddressInfo).port;
      const started = Date.now();
      const stalled = [stalledUpload(port, carol), stalledUpload(port, carol)];
      // Both places are taken once both uploads are admitted.
      let third = 0;
      for (let i = 0; i < 50 && third !== 503; i++) {
        await new Promise((r) => setTimeout(r, 100));
        third = await uploadOver(port, carol);
      }
      expect(third).toBe(503);
      const elsewhere = await uploadOver(otherPort, carol);
      if (t.database.kind === 'postgres') expect(elsewhere).toBe(503);
      // The embedded database serves one process (its directory is locked): counted in memory.
      else expect(elsewhere).toBe(415);
      // Nothing more arrives: within the upload idle time the places come back.
      let freedAfter = 0;
      while (Date.now() - started < 30_000) {
        await new Promise((r) => setTimeout(r, 500));
        if ((await uploadOver(port, carol)) === 415) {
          freedAfter = Date.now() - started;
          break;
        }
      }
      expect(freedAfter).toBeGreaterThan(DEFAULT_TIMEOUTS.uploadIdleMs - 1000);
      expect(freedAfter).toBeLessThan(30_000);
      expect(await uploadOver(otherPort, carol)).toBe(415);
      for (const s of stalled) s.destroy();
    } finally {
      await other.close();
    }
  }, 45_000);

  it('on PostgreSQL two processes count sign-in tries together; embedded, the one process counts them', async () => {
    const email = uniqueEmail('shared');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'correct horse battery' },
      remoteAddress: '10.55.0.1',
    });
    const other = await createTestApp({
      database: t.database,
      secrets: t.secrets,
      authRateLimits: LIMITS,
    });
    try {
      const attempt = (app: TestApp['app'], i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email, password: 'wrong password' },
          remoteAddress: `10.55.1.${i}`,
        });
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.signInPerEmail + 1; i++)
        statuses.push((await attempt(i % 2 ? other.app : t.app, i)).statusCode);
      const rows = (await t.database.db.execute(
        'select count(*)::int as n from rate_limits',
      )) as unknown as { rows: { n: number }[] };
      if (t.database.kind === 'postgres') {
        expect(statuses).toEqual([401, 401, 401, 401, 429]);
        expect(rows.rows[0]!.n).toBeGreaterThan(0);
      } else {
        // Each in-process limiter saw every other try; the one process alone still stops at 4.
        expect(statuses).toEqual([401, 401, 401, 401, 401]);
        expect(rows.rows[0]!.n).toBe(0);
        for (let i = 0; i < 2; i++) await attempt(t.app, 10 + i);
        expect((await attempt(t.app, 20)).statusCode).toBe(429);
      }
    } finally {
      await other.close();
    }
  });

  it(`a database that cannot be reached answers 503 '${SERVICE_UNAVAILABLE}'`, async () => {
    // The fault tests stop a real PostgreSQL server; here the error itself is classified.
    const { isDatabaseUnavailable } = await import('./http/errors');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ).toBe(false);
  });
});
