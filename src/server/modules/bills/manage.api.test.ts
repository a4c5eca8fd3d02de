import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetailSchema, billListResponseSchema } from '../../../contracts/bills';
import { BILL_NO_LONGER_AVAILABLE } from '../../../contracts/constants';
import { PAYMENT_LINK_NOT_FOUND } from '../../../contracts/payments';
import { toDecimalString, toPence } from '../../../domain/money';
import { splitBill } from '../../../domain/split';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { makeWholeBill, moneyPath } from '../../testing/money-path';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Bills a user can manage (DECISIONS.md Managing saved bills): PUT and DELETE /api/bills/:id and
// archiving, on the embedded database or (TEST_DATABASE_URL) on PostgreSQL.

let t: TestApp;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
  bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
  await path.connectBank(alice);
});
afterAll(() => t.close());

const { get, post, del } = requestsTo(() => t.app);
const path = moneyPath(() => t.app);
const put = (s: Session, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie: s.cookie }, payload: payload as object });

async function detail(s: Session, id: string) {
  const res = await get(s, `/api/bills/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return billDetailSchema.parse(res.json());
}

async function rows(table: string, billId: string) {
  const r = (await t.database.db.execute(
    `select count(*)::int as n from ${table} where bill_id = '${billId}'`,
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
}

const edited = makeWholeBill({
  name: 'Dishoom, again',
  tipPercent: 12.5,
  participants: [
    { key: 'me', name: 'Alice' },
    { key: 'x', name: 'Sam' },
  ],
  items: [
    {
      name: 'Black Daal',
      amount: '8.90',
      splitMode: 'manual',
      assignments: [
        { participant: 'me', portions: 1 },
        { participant: 'x', portions: 2 },
      ],
    },
    { name: 'Naan', amount: '3.33', splitMode: 'equally', assignments: [] },
  ],
});

describe('PUT /api/bills/:id', () => {
  it('replaces a saved bill whole and stores its shares as the domain splits them', async () => {
    const id = await path.saveBill(alice);
    const res = await put(alice, `/api/bills/${id}`, edited);
    expect(res.statusCode, res.body).toBe(200);
    const answered = billDetailSchema.parse(res.json());
    expect(answered).toEqual(await detail(alice, id));
    expect(answered.name).toBe('Dishoom, again');
    expect(answered.items.map((i) => i.name)).toEqual(['Black Daal', 'Naan']);
    const split = splitBill({
      mode: 'byItem',
      tipPercent: 12.5,
      serviceChargePence: 300,
      taxPence: 0,
      participants: [
        { id: 'me', name: 'Alice' },
        { id: 'x', name: 'Sam' },
      ],
      items: [
        {
          name: 'Black Daal',
          amountPence: 890,
          splitMode: 'manual',
          assignments: [
            { participantId: 'me', portions: 1 },
            { participantId: 'x', portions: 2 },
          ],
        },
        { name: 'Naan', amountPence: 333, splitMode: 'equally', assignments: [] },
      ],
    });
    expect(answered.totalAmount).toBe(toDecimalString(split.total));
    expect(answered.participants.map((p) => [p.participantName, toPence(p.amountDue)])).toEqual(
      split.participants.map((p) => [p.name, p.amount]),
    );
    // Every stored line belongs to the new people; the old ones are gone with their lines.
    for (const p of answered.participants)
      expect(
        p.lines.filter((l) => l.kind !== 'fee').reduce((a, l) => a + toPence(l.amount), 0),
      ).toBe(toPence(p.amountDue));
    expect(await rows('bill_participants', id)).toBe(2);
    expect(await rows('share_lines', id)).toBe(
      answered.participants.reduce((a, p) => a + p.lines.length, 0),
    );
  });

  it('refuses a bill that does not split, naming the field, and changes nothing', async () => {
    const id = await path.saveBill(alice);
    const before = await detail(alice, id);
    const res = await put(alice, `/api/bills/${id}`, {
      ...edited,
      items: [{ name: 'Daal', amount: '8.90', splitMode: 'manual', assignments: [] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(['items.0.assignments']);
    expect(await detail(alice, id)).toEqual(before);
    const bad = await put(alice, `/api/bills/${id}`, { ...edited, tipPercent: -1 });
    expect(bad.statusCode).toBe(400);
    expect(await detail(alice, id)).toEqual(before);
  });

  it('answers 409 with a reason once the bill has payment links, and 404 for another user', async () => {
    const id = await path.saveBill(alice);
    expect((await put(bob, `/api/bills/${id}`, edited)).statusCode).toBe(404);
    await path.createLinks(alice, id);
    const before = await detail(alice, id);
    expect(before.hasPaymentLinks).toBe(true);
    const res = await put(alice, `/api/bills/${id}`, edited);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'bill_has_payment_links',
      message: 'This bill has payment links, so its people and amounts can no longer change.',
    });
    expect(await detail(alice, id)).toEqual(before);
  });
});

describe('DELETE /api/bills/:id', () => {
  it('deletes a bill without links, with everything under it', async () => {
    const id = await path.saveBill(alice);
    const res = await del(alice, `/api/bills/${id}`);
    expect(res.statusCode).toBe(204);
    expect((await get(alice, `/api/bills/${id}`)).statusCode).toBe(404);
    expect(await rows('bill_participants', id)).toBe(0);
    expect(await rows('share_lines', id)).toBe(0);
    expect((await del(alice, `/api/bills/${id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's bill and leaves it", async () => {
    const id = await path.saveBill(alice);
    expect((await del(bob, `/api/bills/${id}`)).statusCode).toBe(404);
    expect((await del(bob, '/api/bills/not-a-uuid')).statusCode).toBe(404);
    expect((await get(alice, `/api/bills/${id}`)).statusCode).toBe(200);
  });

  it('cancels the links of a bill nobody has paid: their pages say the bill is no longer available', async () => {
    const id = await path.saveBill(alice);
    const links = await path.createLinks(alice, id);
    expect((await del(alice, `/api/bills/${id}`)).statusCode).toBe(204);
    for (const l of links) {
      const page = await get(null, `/api/payment-links/${l.token}`);
      expect(page.statusCode).toBe(410);
      expect(page.json().message).toBe(BILL_NO_LONGER_AVAILABLE);
      const bill = await get(null, `/api/payment-links/${l.token}/bill`);
      expect(bill.statusCode).toBe(410);
      // Nobody can pay into it.
      const pay = await post(null, '/api/payments/checkout', {
        token: l.token,
        participantIds: [l.participantId],
      });
      expect(pay.statusCode).toBe(410);
    }
    // A token that never was still answers as before.
    const unknown = await get(null, `/api/payment-links/${'x'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PAYMENT_LINK_NOT_FOUND);
  });

  it('refuses (409) a bill with a payment, which can be archived instead: out of the lists', async () => {
    const id = await path.saveBill(alice, makeWholeBill({ name: 'Paid towards' }));
    const links = await path.createLinks(alice, id);
    const priya = links.find((l) => l.participantName === 'Priya')!;
    await path.payByCard(priya.token, priya.participantId);
    const res = await del(alice, `/api/bills/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'bill_has_payments', message: expect.any(String) });
    expect((await get(alice, `/api/bills/${id}`)).statusCode).toBe(200);

    const listed = async () =>
      billListResponseSchema
        .parse((await get(alice, '/api/bills')).json())
        .bills.find((b) => b.id === id);
    const row = await listed();
    // "1 of 2 paid": Jordan still owes his share.
    const jordan = (await detail(alice, id)).participants.find(
      (p) => p.participantName === 'Jordan',
    )!;
    expect(row?.owed).toBe(jordan.amountDue);
    expect(row?.participants.filter((p) => !p.isCreator).map((p) => p.status)).toEqual([
      'paid',
      'pending',
    ]);

    expect((await put(bob, `/api/bills/${id}/archived`, { archived: true })).statusCode).toBe(404);
    const archived = await put(alice, `/api/bills/${id}/archived`, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ id, archived: true });
    expect(await listed()).toBeUndefined();
    expect((await detail(alice, id)).archived).toBe(true);
    await put(alice, `/api/bills/${id}/archived`, { archived: false });
    expect(await listed()).toBeDefined();
  });
});
