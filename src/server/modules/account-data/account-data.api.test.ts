import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountExportSchema,
  DELETE_WRONG_PASSWORD,
  EXPORT_CSV_HEADER,
} from '../../../contracts/account';
import { creatorPickingResponseSchema } from '../../../contracts/join';
import { PAYMENT_LINK_NOT_FOUND } from '../../../contracts/payments';
import { signUp, uniqueEmail, type Session } from '../../testing/auth-helpers';
import { makeWholeBill, moneyPath } from '../../testing/money-path';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Download my data and delete my account, on the embedded database or (TEST_DATABASE_URL) on
// PostgreSQL.

let t: TestApp;
const { get, post } = requestsTo(() => t.app);
const path = moneyPath(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  // Each test builds whole accounts (sign-up, bank, bills, links, a card payment): many requests.
  vi.setConfig({ testTimeout: 120_000 });
});
afterAll(() => t.close());

async function rows<T>(query: string): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A user with a receipt scan, a paid-towards bill with links, and a saved bill. */
async function account(first: string, password = 'correct horse battery') {
  const email = uniqueEmail(first.toLowerCase());
  const s = await signUp(t.app, email, password);
  await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/user',
    headers: { cookie: s.cookie },
    payload: { firstName: first, lastName: 'Tester' },
  });
  await path.connectBank(s);
  const [scan] = await rows<{ id: string }>(`insert into receipts (owner_id, image, mime, ocr_text,
      parsed, timings) values ('${s.userId}', '\\x89504e47'::bytea, 'image/png', '${first} OCR',
      '{}'::jsonb, '{}'::jsonb) returning id`);
  const paidBill = await path.saveBill(
    s,
    makeWholeBill({
      name: `${first}'s dinner`,
      participants: [
        { key: 'me', name: first },
        { key: 'p2', name: 'Priya' },
        { key: 'p3', name: 'Jordan' },
      ],
      receiptId: scan!.id,
    }),
  );
  const links = await path.createLinks(s, paidBill);
  const priya = links.find((l) => l.participantName === 'Priya')!;
  await path.payByCard(priya.token, priya.participantId);
  const savedBill = await path.saveBill(s, makeWholeBill({ name: `${first}'s lunch, "plain"` }));
  return { s, email, password, paidBill, savedBill, links, scanId: scan!.id };
}

describe('GET /api/account/export', () => {
  it('holds the profile, bills with their parts, links, payments, payout account and activity, and nothing of another account', async () => {
    const alice = await account('Alice');
    const bob = await account('Bob');
    const res = await get(alice.s, '/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="fairshare-data-/);
    const data = accountExportSchema.parse(JSON.parse(res.body));
    expect(data.profile).toMatchObject({
      id: alice.s.userId,
      email: alice.email,
      firstName: 'Alice',
    });
    expect(data.signInMethods.map((m) => m.provider)).toEqual(['credential']);
    expect(res.body).not.toMatch(/"password"/);
    expect(data.payoutAccount).toMatchObject({ provider: 'sandbox', bankLast4: '9911' });
    expect(data.payoutAccount?.bankName).toBeTruthy();
    expect(data.receiptScans).toEqual([
      expect.objectContaining({ id: alice.scanId, ocrText: 'Alice OCR', image: 'iVBORw==' }),
    ]);
    expect(data.bills.map((b) => b.name).sort()).toEqual([
      "Alice's dinner",
      'Alice\'s lunch, "plain"',
    ]);
    const dinner = data.bills.find((b) => b.id === alice.paidBill)!;
    expect(dinner.receiptId).toBe(alice.scanId);
    expect(dinner.items.map((i) => i.name)).toEqual(['French Fries', 'Red Wine', 'Chai']);
    expect(dinner.items[0]!.assignments).toEqual([
      { participant: 'Alice', portions: 1.5 },
      { participant: 'Priya', portions: 0.5 },
    ]);
    expect(dinner.participants.map((p) => [p.name, p.status])).toEqual([
      ['Alice', 'pending'],
      ['Priya', 'paid'],
      ['Jordan', 'pending'],
    ]);
    expect(dinner.participants[1]!.lines.length).toBeGreaterThan(0);
    expect(dinner.paymentLinks.map((l) => [l.participant, l.status])).toEqual([
      ['Priya', 'paid'],
      ['Jordan', 'pending'],
    ]);
    const priyaShare = dinner.participants[1]!;
    expect(dinner.payments).toEqual([
      expect.objectContaining({
        method: 'card',
        status: 'succeeded',
        amount: priyaShare.amountDue,
        fee: priyaShare.fee,
        paidFor: ['Priya'],
        completedAt: expect.any(String),
      }),
    ]);
    expect(data.activity.map((a) => a.type).sort()).toEqual([
      'bill_created',
      'bill_created',
      'payment_received',
    ]);
    // Nothing of Bob's: not his bills, his e-mail, his scan or his id.
    for (const theirs of ["Bob's", bob.email, bob.scanId, bob.s.userId, 'Bob OCR'])
      expect(res.body).not.toContain(theirs);
    expect((await get(null, '/api/account/export')).statusCode).toBe(401);
  });

  it('as CSV: one row per person per bill, with what they owed, whether they paid and how', async () => {
    const carol = await account('Carol');
    const res = await get(carol.s, '/api/account/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(EXPORT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(1 + 3 + 3);
    const exported = accountExportSchema.parse((await get(carol.s, '/api/account/export')).json());
    const dinner = exported.bills.find((b) => b.id === carol.paidBill)!;
    const date = dinner.date;
    expect(lines).toContain(
      `${date},Carol's dinner,Priya,${dinner.participants[1]!.amountDue},yes,card`,
    );
    expect(lines).toContain(
      `${date},Carol's dinner,Jordan,${dinner.participants[2]!.amountDue},no,`,
    );
    expect(lines).toContain(
      `${date},Carol's dinner,Carol,${dinner.participants[0]!.amountDue},yes,covered the bill`,
    );
    // A name with a comma and quotes is one quoted cell.
    expect(lines.filter((l) => l.includes('"Carol\'s lunch, ""plain"""'))).toHaveLength(3);
    expect((await get(carol.s, '/api/account/export?format=xml')).statusCode).toBe(400);
  });
});

describe('GET /api/account/export, a bill friends pick from', () => {
  it("holds each friend's picks and the join link (not its token)", async () => {
    const gail = await account('Gail');
    const join = await post(gail.s, `/api/bills/${gail.savedBill}/join-link`);
    expect(join.statusCode, join.body).toBe(200);
    const picking = creatorPickingResponseSchema.parse(
      (await get(gail.s, `/api/bills/${gail.savedBill}/picking`)).json(),
    );
    const priya = picking.participants.find((p) => p.name === 'Priya')!;
    const fries = picking.bill.items.find((i) => i.name === 'French Fries')!;
    const wine = picking.bill.items.find((i) => i.name === 'Red Wine')!;
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/bills/${gail.savedBill}/picks`,
      headers: { cookie: gail.s.cookie },
      payload: {
        participantId: priya.id,
        picks: [
          { itemId: fries.id, portions: 1.5 },
          { itemId: wine.id, portions: 'share' },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);

    const res = await get(gail.s, '/api/account/export');
    const bill = accountExportSchema.parse(res.json()).bills.find((b) => b.id === gail.savedBill)!;
    expect(bill.joinLink).toEqual({ createdAt: expect.any(String), expiresAt: expect.any(String) });
    expect(res.body).not.toContain(join.json().token);
    const picksOf = (item: string) =>
      bill.items.find((i) => i.name === item)!.picks.filter((p) => p.participant === 'Priya');
    expect(picksOf('French Fries')).toEqual([
      { participant: 'Priya', portions: 1.5, createdAt: expect.any(String) },
    ]);
    expect(picksOf('Red Wine')).toEqual([
      { participant: 'Priya', portions: null, createdAt: expect.any(String) },
    ]);
    expect(picksOf('Chai')).toEqual([]);
    // Only this bill's picks, and only Gail's bills.
    for (const b of accountExportSchema.parse(res.json()).bills)
      if (b.id !== gail.savedBill) expect(b.items.flatMap((i) => i.picks)).toEqual([]);
  });
});

describe('POST /api/account/delete', () => {
  it('refuses a wrong password (403) and changes nothing', async () => {
    const dan = await account('Dan');
    const res = await post(dan.s, '/api/account/delete', { password: 'not my password' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DELETE_WRONG_PASSWORD);
    expect((await get(dan.s, '/api/auth/user')).statusCode).toBe(200);
    expect((await get(dan.s, `/api/bills/${dan.paidBill}`)).statusCode).toBe(200);
    expect((await get(null, `/api/payment-links/${dan.links[1]!.token}`)).statusCode).toBe(200);
    expect((await post(dan.s, '/api/account/delete', {})).statusCode).toBe(403);
    expect((await post(null, '/api/account/delete', { password: dan.password })).statusCode).toBe(
      401,
    );
  });

  it('erases the account, its bills, links, photos and sessions; keeps the payment without personal data', async () => {
    const erin = await account('Erin');
    const frank = await account('Frank');
    const second = await post(null, '/api/auth/sign-in/email', {
      email: erin.email,
      password: erin.password,
    });
    expect(second.statusCode).toBe(200);
    const [payment] = await rows<{ id: string; amount_pence: string }>(
      `select id, amount_pence from payments where bill_id = '${erin.paidBill}' and status = 'succeeded'`,
    );

    const res = await post(erin.s, '/api/account/delete', { password: erin.password });
    expect(res.statusCode, res.body).toBe(200);
    expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/session_token=; Max-Age=0/);

    // Signed out everywhere, and cannot sign in again.
    expect((await get(erin.s, '/api/auth/user')).statusCode).toBe(401);
    const signIn = await post(null, '/api/auth/sign-in/email', {
      email: erin.email,
      password: erin.password,
    });
    expect(signIn.statusCode).toBe(401);
    // Links answer as unknown ones do: nobody can pay into a deleted account.
    for (const l of erin.links) {
      const page = await get(null, `/api/payment-links/${l.token}`);
      expect(page.statusCode).toBe(404);
      expect(page.json().message).toBe(PAYMENT_LINK_NOT_FOUND);
    }
    for (const table of ['bills', 'receipts', 'payout_accounts', 'session', 'account'])
      expect(
        await rows(
          `select 1 from ${table} where ${table === 'bills' || table === 'receipts' ? 'owner_id' : 'user_id'} = '${erin.s.userId}'`,
        ),
      ).toEqual([]);
    expect(await rows(`select 1 from "user" where email = '${erin.email}'`)).toEqual([]);
    expect(await rows(`select 1 from share_lines where bill_id = '${erin.paidBill}'`)).toEqual([]);

    // The payment stays as a bare record: its amount and date, no name, e-mail or bill.
    const kept = await rows<Record<string, unknown>>(
      `select * from retained_payments where id = '${payment!.id}'`,
    );
    expect(kept).toHaveLength(1);
    expect(Number(kept[0]!.amount_pence)).toBe(Number(payment!.amount_pence));
    expect(kept[0]!.completed_at).toBeTruthy();
    const text = JSON.stringify(kept[0]);
    for (const personal of ['Erin', 'Priya', 'Jordan', erin.email, erin.s.userId, erin.paidBill])
      expect(text).not.toContain(personal);

    // Frank's account is untouched.
    expect((await get(frank.s, '/api/auth/user')).statusCode).toBe(200);
    expect((await get(frank.s, `/api/bills/${frank.paidBill}`)).statusCode).toBe(200);
    expect((await get(null, `/api/payment-links/${frank.links[0]!.token}`)).statusCode).toBe(200);
    expect(await rows(`select 1 from receipts where id = '${frank.scanId}'`)).toHaveLength(1);
  });

  it('asks an account without a password (Google, Apple) for a fresh sign-in instead', async () => {
    const s: Session = await signUp(t.app);
    // As an account made by Google: no password.
    await t.database.db.execute(`update account set password = null, provider_id = 'google'
      where user_id = '${s.userId}'`);
    await t.database.db.execute(`update session set created_at = now() - interval '10 minutes'
      where user_id = '${s.userId}'`);
    const stale = await post(s, '/api/account/delete', {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('fresh_sign_in_required');
    expect((await get(s, '/api/auth/user')).statusCode).toBe(200);
    await t.database.db.execute(
      `update session set created_at = now() where user_id = '${s.userId}'`,
    );
    expect((await post(s, '/api/account/delete', {})).statusCode).toBe(200);
    expect((await get(s, '/api/auth/user')).statusCode).toBe(401);
  });
});
