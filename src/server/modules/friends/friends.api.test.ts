import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetailSchema, type BillDetail } from '../../../contracts/bills';
import { friendBillsResponseSchema, friendsResponseSchema } from '../../../contracts/friends';
import { toDecimalString, toPence } from '../../../domain/money';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

// DECISIONS.md, screens the spec names: /friends lists the people the user split bills with, most
// recent first, with the number of shared bills and what is still pending from each (names matched
// trimmed and case-insensitive); one friend's bills come newest first with their share.

let t: TestApp;
let alice: Session;
let bob: Session;
const bills: BillDetail[] = [];

const as = (s: Session) => ({ cookie: s.cookie });
const post = (s: Session, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: as(s), payload: payload as object });
const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: as(s) });

async function save(names: string[], amount: string): Promise<BillDetail> {
  const res = await post(alice, '/api/bills', {
    name: `Dinner with ${names.join(', ')}`,
    participants: [
      { key: 'me', name: 'Alice' },
      ...names.map((name, i) => ({ key: `f${i}`, name })),
    ],
    items: [{ name: 'Food', amount, splitMode: 'equally' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return billDetailSchema.parse((await get(alice, `/api/bills/${res.json().id}`)).json());
}

const dueOf = (bill: BillDetail, name: string) =>
  toPence(bill.participants.find((p) => p.participantName === name)!.amountDue);

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
  bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
  bills.push(await save(['Alex', 'Priya'], '30.00'));
  bills.push(await save([' alex ', 'Zoë'], '20.01'));
  bills.push(await save(['Priya'], '12.00'));
  // Priya pays her share of the newest bill (marked paid by hand, once links exist).
  const connect = await post(alice, '/api/sandbox/connect', {
    accountHolderName: 'Alice Archer',
    sortCode: '20-00-00',
    accountNumber: '55779911',
  });
  expect(connect.statusCode, connect.body).toBeLessThan(300);
  expect((await post(alice, '/api/payment-links', { billId: bills[2]!.id })).statusCode).toBe(201);
  const priya = bills[2]!.participants.find((p) => p.participantName === 'Priya')!;
  const paid = await post(alice, `/api/bills/${bills[2]!.id}/participants/${priya.id}/payment`, {
    method: 'cash',
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/friends', () => {
  it('lists everyone but the user, most recent first, with shared bills and what is pending', async () => {
    const res = await get(alice, '/api/friends');
    expect(res.statusCode).toBe(200);
    const { friends } = friendsResponseSchema.parse(res.json());
    const [first, second, third] = bills;
    expect(friends.map((f) => f.name)).toEqual(['Priya', 'alex', 'Zoë']);
    expect(friends[0]).toMatchObject({
      sharedBills: 2,
      pendingBills: 1,
      pendingAmount: toDecimalString(dueOf(first!, 'Priya')),
      lastSharedAt: third!.createdAt,
    });
    // ' alex ' on the second bill is the same person as 'Alex' on the first; named as last written.
    expect(friends[1]).toMatchObject({
      name: 'alex',
      sharedBills: 2,
      pendingBills: 2,
      pendingAmount: toDecimalString(dueOf(first!, 'Alex') + dueOf(second!, 'alex')),
    });
    expect(friends[2]).toMatchObject({
      sharedBills: 1,
      pendingAmount: toDecimalString(dueOf(second!, 'Zoë')),
    });
    expect(friends.map((f) => f.name)).not.toContain('Alice');
  });

  it("shows nothing of another user's friends", async () => {
    const { friends } = friendsResponseSchema.parse((await get(bob, '/api/friends')).json());
    expect(friends).toEqual([]);
  });
});

describe('GET /api/friends/bills', () => {
  it("lists one friend's bills newest first, with their share, whatever the name's case and spaces", async () => {
    const res = await get(alice, `/api/friends/bills?name=${encodeURIComponent('  ALEX ')}`);
    expect(res.statusCode).toBe(200);
    const body = friendBillsResponseSchema.parse(res.json());
    expect(body.friend.name).toBe('alex');
    expect(body.bills.map((b) => b.id)).toEqual([bills[1]!.id, bills[0]!.id]);
    expect(body.bills[0]!.share).toEqual({
      amountDue: toDecimalString(dueOf(bills[1]!, 'alex')),
      status: 'pending',
    });
    expect(body.bills[0]!.participants.map((p) => p.participantName)).toEqual([
      'Alice',
      'alex',
      'Zoë',
    ]);

    const priya = friendBillsResponseSchema.parse(
      (await get(alice, '/api/friends/bills?name=priya')).json(),
    );
    expect(priya.bills.map((b) => [b.id, b.share.status])).toEqual([
      [bills[2]!.id, 'paid'],
      [bills[0]!.id, 'pending'],
    ]);
  });

  it('answers 404 for a name on no bill of the user, another user included, and 400 without one', async () => {
    const nobody = await get(alice, '/api/friends/bills?name=Mallory');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('No bills shared with this person');
    const other = await get(bob, '/api/friends/bills?name=Alex');
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Dinner with');
    for (const query of ['', '?name=', '?name=%20%20', `?name=${'x'.repeat(201)}`, '?name=%00']) {
      const res = await get(alice, `/api/friends/bills${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    for (const url of ['/api/friends', '/api/friends/bills?name=Alex']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
