import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WholeBillBody } from '../../../contracts/bills';
import {
  joinBillResponseSchema,
  joinLinkResponseSchema,
  joinPaymentLinkResponseSchema,
  joinResponseSchema,
} from '../../../contracts/join';
import { checkoutResponseSchema } from '../../../contracts/payments';
import { signUp, uniqueEmail, type Session } from '../../testing/auth-helpers';
import { openEventStream } from '../../testing/event-stream';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The join link's stream (GET /api/join/:token/events), as a friend's phone holds it. On
// PostgreSQL (TEST_DATABASE_URL) the changes go through one app and the stream is held by a second
// on the same database, as two processes would: the events cross by LISTEN/NOTIFY. On the
// embedded database one process holds it.

let t: TestApp;
let watcher: TestApp;
let alice: Session;
let base: string;
const aliceEmail = uniqueEmail('alice');
const PAYOUT = { sortCode: '20-00-00', accountNumber: '55779911' };

const { get, post } = requestsTo(() => t.app);
const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload });

beforeAll(async () => {
  t = await createTestApp({ joinRateLimits: { joinsPerIp: 1000, windowSeconds: 600 } });
  watcher =
    t.database.kind === 'postgres'
      ? await createTestApp({ database: t.database, secrets: t.secrets })
      : t;
  await watcher.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(watcher.app.server.address() as AddressInfo).port}`;
  alice = await signUp(t.app, aliceEmail);
  const named = await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/user',
    headers: { cookie: alice.cookie },
    payload: { firstName: 'Alice', lastName: 'Archer' },
  });
  expect(named.statusCode, named.body).toBe(200);
  const bank = await post(alice, '/api/sandbox/connect', {
    accountHolderName: 'Alice Archer',
    ...PAYOUT,
  });
  expect(bank.statusCode, bank.body).toBe(200);
});
afterAll(async () => {
  if (watcher !== t) await watcher.close();
  await t.close();
});

const dinner = (name: string, status: 'saved' | 'picking' = 'picking'): WholeBillBody => ({
  name,
  status,
  mode: 'byItem',
  tipPercent: 10,
  serviceCharge: '3.00',
  participants: [
    { key: 'me', name: 'Alice Archer' },
    { key: 'p', name: 'Priya Patel' },
  ],
  items: [
    { name: 'Black Daal', amount: '8.90', splitMode: 'manual', assignments: [] },
    { name: 'Naan', amount: '10.00', splitMode: 'manual', assignments: [] },
    { name: 'Lamb Raan', amount: '17.33', splitMode: 'manual', assignments: [] },
  ],
});

async function pickingBill(name = 'Dishoom') {
  const res = await post(alice, '/api/bills', dinner(name));
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  const link = joinLinkResponseSchema.parse(
    (await post(alice, `/api/bills/${id}/join-link`)).json(),
  );
  const view = joinBillResponseSchema.parse((await get(null, `/api/join/${link.token}`)).json());
  const item = (n: string) => view.bill.items.find((i) => i.name === n)!.id;
  return { id, token: link.token, item, view };
}

async function join(token: string, name: string) {
  const res = await post(null, `/api/join/${token}/participants`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return joinResponseSchema.parse(res.json());
}

const joinStream = (token: string, headers: Record<string, string> = {}) =>
  openEventStream(`${base}/api/join/${token}/events`, headers);

describe('GET /api/join/:token/events', () => {
  it("carries joins, picks and a friend's payment made through another process, in order, and nothing of the creator's", async () => {
    // Another bill of Alice's, with its own join link: nothing of it may reach this stream.
    const other = await pickingBill('Secret Supper');
    const { id, token, item } = await pickingBill();
    const stream = await joinStream(token);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);

    const sam = await join(token, 'Sam Smith');
    const priya = await join(token, 'Priya Patel');
    await join(other.token, 'Olive Other');
    const picked = await put(`/api/join/${token}/picks`, {
      ...sam,
      picks: [{ itemId: item('Black Daal'), portions: 1 }],
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const shared = await put(`/api/join/${token}/picks`, {
      ...priya,
      picks: [
        { itemId: item('Naan'), portions: 1.5 },
        { itemId: item('Lamb Raan'), portions: 'share' },
      ],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    // Sam pays now: his checkout opens, then the sandbox card succeeds.
    const link = joinPaymentLinkResponseSchema.parse(
      (await post(null, `/api/join/${token}/payment-link`, sam)).json(),
    );
    const co = checkoutResponseSchema.parse(
      (
        await post(null, '/api/payments/checkout', {
          token: link.token,
          participantIds: [sam.participantId],
        })
      ).json(),
    );
    const paid = await post(null, `/api/sandbox/checkout/${co.sessionId}/pay`, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    await expect
      .poll(() => stream.events.some((e) => e.type === 'payment.succeeded'), { timeout: 15_000 })
      .toBe(true);
    stream.close();
    const events = stream.events;
    // Numbered one after another, from the first change after the stream opened.
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => events[0]!.id + i));
    expect(events.every((e) => e.billId === id)).toBe(true);
    const types = events.map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(['join', 'join', 'pick', 'pick']);
    expect(types.indexOf('payment.started')).toBeGreaterThan(3);
    expect(types.indexOf('payment.succeeded')).toBeGreaterThan(types.indexOf('payment.started'));
    expect(events[0]!.data).toMatchObject({ participantId: sam.participantId, name: 'Sam' });
    expect(events.find((e) => e.type === 'payment.succeeded')!.data).toMatchObject({
      participantIds: [sam.participantId],
    });

    // First names, ids and amounts only: no e-mail, surname, payout account or other bill.
    for (const secret of [
      aliceEmail,
      '@',
      'Archer',
      'Smith',
      'Patel',
      PAYOUT.accountNumber,
      PAYOUT.accountNumber.slice(-4),
      PAYOUT.sortCode,
      other.id,
      'Secret Supper',
      'Olive',
      sam.secret,
    ])
      expect(stream.raw, secret).not.toContain(secret);
  });

  it('resumes a dropped stream from Last-Event-ID: nothing missed, nothing repeated', async () => {
    const { token, item } = await pickingBill();
    const friends = await Promise.all(['Ann', 'Ben', 'Cat'].map((n) => join(token, n)));
    const items = [item('Black Daal'), item('Naan'), item('Lamb Raan')];
    let made = 0;
    let stop = false;
    // Friends keep picking while the stream drops and comes back, three times.
    const writer = (async () => {
      while (!stop) {
        const friend = friends[made % 3]!;
        const res = await put(`/api/join/${token}/picks`, {
          ...friend,
          picks: [{ itemId: items[made % 3]!, portions: 1 + (made % 4) * 0.5 }],
        });
        expect(res.statusCode, res.body).toBe(200);
        made++;
      }
    })();
    const seen: number[] = [];
    let last: number | null = null;
    for (let round = 0; round < 3; round++) {
      const stream = await joinStream(token, last === null ? {} : { 'last-event-id': `${last}` });
      await stream.waitFor(3, 15_000);
      stream.close();
      seen.push(...stream.events.map((e) => e.id));
      last = stream.events.at(-1)!.id;
    }
    stop = true;
    await writer;
    // The last picks, read back after the last event seen.
    const final = await joinStream(token, { 'last-event-id': `${last}` });
    // Events 1 to 4 are the join link and the three joins; each pick is one more.
    await final.waitFor(4 + made - last!, 15_000);
    final.close();
    seen.push(...final.events.map((e) => e.id));
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => seen[0]! + i));
    expect(seen.at(-1)).toBe(4 + made);
  });

  it('answers an unknown, malformed or expired token with the join link 404', async () => {
    const page = await get(null, `/api/join/${'B'.repeat(32)}`);
    for (const bad of ['B'.repeat(32), 'not%20a%20token', 'x'.repeat(300)]) {
      const res = await joinStream(bad);
      expect(res.status, bad).toBe(404);
      expect(JSON.parse(res.body).message).toBe(page.json().message);
      res.close();
    }
  });
});
