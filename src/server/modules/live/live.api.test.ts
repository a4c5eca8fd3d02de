import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WholeBillBody } from '../../../contracts/bills';
import {
  checkoutResponseSchema,
  createPaymentLinksResponseSchema,
  PAYMENT_LINK_NOT_FOUND,
} from '../../../contracts/payments';
import { signUp, signUpWithProfile, uniqueEmail, type Session } from '../../testing/auth-helpers';
import { openEventStream } from '../../testing/event-stream';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Bill event streams (decision 017). On PostgreSQL (TEST_DATABASE_URL) the changes are made
// through one app and watched through a second on the same database, as two processes would: the
// events cross by LISTEN/NOTIFY. On the embedded database one process holds it: both are one app.

let t: TestApp;
let watcher: TestApp;
let alice: Session;
let bob: Session;
let base: string;
const aliceEmail = uniqueEmail('alice');

const { get, post } = requestsTo(() => t.app);
const patch = (s: Session, url: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: { cookie: s.cookie }, payload });

async function listen(app: TestApp['app']) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestApp({ liveStreams: { heartbeatMs: 200 } });
  watcher =
    t.database.kind === 'postgres'
      ? await createTestApp({
          database: t.database,
          secrets: t.secrets,
          liveStreams: { heartbeatMs: 200 },
        })
      : t;
  base = await listen(watcher.app);
  alice = await signUp(t.app, aliceEmail);
  await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/user',
    headers: { cookie: alice.cookie },
    payload: { firstName: 'Alice', lastName: 'Archer' },
  });
  bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
});
afterAll(async () => {
  if (watcher !== t) await watcher.close();
  await t.close();
});

const dinner = (): WholeBillBody => ({
  name: 'Dishoom',
  status: 'saved',
  mode: 'byItem',
  tipPercent: 10,
  serviceCharge: '0.00',
  participants: [
    { key: 'me', name: 'Alice' },
    { key: 'p', name: 'Priya' },
    { key: 'j', name: 'Jordan' },
  ],
  items: [{ name: 'Naan', amount: '30.00', splitMode: 'equally', assignments: [] }],
});

async function saveBill(s: Session) {
  const res = await post(s, '/api/bills', dinner());
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const rename = async (id: string, name: string) => {
  const res = await patch(alice, `/api/bills/${id}`, { name });
  expect(res.statusCode, res.body).toBe(200);
};

const creatorStream = (id: string, headers: Record<string, string> = {}) =>
  openEventStream(`${base}/api/bills/${id}/events`, { cookie: alice.cookie, ...headers });

describe('GET /api/bills/:id/events', () => {
  it('streams every change made through another process, in order, with its id', async () => {
    const id = await saveBill(alice);
    const stream = await creatorStream(id, { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    // Compressed, the events would wait in the compressor's block.
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toContain('no-store');
    for (let i = 1; i <= 5; i++) await rename(id, `Dinner ${i}`);
    const events = await stream.waitFor(5);
    expect(events.map((e) => [e.id, e.type, e.data.name])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [i, 'bill.updated', `Dinner ${i}`]),
    );
    expect(events.every((e) => e.billId === id)).toBe(true);
    stream.close();
  });

  it('numbers changes sent at the same moment through two processes without a gap or a repeat', async () => {
    const id = await saveBill(alice);
    const stream = await creatorStream(id);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? rename(id, `Name ${i}`)
          : watcher.app
              .inject({
                method: 'PATCH',
                url: `/api/bills/${id}`,
                headers: { cookie: alice.cookie },
                payload: { name: `Name ${i}` },
              })
              .then((r) => expect(r.statusCode).toBe(200)),
      ),
    );
    const events = await stream.waitFor(20);
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    stream.close();
  });

  it('resumes a dropped stream from Last-Event-ID: nothing missed, nothing repeated', async () => {
    const id = await saveBill(alice);
    const seen: number[] = [];
    let last: number | null = null;
    let stop = false;
    let made = 0;
    // Changes keep coming while the stream drops and comes back, four times.
    const writer = (async () => {
      while (!stop) {
        made++;
        await rename(id, `Round ${made}`);
      }
    })();
    for (let round = 0; round < 4; round++) {
      const stream = await creatorStream(id, last === null ? {} : { 'last-event-id': `${last}` });
      if (last === null) last = 0; // the first connection starts from what happens next
      await stream.waitFor(3);
      stream.close();
      seen.push(...stream.events.map((e) => e.id));
      last = stream.events.at(-1)!.id;
    }
    stop = true;
    await writer;
    // Whatever the last connection missed: read back from the log after its last event.
    const final = await creatorStream(id, { 'last-event-id': `${last}` });
    const expected = made - seen[0]! + 1;
    await final.waitFor(made - last!);
    final.close();
    seen.push(...final.events.map((e) => e.id));
    expect(seen).toHaveLength(expected);
    expect(seen).toEqual(Array.from({ length: expected }, (_, i) => seen[0]! + i));
  });

  it("answers 404 for another user's bill and an unknown one, 401 signed out", async () => {
    const id = await saveBill(alice);
    const theirs = await openEventStream(`${base}/api/bills/${id}/events`, { cookie: bob.cookie });
    expect(theirs.status).toBe(404);
    await theirs.ended;
    expect(JSON.parse(theirs.body)).toMatchObject({ message: expect.stringMatching(/not found/i) });
    for (const other of ['00000000-0000-4000-8000-000000000000', 'not-a-bill']) {
      const res = await openEventStream(`${base}/api/bills/${other}/events`, {
        cookie: alice.cookie,
      });
      expect(res.status).toBe(404);
      await res.ended;
      expect(JSON.parse(res.body).message).toBe(JSON.parse(theirs.body).message);
    }
    const anon = await openEventStream(`${base}/api/bills/${id}/events`);
    expect(anon.status).toBe(401);
  });

  it('keeps an idle stream open past the request timeout, with heartbeats', async () => {
    const short = await createTestApp({
      database: t.database,
      secrets: t.secrets,
      timeouts: { headersMs: 300, requestMs: 500 },
      liveStreams: { heartbeatMs: 100 },
    });
    try {
      const url = await listen(short.app);
      const id = await saveBill(alice);
      const stream = await openEventStream(`${url}/api/bills/${id}/events`, {
        cookie: alice.cookie,
      });
      await new Promise((r) => setTimeout(r, 1500));
      await rename(id, 'Still here');
      const [event] = await stream.waitFor(1);
      expect(event!.data.name).toBe('Still here');
      expect(stream.comments).toBeGreaterThan(5);
      stream.close();
    } finally {
      await short.close();
    }
  });

  it('lets go of a stream whose client left, and ends open streams when the server closes', async () => {
    const second = await createTestApp({ database: t.database, secrets: t.secrets });
    const url = await listen(second.app);
    const id = await saveBill(alice);
    const gone = await openEventStream(`${url}/api/bills/${id}/events`, { cookie: alice.cookie });
    await expect.poll(() => second.app.live.streams.open).toBe(1);
    gone.close();
    await expect.poll(() => second.app.live.streams.open).toBe(0);
    expect(second.app.live.bus.watched).toBe(0);

    const held = await openEventStream(`${url}/api/bills/${id}/events`, { cookie: alice.cookie });
    const started = Date.now();
    await second.close();
    await held.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('GET /api/pay/:token/events', () => {
  it("streams a payer's bill: its payments and completion, never the creator's e-mail", async () => {
    const bank = await post(alice, '/api/sandbox/connect', {
      accountHolderName: 'Alice Archer',
      sortCode: '20-00-00',
      accountNumber: '55779911',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const id = await saveBill(alice);
    const creator = await creatorStream(id);
    const linksRes = await post(alice, '/api/payment-links', { billId: id });
    expect(linksRes.statusCode, linksRes.body).toBe(201);
    const { paymentLinks: links } = createPaymentLinksResponseSchema.parse(linksRes.json());
    const [priya, jordan] = links;
    const payer = await openEventStream(`${base}/api/pay/${priya!.token}/events`);
    expect(payer.status).toBe(200);

    const co = await post(null, '/api/payments/checkout', {
      token: priya!.token,
      participantIds: [priya!.participantId],
    });
    expect(co.statusCode, co.body).toBe(200);
    const { sessionId } = checkoutResponseSchema.parse(co.json());
    const paid = await post(null, `/api/sandbox/checkout/${sessionId}/pay`, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/bills/${id}/participants/${jordan!.participantId}/payment`,
      headers: { cookie: alice.cookie },
      payload: { method: 'cash' },
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const events = await payer.waitFor(4);
    expect(events.map((e) => e.type)).toEqual([
      'payment.started',
      'payment.succeeded',
      'share.paid',
      'bill.completed',
    ]);
    expect(events[1]!.data).toMatchObject({ participantIds: [priya!.participantId] });
    expect(events[2]!.data).toEqual({ participantId: jordan!.participantId, paid: true });
    const all = await creator.waitFor(5);
    expect(all[0]).toMatchObject({ type: 'links.created' });
    expect(JSON.stringify([...events, ...all])).not.toContain(aliceEmail);
    payer.close();
    creator.close();
  });

  it('answers an unknown or malformed token with the payment link 404', async () => {
    const { requestId: _, ...expected } = (await get(null, '/api/payment-links/nope')).json();
    expect(expected.message).toBe(PAYMENT_LINK_NOT_FOUND);
    for (const token of ['nope', 'A'.repeat(32), '%00bad']) {
      const res = await openEventStream(`${base}/api/pay/${token}/events`);
      expect(res.status).toBe(404);
      await res.ended;
      expect(JSON.parse(res.body)).toMatchObject(expected);
    }
  });
});
