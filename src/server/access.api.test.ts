import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxesOfLines } from '../testing/ocr-boxes';
import type { OcrPool } from './adapters/ocr/pool';
import { signUpWithProfile, type Session } from './testing/auth-helpers';
import { snapshot } from './testing/db-snapshot';
import { createTestApp, type TestApp } from './testing/test-app';

// Issue 22's access sweep: two users with everything a user can have (a bill with friends, payment
// links, a checkout, a payment intent, a share marked paid, a receipt scan). Every route that takes
// an id or a token is tried by each user with the other's: nothing of the other's is read or
// changed. And every signed-in route answers 401 to nobody.

const fakeOcr: OcrPool = {
  recognize: async () => ({
    boxes: boxesOfLines(['Tea 2.50', 'TOTAL 2.50']),
    ocrMs: 1,
    queueMs: 0,
  }),
  warmUp: async () => {},
  close: async () => {},
};

interface World {
  who: string;
  session: Session;
  billName: string;
  friendName: string;
  billId: string;
  friendId: string;
  creatorId: string;
  token: string;
  sessionId: string;
  intentId: string;
  intentToken: string;
  clientSecret: string;
  receiptId: string;
  rawSessionToken: string;
}

let t: TestApp;
let a: World;
let b: World;

async function worldOf(who: string, first: string): Promise<World> {
  const session = await signUpWithProfile(t.app, first, 'Tester');
  const post = async (
    url: string,
    payload: object | Buffer,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { cookie: session.cookie, ...headers },
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  await post('/api/sandbox/connect', {
    accountHolderName: `${first} Tester`,
    sortCode: '20-00-00',
    accountNumber: '55779911',
  });
  const billName = `${first}'s private dinner`;
  const friendName = `${first}friend`;
  const billId = (
    await post('/api/bills', {
      name: billName,
      participants: [
        { key: 'me', name: first },
        { key: 'f', name: friendName },
        { key: 'g', name: `${first}other` },
        { key: 'h', name: `${first}third` },
      ],
      items: [{ name: `${first} caviar`, amount: '120.00', splitMode: 'equally' }],
    })
  ).id;
  const links = (await post('/api/payment-links', { billId })).paymentLinks;
  const checkout = await post('/api/payments/checkout', {
    token: links[0].token,
    participantIds: [links[0].participantId],
  });
  const intent = await post(`/api/payment-links/${links[1].token}/process`, {});
  await post(`/api/bills/${billId}/participants/${links[2].participantId}/payment`, {
    method: 'cash',
  });
  const photo = await sharp({
    create: { width: 200, height: 300, channels: 3, background: '#fff' },
  })
    .png()
    .toBuffer();
  const receipt = await post(
    '/api/ocr/scan-receipt',
    Buffer.concat([
      Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      photo,
      Buffer.from('\r\n--b--\r\n'),
    ]),
    { 'content-type': 'multipart/form-data; boundary=b' },
  );
  const detail = (
    await t.app.inject({
      method: 'GET',
      url: `/api/bills/${billId}`,
      headers: { cookie: session.cookie },
    })
  ).json();
  return {
    who,
    session,
    billName,
    friendName,
    billId,
    friendId: links[0].participantId,
    creatorId: detail.participants[0].id,
    token: links[0].token,
    sessionId: checkout.sessionId,
    intentId: intent.paymentIntentId,
    intentToken: links[1].token,
    clientSecret: intent.clientSecret,
    receiptId: receipt.receiptId,
    rawSessionToken: session.token!.split('.')[0]!,
  };
}

beforeAll(async () => {
  t = await createTestApp({ ocr: fakeOcr });
  a = await worldOf('a', 'Ann');
  b = await worldOf('b', 'Ben');
}, 120_000);
afterAll(() => t.close());

/** What `me` may try with `other`'s ids and tokens: [what, request, the refusal expected]. */
function attempts(me: World, other: World): [string, InjectOptions, number][] {
  const as = { cookie: me.session.cookie };
  return [
    ['read their bill', { method: 'GET', url: `/api/bills/${other.billId}`, headers: as }, 404],
    [
      'list the bills shared with their friend',
      {
        method: 'GET',
        url: `/api/friends/bills?name=${encodeURIComponent(other.friendName)}`,
        headers: as,
      },
      404,
    ],
    [
      'rename their bill',
      {
        method: 'PATCH',
        url: `/api/bills/${other.billId}`,
        headers: as,
        payload: { name: 'Renamed by someone else' },
      },
      404,
    ],
    [
      'add an item to it',
      {
        method: 'POST',
        url: `/api/bills/${other.billId}/items`,
        headers: as,
        payload: { name: 'x', amount: '1.00' },
      },
      404,
    ],
    [
      'add a person to it',
      {
        method: 'POST',
        url: '/api/bill-participants',
        headers: as,
        payload: { billId: other.billId, participantName: 'Mallory' },
      },
      404,
    ],
    [
      'read its links',
      { method: 'GET', url: `/api/bills/${other.billId}/payment-links`, headers: as },
      404,
    ],
    [
      'make or renew its links',
      { method: 'POST', url: '/api/payment-links', headers: as, payload: { billId: other.billId } },
      404,
    ],
    [
      'mark their friend paid',
      {
        method: 'POST',
        url: `/api/bills/${other.billId}/participants/${other.friendId}/payment`,
        headers: as,
        payload: { method: 'cash' },
      },
      404,
    ],
    [
      'undo a share they marked paid',
      {
        method: 'DELETE',
        url: `/api/bills/${other.billId}/participants/${other.friendId}/payment`,
        headers: as,
      },
      404,
    ],
    [
      'mark their friend paid through my bill',
      {
        method: 'POST',
        url: `/api/bills/${me.billId}/participants/${other.friendId}/payment`,
        headers: as,
        payload: { method: 'cash' },
      },
      404,
    ],
    [
      'undo through my bill',
      {
        method: 'DELETE',
        url: `/api/bills/${me.billId}/participants/${other.friendId}/payment`,
        headers: as,
      },
      404,
    ],
    [
      'see their receipt photo',
      { method: 'GET', url: `/api/receipts/${other.receiptId}/image`, headers: as },
      404,
    ],
    [
      'save a bill with their scan',
      {
        method: 'POST',
        url: '/api/bills',
        headers: as,
        payload: {
          name: 'Mine',
          receiptId: other.receiptId,
          participants: [{ key: 'me', name: 'Me' }],
          items: [{ name: 'x', amount: '1.00', splitMode: 'equally' }],
        },
      },
      400,
    ],
    [
      'end their session',
      {
        method: 'POST',
        url: '/api/auth/revoke-session',
        headers: as,
        payload: { token: other.rawSessionToken },
      },
      404,
    ],
    [
      'pay for their friend with my link',
      {
        method: 'POST',
        url: '/api/payments/checkout',
        payload: { token: me.token, participantIds: [other.friendId] },
      },
      400,
    ],
    [
      'confirm their payment intent with my link',
      {
        method: 'POST',
        url: `/api/payment-links/${me.intentToken}/confirm`,
        payload: { paymentIntentId: other.intentId },
      },
      404,
    ],
    [
      'confirm it by the other path',
      {
        method: 'POST',
        url: `/api/pay/${me.intentToken}/confirm`,
        payload: { paymentIntentId: other.intentId },
      },
      404,
    ],
    [
      'pay their intent with my client secret',
      {
        method: 'POST',
        url: `/api/sandbox/checkout/${other.intentId}/pay`,
        payload: {
          number: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
          clientSecret: me.clientSecret,
        },
      },
      403,
    ],
  ];
}

const SIGNED_IN: [InjectOptions['method'], string][] = [
  ['GET', '/api/auth/user'],
  ['PATCH', '/api/auth/user'],
  ['POST', '/api/auth/sync-supabase-user'],
  ['GET', '/api/bills'],
  ['POST', '/api/bills'],
  ['GET', '/api/bills/:billId'],
  ['PATCH', '/api/bills/:billId'],
  ['POST', '/api/bills/:billId/items'],
  ['POST', '/api/bill-participants'],
  ['GET', '/api/bills/:billId/payment-links'],
  ['POST', '/api/bills/:billId/participants/:friendId/payment'],
  ['DELETE', '/api/bills/:billId/participants/:friendId/payment'],
  ['GET', '/api/activity'],
  ['GET', '/api/friends'],
  ['GET', '/api/friends/bills?name=x'],
  ['POST', '/api/activity/seen'],
  ['POST', '/api/payment-links'],
  ['GET', '/api/payment-links'],
  ['GET', '/api/stripe/bank-account'],
  ['GET', '/api/stripe/connect/status'],
  ['POST', '/api/stripe/connect/account'],
  ['POST', '/api/stripe/connect/start'],
  ['POST', '/api/stripe/connect/onboarding'],
  ['POST', '/api/sandbox/connect'],
  ['POST', '/api/ocr/scan-receipt'],
  ['POST', '/api/upload-receipt'],
  ['GET', '/api/receipts/:receiptId/image'],
];

describe('two users, every id and token of one tried by the other', () => {
  for (const [me, other] of [
    ['a', 'b'],
    ['b', 'a'],
  ] as const) {
    it(`${me === 'a' ? 'Ann' : 'Ben'} reads and changes nothing of ${other === 'a' ? "Ann's" : "Ben's"}`, async () => {
      const mine = me === 'a' ? a : b;
      const theirs = other === 'a' ? a : b;
      const before = await snapshot(t.database.db);
      for (const [what, opts, status] of attempts(mine, theirs)) {
        const res = await t.app.inject(opts);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
        for (const secret of [
          theirs.billName,
          theirs.friendName,
          theirs.token,
          theirs.clientSecret,
        ])
          expect(res.body, what).not.toContain(secret);
      }
      expect(await snapshot(t.database.db)).toBe(before);
    });

    it(`${me === 'a' ? "Ann's" : "Ben's"} lists, activity and pages show nothing of the other's`, async () => {
      const mine = me === 'a' ? a : b;
      const theirs = other === 'a' ? a : b;
      const as = { cookie: mine.session.cookie };
      const reads = [
        { method: 'GET', url: '/api/bills', headers: as },
        { method: 'GET', url: '/api/activity', headers: as },
        { method: 'GET', url: '/api/friends', headers: as },
        {
          method: 'GET',
          url: `/api/friends/bills?name=${encodeURIComponent(mine.friendName)}`,
          headers: as,
        },
        { method: 'GET', url: '/api/payment-links', headers: as },
        { method: 'GET', url: '/api/auth/user', headers: as },
        { method: 'GET', url: `/api/bills/${mine.billId}`, headers: as },
        { method: 'GET', url: `/api/payment-links/${mine.token}` },
        { method: 'GET', url: `/api/payment-links/${mine.token}/bill` },
        { method: 'GET', url: `/api/payments/sessions/${mine.sessionId}` },
        { method: 'GET', url: `/api/sandbox/checkout/${mine.intentId}` },
      ] as InjectOptions[];
      for (const opts of reads) {
        const res = await t.app.inject(opts);
        expect(res.statusCode, opts.url as string).toBe(200);
        for (const secret of [
          theirs.billName,
          theirs.friendName,
          theirs.billId,
          theirs.token,
          theirs.session.userId,
        ])
          expect(res.body, `${opts.url}`).not.toContain(secret);
      }
    });
  }

  it('every signed-in route answers 401 to nobody, and to a forged cookie, changing nothing', async () => {
    const before = await snapshot(t.database.db);
    for (const cookie of [undefined, 'better-auth.session_token=forged.value']) {
      for (const [method, path] of SIGNED_IN) {
        const url = path
          .replace(':billId', a.billId)
          .replace(':friendId', a.friendId)
          .replace(':receiptId', a.receiptId);
        const res = await t.app.inject({
          method,
          url,
          headers: cookie ? { cookie } : {},
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.body).not.toContain(a.billName);
      }
    }
    expect(await snapshot(t.database.db)).toBe(before);
  });
});
