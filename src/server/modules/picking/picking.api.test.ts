import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetailSchema, type WholeBillBody } from '../../../contracts/bills';
import {
  creatorPickingResponseSchema,
  joinBillResponseSchema,
  joinLinkResponseSchema,
  joinPaymentLinkResponseSchema,
  joinResponseSchema,
  putPicksResponseSchema,
  type JoinBillResponse,
} from '../../../contracts/join';
import { checkoutResponseSchema } from '../../../contracts/payments';
import { toPence } from '../../../domain/money';
import { CHECKOUT_HOLD_MS } from '../payments/picking';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Friends pick their own items, on the embedded database or (TEST_DATABASE_URL) on PostgreSQL.
// The app's clock is moved forward to expire join links and checkouts.

let t: TestApp;
let ahead = 0;
let alice: Session;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date(Date.now() + ahead),
    joinRateLimits: { joinsPerIp: 100, windowSeconds: 600 },
  });
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
});
afterAll(() => t.close());

const { get, post } = requestsTo(() => t.app);
const put = (s: Session | null, url: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: s ? { cookie: s.cookie } : {},
    payload: payload as object,
  });

function dinner(overrides: Partial<WholeBillBody> = {}): WholeBillBody {
  return {
    name: 'Dishoom',
    status: 'picking',
    mode: 'byItem',
    tipPercent: 12.5,
    serviceCharge: '4.00',
    participants: [
      { key: 'me', name: 'Alice Archer' },
      { key: 's', name: 'Sam Smith' },
      { key: 'p', name: 'Priya' },
    ],
    items: [
      { name: 'Black Daal', amount: '8.90', splitMode: 'manual', assignments: [] },
      { name: 'Naan', amount: '10.00', splitMode: 'manual', assignments: [] },
      { name: 'Lamb Raan', amount: '17.33', splitMode: 'manual', assignments: [] },
    ],
    ...overrides,
  };
}

async function pickingBill(body = dinner()) {
  const res = await post(alice, '/api/bills', body);
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  const link = await post(alice, `/api/bills/${id}/join-link`);
  expect(link.statusCode, link.body).toBe(200);
  return { id, ...joinLinkResponseSchema.parse(link.json()) };
}

async function view(token: string): Promise<JoinBillResponse> {
  const res = await get(null, `/api/join/${token}`);
  expect(res.statusCode, res.body).toBe(200);
  return joinBillResponseSchema.parse(res.json());
}

async function join(token: string, name: string) {
  const res = await post(null, `/api/join/${token}/participants`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return joinResponseSchema.parse(res.json());
}

const itemId = (v: JoinBillResponse, name: string) => v.bill.items.find((i) => i.name === name)!.id;

/** The shares plus "Not picked yet" come to the bill total, to the penny. */
function expectAddsUp(v: JoinBillResponse) {
  const owed = v.participants.reduce((s, p) => s + toPence(p.amount), 0);
  expect(owed + toPence(v.notPicked.amount)).toBe(toPence(v.bill.totalAmount));
  for (const p of v.participants) {
    const nonFee = p.lines.filter((l) => l.kind !== 'fee');
    expect(nonFee.reduce((s, l) => s + toPence(l.amount), 0)).toBe(toPence(p.amount));
  }
}

async function count(sql: string): Promise<number> {
  const r = (await t.database.db.execute(sql)) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
}

describe('a bill friends pick', () => {
  it('is saved as picking and gets one join link of 192 random bits, valid 7 days', async () => {
    const { id, token, url, expiresAt } = await pickingBill();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url.endsWith(`/join/${token}`)).toBe(true);
    const days = (new Date(expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    // Asking again gives the same link.
    const again = joinLinkResponseSchema.parse(
      (await post(alice, `/api/bills/${id}/join-link`)).json(),
    );
    expect(again.token).toBe(token);
    const v = await view(token);
    expect(v.bill.status).toBe('picking');
    expect(v.participants.map((p) => p.firstName)).toEqual(['Alice', 'Sam', 'Priya']);
    expect(v.participants.map((p) => p.joined)).toEqual([true, false, false]);
    expect(toPence(v.notPicked.amount)).toBe(toPence(v.bill.totalAmount));
    // Never the creator's e-mail, surname or other bills.
    const raw = (await get(null, `/api/join/${token}`)).body;
    expect(raw).not.toContain('@');
    expect(raw).not.toContain('Archer');
    expect(raw).not.toContain('Smith');
  });

  it("turns a saved bill's assignments into picks", async () => {
    const body = dinner({ status: 'saved' });
    body.items[0]!.assignments = [
      { participant: 'me', portions: 1 },
      { participant: 'p', portions: 2 },
    ];
    body.items[1]!.splitMode = 'equally';
    body.items[2]!.assignments = [{ participant: 's', portions: 1 }];
    const saved = await post(alice, '/api/bills', body);
    const { id } = saved.json() as { id: string };
    const link = joinLinkResponseSchema.parse(
      (await post(alice, `/api/bills/${id}/join-link`)).json(),
    );
    const v = await view(link.token);
    expect(v.picks).toHaveLength(2 + 3 + 1);
    expect(toPence(v.notPicked.amount)).toBe(0);
    expectAddsUp(v);
    const detail = (await get(alice, `/api/bills/${id}`)).json() as { status: string };
    expect(detail.status).toBe('picking');
  });

  it('lets friends join, pick and see their share line by line', async () => {
    const { token } = await pickingBill();
    const sam = await join(token, 'sam smith');
    const zoe = await join(token, 'Zoë');
    expect(sam.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    let v = await view(token);
    expect(v.participants.map((p) => [p.firstName, p.joined])).toEqual([
      ['Alice', true],
      ['Sam', true],
      ['Priya', false],
      ['Zoë', true],
    ]);
    const naan = itemId(v, 'Naan');
    const res = await put(null, `/api/join/${token}/picks`, {
      ...sam,
      picks: [
        { itemId: naan, portions: 'share' },
        { itemId: itemId(v, 'Lamb Raan'), portions: 1.5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const share = putPicksResponseSchema.parse(res.json());
    expect(share.lines.map((l) => l.kind)).toEqual(['item', 'item', 'service', 'tip', 'fee']);
    // The same picks again change nothing (idempotent).
    const again = await put(null, `/api/join/${token}/picks`, {
      ...sam,
      picks: [
        { itemId: naan, portions: 'share' },
        { itemId: itemId(v, 'Lamb Raan'), portions: 1.5 },
      ],
    });
    expect(again.json()).toEqual(share);
    await put(null, `/api/join/${token}/picks`, {
      ...zoe,
      picks: [{ itemId: naan, portions: 'share' }],
    });
    v = await view(token);
    expect(v.picks.filter((p) => p.itemId === naan)).toHaveLength(2);
    expect(v.notPicked.items.map((i) => i.name)).toEqual(['Black Daal']);
    expectAddsUp(v);
  });
});

describe('live events', () => {
  it('records joins, picks and the end of picking in the bill event log; one 404 for bad tokens', async () => {
    const { id, token } = await pickingBill();
    const sam = await join(token, 'Sam Smith');
    const naan = itemId(await view(token), 'Naan');
    await put(null, `/api/join/${token}/picks`, { ...sam, picks: [{ itemId: naan, portions: 1 }] });
    const r = (await t.database.db.execute(
      `select type, data from bill_events where bill_id = '${id}' order by seq`,
    )) as unknown as { rows: { type: string; data: Record<string, unknown> }[] };
    expect(r.rows.map((e) => e.type)).toEqual(['bill.updated', 'join', 'pick']);
    expect(r.rows[1]!.data).toMatchObject({ participantId: sam.participantId, name: 'Sam' });
    expect(JSON.stringify(r.rows)).not.toContain('Smith');
    const unknown = await get(null, `/api/join/${'B'.repeat(32)}/events`);
    const page = await get(null, `/api/join/${'B'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(page.json().message);
  });
});

describe('bad input', () => {
  it('answers unknown, expired and malformed join tokens with one 404 body', async () => {
    const { token } = await pickingBill();
    const bodies: string[] = [];
    for (const bad of ['A'.repeat(32), 'not a token', '%00', 'x'.repeat(900)]) {
      const res = await get(null, `/api/join/${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(404);
      bodies.push(JSON.stringify({ ...res.json(), requestId: undefined }));
    }
    ahead = 8 * 86_400_000;
    try {
      const res = await get(null, `/api/join/${token}`);
      expect(res.statusCode).toBe(404);
      bodies.push(JSON.stringify({ ...res.json(), requestId: undefined }));
      const joining = await post(null, `/api/join/${token}/participants`, { name: 'Late' });
      expect(joining.statusCode).toBe(404);
    } finally {
      ahead = 0;
    }
    expect(new Set(bodies).size).toBe(1);
  });

  it('refuses names breaking the names rule, a taken name and a 51st person, storing nothing', async () => {
    const { id, token } = await pickingBill();
    const people = () =>
      count(`select count(*)::int as n from bill_participants where bill_id = '${id}'`);
    for (const name of ['<b>Sam</b>', '', 'x'.repeat(51), '😀']) {
      const res = await post(null, `/api/join/${token}/participants`, { name });
      expect(res.statusCode, name).toBe(400);
      expect(Object.keys(res.json().fields)).toContain('name');
    }
    await join(token, 'Sam Smith');
    const taken = await post(null, `/api/join/${token}/participants`, { name: 'SAM  SMITH' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toHaveProperty('name');
    expect(await people()).toBe(3);
    for (let i = 0; i < 47; i++) await join(token, `Friend ${i}`);
    expect(await people()).toBe(50);
    const full = await post(null, `/api/join/${token}/participants`, { name: 'One Too Many' });
    expect(full.statusCode).toBe(409);
    expect(full.json().fields).toHaveProperty('name');
    expect(await people()).toBe(50);
  });

  it('refuses bad portions, items of another bill and secrets of another person', async () => {
    const { id, token } = await pickingBill();
    const other = await pickingBill();
    const sam = await join(token, 'Sam');
    const priya = await join(token, 'Priya');
    const v = await view(token);
    const naan = itemId(v, 'Naan');
    const foreign = itemId(await view(other.token), 'Naan');
    const stored = () => count(`select count(*)::int as n from picks where bill_id = '${id}'`);
    const cases: [unknown, number, string][] = [
      [{ ...sam, picks: [{ itemId: naan, portions: 0.3 }] }, 400, 'picks.0.portions'],
      [{ ...sam, picks: [{ itemId: naan, portions: 10.5 }] }, 400, 'picks.0.portions'],
      [{ ...sam, picks: [{ itemId: naan, portions: 0 }] }, 400, 'picks.0.portions'],
      [{ ...sam, picks: [{ itemId: foreign, portions: 1 }] }, 400, 'picks.0.itemId'],
      [
        {
          ...sam,
          picks: [
            { itemId: naan, portions: 1 },
            { itemId: naan, portions: 2 },
          ],
        },
        400,
        'picks.1.itemId',
      ],
      [
        {
          participantId: sam.participantId,
          secret: priya.secret,
          picks: [{ itemId: naan, portions: 1 }],
        },
        403,
        'secret',
      ],
      [{ participantId: sam.participantId, secret: 'guess', picks: [] }, 403, 'secret'],
      [{ participantId: other.id, secret: sam.secret, picks: [] }, 400, 'participantId'],
    ];
    for (const [body, status, field] of cases) {
      const res = await put(null, `/api/join/${token}/picks`, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(Object.keys(res.json().fields ?? {}), res.body).toContain(field);
    }
    expect(await stored()).toBe(0);
    // The creator's own person has no secret: nobody can pick as them from the link.
    const creatorId = v.participants[0]!.id;
    const asCreator = await put(null, `/api/join/${token}/picks`, {
      participantId: creatorId,
      secret: '',
      picks: [{ itemId: naan, portions: 1 }],
    });
    expect(asCreator.statusCode).toBe(403);
  });

  it('limits joins per IP', async () => {
    const { token } = await pickingBill();
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/join/${token}/participants`,
        payload: { name: '<bad>' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 100; i++) expect((await from('10.9.9.9')).statusCode).toBe(400);
    const limited = await from('10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await from('10.9.9.10')).statusCode).toBe(400);
  });
});

describe('at the same moment', () => {
  it('keeps every one of 30 picks sent at once by 10 friends, and the shares add up', async () => {
    const body = dinner();
    body.items = Array.from({ length: 6 }, (_, i) => ({
      name: `Dish ${i}`,
      amount: `${7 + i}.${13 * i + 10}`,
      splitMode: 'manual' as const,
      assignments: [],
    }));
    const { id, token } = await pickingBill(body);
    const friends = await Promise.all(
      Array.from({ length: 10 }, (_, i) => join(token, `Friend ${i}`)),
    );
    const v = await view(token);
    const items = v.bill.items.map((i) => i.id);
    // Each friend picks three items (all ten pick dish 0: the same item at the same moment) and
    // sends their picks three times at once, as a phone retrying would: 30 requests together.
    const wanted = friends.map((_, f) => [0, 1 + (f % 5), 1 + ((f + 2) % 5)]);
    const requests = friends.flatMap((friend, f) =>
      [1, 2, 3].map(() =>
        put(null, `/api/join/${token}/picks`, {
          ...friend,
          picks: wanted[f]!.map((i, k) => ({ itemId: items[i]!, portions: k === 0 ? 'share' : 1 })),
        }),
      ),
    );
    const answers = await Promise.all(requests);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const after = await view(token);
    expect(after.picks.filter((p) => p.itemId === items[0])).toHaveLength(10);
    expect(after.picks).toHaveLength(30);
    expectAddsUp(after);
    // What is stored (amounts due, read by bill detail and payment links) adds up too: no
    // transaction stored shares computed without another's picks.
    const detail = billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
    const stored = detail.participants.reduce((s, p) => s + toPence(p.amountDue), 0);
    expect(stored + toPence(after.notPicked.amount)).toBe(toPence(detail.totalAmount));
    expect(detail.participants.map((p) => p.amountDue)).toEqual(
      after.participants.map((p) => p.amount),
    );
  });

  it('lets two friends picking one item at the same moment both share it', async () => {
    const { token } = await pickingBill();
    const [a, b] = await Promise.all([join(token, 'Ann'), join(token, 'Ben')]);
    const naan = itemId(await view(token), 'Naan');
    const [ra, rb] = await Promise.all(
      [a!, b!].map((f) =>
        put(null, `/api/join/${token}/picks`, {
          ...f,
          picks: [{ itemId: naan, portions: 'share' }],
        }),
      ),
    );
    expect([ra!.statusCode, rb!.statusCode]).toEqual([200, 200]);
    const v = await view(token);
    const lines = v.participants
      .filter((p) => p.firstName === 'Ann' || p.firstName === 'Ben')
      .map((p) => p.lines.find((l) => l.kind === 'item')!.amount);
    expect(lines).toEqual(['5.00', '5.00']);
  });

  it('answers each of picks sent together on its own: a refused one holds back no other', async () => {
    const { id, token } = await pickingBill();
    const [a, b, c] = await Promise.all([
      join(token, 'Ann'),
      join(token, 'Ben'),
      join(token, 'Cy'),
    ]);
    const v = await view(token);
    const naan = itemId(v, 'Naan');
    const daal = itemId(v, 'Black Daal');
    const answers = await Promise.all([
      put(null, `/api/join/${token}/picks`, { ...a!, picks: [{ itemId: naan, portions: 1 }] }),
      put(null, `/api/join/${token}/picks`, {
        participantId: b!.participantId,
        secret: a!.secret,
        picks: [{ itemId: daal, portions: 1 }],
      }),
      put(null, `/api/join/${token}/picks`, {
        ...c!,
        picks: [{ itemId: itemId(await view(token), 'Lamb Raan'), portions: 1 }],
      }),
      put(null, `/api/join/${token}/picks`, { ...c!, picks: [{ itemId: daal, portions: 0.3 }] }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 403, 200, 400]);
    expect(putPicksResponseSchema.parse(answers[0]!.json()).participantId).toBe(a!.participantId);
    expect(putPicksResponseSchema.parse(answers[2]!.json()).participantId).toBe(c!.participantId);
    const after = await view(token);
    expect(after.picks.map((p) => [p.participantId, p.itemId]).sort()).toEqual(
      [
        [a!.participantId, naan],
        [c!.participantId, itemId(v, 'Lamb Raan')],
      ].sort(),
    );
    expectAddsUp(after);
    expect(
      await count(
        `select count(*)::int as n from bill_events where bill_id = '${id}' and type = 'pick'`,
      ),
    ).toBe(2);
  });
});

describe('holds while a friend pays', () => {
  it('refuses with the reason while a checkout is open, releases it when it expires, fixes it when paid', async () => {
    const connect = await post(alice, '/api/sandbox/connect', {
      accountHolderName: 'Alice Archer',
      sortCode: '20-00-00',
      accountNumber: '55779911',
    });
    expect(connect.statusCode, connect.body).toBe(200);
    const { token } = await pickingBill();
    const sam = await join(token, 'Sam Smith');
    const priya = await join(token, 'Priya');
    const v = await view(token);
    const daal = itemId(v, 'Black Daal');
    const naan = itemId(v, 'Naan');
    await put(null, `/api/join/${token}/picks`, { ...sam, picks: [{ itemId: daal, portions: 1 }] });

    const payLink = await post(null, `/api/join/${token}/payment-link`, sam);
    expect(payLink.statusCode, payLink.body).toBe(200);
    const link = joinPaymentLinkResponseSchema.parse(payLink.json());
    const co = await post(null, '/api/payments/checkout', {
      token: link.token,
      participantIds: [sam.participantId],
    });
    expect(co.statusCode, co.body).toBe(200);
    const samBefore = (await view(token)).participants.find((p) => p.id === sam.participantId)!;
    expect(samBefore.state).toBe('held');
    expect(toPence(samBefore.amount) + toPence(samBefore.fee)).toBe(
      toPence(link.amountIncludingFee),
    );

    const refused = await put(null, `/api/join/${token}/picks`, {
      ...priya,
      picks: [{ itemId: daal, portions: 1 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Sam is paying for this one');
    const own = await put(null, `/api/join/${token}/picks`, { ...sam, picks: [] });
    expect(own.statusCode).toBe(409);
    // Another item is fine, and Sam's share does not move although the service is shared anew.
    const other = await put(null, `/api/join/${token}/picks`, {
      ...priya,
      picks: [{ itemId: naan, portions: 1 }],
    });
    expect(other.statusCode, other.body).toBe(200);
    let now = await view(token);
    expect(now.participants.find((p) => p.id === sam.participantId)!.lines).toEqual(
      samBefore.lines,
    );
    expectAddsUp(now);

    // The checkout's hold ends when it expires (the clock stays ahead from here: time goes on).
    ahead = CHECKOUT_HOLD_MS + 60_000;
    expect((await view(token)).participants.find((p) => p.id === sam.participantId)!.state).toBe(
      'open',
    );
    const released = await put(null, `/api/join/${token}/picks`, {
      ...priya,
      picks: [
        { itemId: naan, portions: 1 },
        { itemId: daal, portions: 1 },
      ],
    });
    expect(released.statusCode, released.body).toBe(200);
    // The expired checkout can no longer be paid.
    const stale = await post(null, `/api/sandbox/checkout/${co.json().sessionId}/pay`, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(stale.statusCode).toBe(410);

    // Paying fixes Sam's share for good.
    await put(null, `/api/join/${token}/picks`, {
      ...priya,
      picks: [{ itemId: naan, portions: 1 }],
    });
    const link2 = joinPaymentLinkResponseSchema.parse(
      (await post(null, `/api/join/${token}/payment-link`, sam)).json(),
    );
    const co2 = checkoutResponseSchema.parse(
      (
        await post(null, '/api/payments/checkout', {
          token: link2.token,
          participantIds: [sam.participantId],
        })
      ).json(),
    );
    const paid = await post(null, `/api/sandbox/checkout/${co2.sessionId}/pay`, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    now = await view(token);
    const samPaid = now.participants.find((p) => p.id === sam.participantId)!;
    expect(samPaid.state).toBe('paid');
    expect(toPence(samPaid.amount) + toPence(samPaid.fee)).toBe(toPence(link2.amountIncludingFee));
    const afterPaid = await put(null, `/api/join/${token}/picks`, {
      ...priya,
      picks: [{ itemId: daal, portions: 1 }],
    });
    expect(afterPaid.statusCode).toBe(409);
    expect(afterPaid.json().message).toBe('Sam has paid for this one');
  });
});

describe('the creator', () => {
  it('picks, removes a wrong pick, splits the rest and asks for the rest', async () => {
    const { id, token } = await pickingBill();
    const sam = await join(token, 'Sam Smith');
    const v = await view(token);
    const [daal, naan, raan] = v.bill.items.map((i) => i.id) as [string, string, string];
    const me = v.participants[0]!.id;
    await put(null, `/api/join/${token}/picks`, { ...sam, picks: [{ itemId: raan, portions: 1 }] });
    let res = await put(alice, `/api/bills/${id}/picks`, {
      participantId: me,
      picks: [{ itemId: daal, portions: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await put(alice, `/api/bills/${id}/picks`, {
      participantId: sam.participantId,
      picks: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const early = await post(alice, `/api/bills/${id}/picking/finish`);
    expect(early.statusCode).toBe(409);
    res = await post(alice, `/api/bills/${id}/picking/assign-rest`, {
      participantId: sam.participantId,
    });
    const assigned = creatorPickingResponseSchema.parse(res.json());
    expect(
      assigned.picks.filter((p) => p.participantId === sam.participantId).map((p) => p.itemId),
    ).toEqual([naan, raan]);
    expect(assigned.participants[1]!.name).toBe('Sam Smith');
    expect(toPence(assigned.notPicked.amount)).toBe(0);
    // Nobody else may see the creator's screen.
    const bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
    expect((await get(bob, `/api/bills/${id}/picking`)).statusCode).toBe(404);
    expect((await get(null, `/api/bills/${id}/picking`)).statusCode).toBe(401);

    const finished = await post(alice, `/api/bills/${id}/picking/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toEqual({ id, status: 'active' });
    const links = (await get(alice, `/api/bills/${id}/payment-links`)).json() as {
      paymentLinks: { participantName: string; amount: string }[];
    };
    expect(links.paymentLinks.map((l) => l.participantName)).toEqual(['Sam Smith', 'Priya']);
    const after = await view(token);
    expect(after.bill.status).toBe('active');
    expect(toPence(links.paymentLinks[0]!.amount)).toBe(toPence(after.participants[1]!.amount));
    const late = await put(null, `/api/join/${token}/picks`, { ...sam, picks: [] });
    expect(late.statusCode).toBe(409);
  });

  it('splits what is left equally among everyone', async () => {
    const { id, token } = await pickingBill();
    const res = await post(alice, `/api/bills/${id}/picking/split-rest`);
    expect(res.statusCode, res.body).toBe(200);
    const v = await view(token);
    expect(v.picks).toHaveLength(9);
    expect(toPence(v.notPicked.amount)).toBe(0);
    expectAddsUp(v);
  });
});
