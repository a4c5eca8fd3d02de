import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityResponseSchema,
  billDetailSchema,
  billListResponseSchema,
  type WholeBillBody,
} from '../../../contracts/bills';
import { toDecimalString, toPence } from '../../../domain/money';
import { splitBill } from '../../../domain/split';
import { makeBillBody, makeParticipantBodies } from '../../../testing/builders';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
  bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
});
afterAll(() => t.close());

/** A test bill: the seeded French Fries and Red Wine, three people, 10% tip and £3.00 service. */
function makeWholeBill(overrides: Partial<WholeBillBody> = {}): WholeBillBody {
  return makeBillBody({
    participants: makeParticipantBodies({ me: 'Alice', p2: 'Priya', p3: 'Jordan' }),
    items: [
      { name: 'French Fries', amount: '4.99', portions: { me: 1.5, p2: 0.5 } },
      { name: 'Red Wine', amount: '22.00', splitMode: 'equally' },
      { name: 'Chai', amount: '3.50', portions: { p3: 1 } },
    ],
    ...overrides,
  });
}

/** What src/domain says the bill comes to, for comparison with what the server stored. */
function domainSplit(body: WholeBillBody) {
  return splitBill({
    mode: body.mode,
    tipPercent: body.tipPercent,
    serviceChargePence: toPence(body.serviceCharge),
    taxPence: toPence(body.tax ?? '0'),
    participants: body.participants.map((p) => ({ id: p.key, name: p.name })),
    items: body.items.map((it) => ({
      name: it.name,
      amountPence: toPence(it.amount),
      splitMode: it.splitMode,
      assignments: it.assignments.map((a) => ({
        participantId: a.participant,
        portions: a.portions,
      })),
    })),
  });
}

const as = (s: Session) => ({ cookie: s.cookie });
const post = (s: Session, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: as(s), payload: payload as object });
const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: as(s) });
const patch = (s: Session, url: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url, headers: as(s), payload: payload as object });

async function countBills(): Promise<number> {
  const r = (await t.database.db.execute('select count(*)::int as n from bills')) as unknown as {
    rows: { n: number }[];
  };
  return r.rows[0]!.n;
}

describe('POST /api/bills with a whole bill', () => {
  it('keeps a tax added on top: shared like the tip, its own line, in the detail and the list', async () => {
    const body = makeWholeBill({ name: 'Taxed diner', tax: '2.71' });
    const res = await post(alice, '/api/bills', body);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const expected = domainSplit(body);
    expect(expected.tax).toBe(271);
    const detail = billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
    expect(detail).toMatchObject({
      tax: '2.71',
      totalAmount: toDecimalString(expected.total),
      fee: toDecimalString(expected.fee),
    });
    // Each person's share includes their part of the tax, in proportion to their items.
    const taxLines = detail.participants.map(
      (p) => p.lines.find((l) => l.kind === 'tax')?.amount ?? '0.00',
    );
    expect(taxLines).toEqual(expected.participants.map((p) => toDecimalString(p.taxPence)));
    expect(taxLines.reduce((a, l) => a + toPence(l), 0)).toBe(271);
    expect(detail.participants.map((p) => p.amountDue)).toEqual(
      expected.participants.map((p) => toDecimalString(p.amount)),
    );
    for (const p of detail.participants) {
      const lines = p.lines.filter((l) => l.kind !== 'fee');
      expect(lines.reduce((a, l) => a + toPence(l.amount), 0)).toBe(toPence(p.amountDue));
    }
    expect(detail.participants[0]!.lines.find((l) => l.kind === 'tax')?.name).toBe('Tax');
    const list = billListResponseSchema.parse((await get(alice, '/api/bills')).json());
    expect(list.bills.find((b) => b.id === id)).toMatchObject({
      tax: '2.71',
      totalAmount: detail.totalAmount,
    });
    // The total a client sends must count the tax.
    const without = toDecimalString(expected.total - 271);
    const mismatch = await post(alice, '/api/bills', { ...body, totalAmount: without });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('amount_mismatch');
  });

  it('refuses a tax below zero, with more than two decimals or over the limit, at the field', async () => {
    for (const tax of ['-1.00', '1.234', '1000000.01', 'abc']) {
      const res = await post(alice, '/api/bills', makeWholeBill({ tax }));
      expect(res.statusCode, tax).toBe(400);
      expect(res.json().fields, tax).toHaveProperty('tax');
    }
  });

  it('keeps a tax below zero out of the database itself (migration 0007)', async () => {
    const saved = await post(alice, '/api/bills', makeWholeBill({ tax: '1.00' }));
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json() as { id: string };
    const refused = await t.database.db
      .execute(`update bills set tax_pence = -1 where id = '${id}'`)
      .then(
        () => null,
        (err: unknown) => err as { cause?: { message?: string } },
      );
    expect(refused?.cause?.message).toMatch(/bills_tax_non_negative/);
  });

  it('stores the bill with amounts due equal to src/domain', async () => {
    const body = makeWholeBill();
    const res = await post(alice, '/api/bills', body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };

    const detail = billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
    const expected = domainSplit(body);
    expect(detail).toMatchObject({
      name: 'Dishoom',
      status: 'saved',
      mode: 'byItem',
      tipPercent: 10,
      subtotal: toDecimalString(expected.subtotal),
      serviceCharge: toDecimalString(expected.serviceCharge),
      tip: toDecimalString(expected.tip),
      totalAmount: toDecimalString(expected.total),
      fee: toDecimalString(expected.fee),
      totalIncludingFees: toDecimalString(expected.totalIncludingFees),
      tax: '0.00',
      creatorName: 'Alice Archer',
    });
    expect(
      detail.participants.map((p) => [p.participantName, p.amountDue, p.fee, p.isCreator]),
    ).toEqual(
      expected.participants.map((p, i) => [
        p.name,
        toDecimalString(p.amount),
        toDecimalString(p.feePence),
        i === 0,
      ]),
    );
    // Each person's item lines are the domain's, and the fries carry their portions.
    const priya = detail.participants[1]!;
    expect(priya.assignedItems).toEqual(
      expected.participants[1]!.items.map((line) => ({
        name: line.name,
        amount: toDecimalString(line.amountPence),
        portions: line.name === 'French Fries' ? 0.5 : 1,
      })),
    );
    expect(detail.items.map((i) => [i.name, i.amount, i.splitMode])).toEqual([
      ['French Fries', '4.99', 'manual'],
      ['Red Wine', '22.00', 'equally'],
      ['Chai', '3.50', 'manual'],
    ]);
    const sum = detail.participants.reduce((s, p) => s + toPence(p.amountDue), 0);
    expect(sum).toBe(toPence(detail.totalAmount));
  });

  it('refuses a total that does not match its own computation, storing nothing', async () => {
    const before = await countBills();
    const res = await post(alice, '/api/bills', makeWholeBill({ totalAmount: '10.00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'amount_mismatch',
      fields: { totalAmount: expect.stringMatching(/^expected /) },
    });
    expect(await countBills()).toBe(before);
  });

  it('refuses items nobody is assigned to, naming the item', async () => {
    const body = makeWholeBill();
    body.items[2]!.assignments = [];
    const res = await post(alice, '/api/bills', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Items need to be allocated',
      fields: { 'items.2.assignments': 'nobody is assigned' },
    });
  });

  it('names the field of a malformed body', async () => {
    const cases: [unknown, string][] = [
      [{ ...makeWholeBill(), tipPercent: 120 }, 'tipPercent'],
      [{ ...makeWholeBill(), serviceCharge: '3.999' }, 'serviceCharge'],
      [{ ...makeWholeBill(), participants: [] }, 'participants'],
      [{ ...makeWholeBill(), name: '   ' }, 'name'],
      [{ ...makeWholeBill(), items: [{ name: 'X', amount: 'abc' }] }, 'items.0.amount'],
      [
        {
          ...makeWholeBill(),
          items: [
            { name: 'X', amount: '1.00', assignments: [{ participant: 'me', portions: 0.3 }] },
          ],
        },
        'items.0.assignments.0.portions',
      ],
      [
        {
          ...makeWholeBill(),
          items: [
            { name: 'X', amount: '1.00', assignments: [{ participant: 'ghost', portions: 1 }] },
          ],
        },
        'items.0.assignments.0.participant',
      ],
      [{ ...makeWholeBill(), surprise: true }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(alice, '/api/bills', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), field).toContain(field);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/bills',
      headers: { ...as(alice), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('leaves no bill behind when the save fails on its third item', async () => {
    // A real failure inside the transaction: the database itself refuses the third item.
    await t.database.db.execute(`
      create or replace function fail_third_item() returns trigger language plpgsql as $$
      begin
        if new.position = 2 and new.name = 'Explodes' then raise exception 'third item refused'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      'create trigger fail_third_item before insert on bill_items for each row execute function fail_third_item()',
    );
    try {
      const before = await countBills();
      const body = makeWholeBill({ name: 'Doomed' });
      body.items[2]!.name = 'Explodes';
      const res = await post(alice, '/api/bills', body);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
      expect(await countBills()).toBe(before);
      const orphans = (await t.database.db.execute(
        `select count(*)::int as n from bill_participants p left join bills b on b.id = p.bill_id where b.id is null`,
      )) as unknown as { rows: { n: number }[] };
      expect(orphans.rows[0]!.n).toBe(0);
      const list = billListResponseSchema.parse((await get(alice, '/api/bills')).json());
      expect(list.bills.map((b) => b.name)).not.toContain('Doomed');
    } finally {
      await t.database.db.execute('drop trigger fail_third_item on bill_items');
    }
  });
});

describe('POST /api/bills with a client key (a bill saved offline, sent again)', () => {
  it('stores the bill once: a repeat answers 200 with the first id and stores nothing', async () => {
    const clientKey = crypto.randomUUID();
    const before = await countBills();
    const first = await post(alice, '/api/bills', makeWholeBill({ name: 'Offline', clientKey }));
    expect(first.statusCode).toBe(201);
    const again = await post(alice, '/api/bills', makeWholeBill({ name: 'Offline', clientKey }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: first.json().id });
    expect(await countBills()).toBe(before + 1);
    const detail = billDetailSchema.parse(
      (await get(alice, `/api/bills/${first.json().id}`)).json(),
    );
    expect(detail.participants).toHaveLength(3);
    expect(detail.items).toHaveLength(3);
  });

  it('stores one bill when the same key arrives twice at once', async () => {
    const clientKey = crypto.randomUUID();
    const before = await countBills();
    const body = makeWholeBill({ name: 'Raced', clientKey });
    const answers = await Promise.all([
      post(alice, '/api/bills', body),
      post(alice, '/api/bills', body),
      post(alice, '/api/bills', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await countBills()).toBe(before + 1);
  });

  it("keeps keys per owner: another user's bill with the same key is their own", async () => {
    const clientKey = crypto.randomUUID();
    const a = await post(alice, '/api/bills', makeWholeBill({ clientKey }));
    const b = await post(
      bob,
      '/api/bills',
      makeWholeBill({
        clientKey,
        participants: makeParticipantBodies({ me: 'Bob', p2: 'Priya', p3: 'Jordan' }),
      }),
    );
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('refuses a key that is not a UUID, storing nothing', async () => {
    const before = await countBills();
    const res = await post(alice, '/api/bills', makeWholeBill({ clientKey: 'not-a-uuid' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('clientKey');
    expect(await countBills()).toBe(before);
  });
});

describe("the spec's step-by-step calls", () => {
  it('creates a bill with its totals, then participants and items, and shares the total evenly', async () => {
    const created = await post(alice, '/api/bills', {
      name: 'Pizza night',
      date: '2026-11-20',
      totalAmount: '40.00',
      tax: '0',
      serviceCharge: '4.00',
      tip: '2.00',
      status: 'saved',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };

    for (const name of ['Alice', 'Sam', 'Kit']) {
      const p = await post(alice, '/api/bill-participants', {
        billId: id,
        participantName: name,
        amountDue: '0',
        status: 'pending',
      });
      expect(p.statusCode).toBe(201);
      expect(p.json()).toMatchObject({ participantName: name, status: 'pending' });
    }
    const item = await post(alice, `/api/bills/${id}/items`, {
      name: 'Margherita',
      amount: '12.50',
    });
    expect(item.statusCode).toBe(201);
    expect(item.json()).toMatchObject({ name: 'Margherita', amount: '12.50' });

    const detail = billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
    expect(detail).toMatchObject({
      date: '2026-11-20',
      totalAmount: '40.00',
      subtotal: '34.00',
      serviceCharge: '4.00',
      tip: '2.00',
      fee: '1.20',
    });
    expect(detail.participants.map((p) => p.amountDue)).toEqual(['13.34', '13.33', '13.33']);
    expect(detail.participants.map((p) => p.fee)).toEqual(['0.40', '0.40', '0.40']);
    // Every person added step by step is someone else: the first one is not the creator.
    expect(detail.participants.map((p) => p.isCreator)).toEqual([false, false, false]);
  });

  it('never makes the first participant added the creator, so everyone added gets a payment link', async () => {
    const { id } = (
      await post(alice, '/api/bills', { name: 'Curry', totalAmount: '20.00' })
    ).json() as { id: string };
    const first = await post(alice, '/api/bill-participants', {
      billId: id,
      participantName: 'Sam',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ participantName: 'Sam', isCreator: false });
    const second = await post(alice, '/api/bill-participants', {
      billId: id,
      participantName: 'Kit',
    });
    expect(second.json()).toMatchObject({ participantName: 'Kit', isCreator: false });
    const detail = billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
    expect(detail.participants.filter((p) => p.isCreator)).toEqual([]);
  });

  it("refuses an amountDue that is not the server's, and totals that cannot be right", async () => {
    const { id } = (
      await post(alice, '/api/bills', { name: 'Lunch', totalAmount: '10.00' })
    ).json() as { id: string };
    const wrong = await post(alice, '/api/bill-participants', {
      billId: id,
      participantName: 'Sam',
      amountDue: '9.99',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ amountDue: 'expected 10.00' });
    const detail = billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
    expect(detail.participants).toEqual([]);

    const bad = await post(alice, '/api/bills', {
      name: 'Odd',
      totalAmount: '5.00',
      serviceCharge: '4.00',
      tip: '2.00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('totalAmount');
    const negative = await post(alice, '/api/bills', {
      name: 'Tax',
      totalAmount: '5.00',
      tax: '-1.00',
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toHaveProperty('tax');
    const tooMuch = await post(alice, '/api/bills', {
      name: 'Tax',
      totalAmount: '5.00',
      tax: '6.00',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields).toHaveProperty('totalAmount');
  });

  it('keeps a tax added on top in the total, shared evenly with the rest, as its own line', async () => {
    const { id } = (
      await post(alice, '/api/bills', { name: 'Diner', totalAmount: '21.00', tax: '1.50' })
    ).json() as { id: string };
    for (const name of ['Sam', 'Kit']) {
      expect(
        (await post(alice, '/api/bill-participants', { billId: id, participantName: name }))
          .statusCode,
      ).toBe(201);
    }
    const detail = billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
    expect(detail).toMatchObject({ tax: '1.50', subtotal: '19.50', totalAmount: '21.00' });
    expect(detail.participants.map((p) => p.amountDue)).toEqual(['10.50', '10.50']);
    expect(detail.participants.map((p) => p.lines.find((l) => l.kind === 'tax')?.amount)).toEqual([
      '0.75',
      '0.75',
    ]);
  });

  it('reads the get-paid-back "pending" status as active', async () => {
    const { id } = (
      await post(alice, '/api/bills', { name: 'Brunch', totalAmount: '30.00', status: 'pending' })
    ).json() as { id: string };
    expect((await get(alice, `/api/bills/${id}`)).json().status).toBe('active');
  });
});

describe('ownership', () => {
  it("never lets one user read, list, extend or see activity of another user's bill", async () => {
    const { id } = (
      await post(alice, '/api/bills', makeWholeBill({ name: 'Alice only' }))
    ).json() as { id: string };

    const read = await get(bob, `/api/bills/${id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Bill not found - it may have been deleted');

    const addPerson = await post(bob, '/api/bill-participants', {
      billId: id,
      participantName: 'Mallory',
      amountDue: '0',
    });
    expect(addPerson.statusCode).toBe(404);
    const addItem = await post(bob, `/api/bills/${id}/items`, {
      name: 'Free lunch',
      amount: '99.00',
    });
    expect(addItem.statusCode).toBe(404);

    const list = billListResponseSchema.parse((await get(bob, '/api/bills')).json());
    expect(list.bills.map((b) => b.id)).not.toContain(id);
    const activity = activityResponseSchema.parse((await get(bob, '/api/activity')).json());
    expect(activity.activities.map((a) => a.bill.id)).not.toContain(id);

    // And Alice's bill is untouched.
    const detail = billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
    expect(detail.participants.map((p) => p.participantName)).not.toContain('Mallory');
    expect(detail.items.map((i) => i.name)).not.toContain('Free lunch');
  });

  it('answers 404 for ids that are not bills, and 401 without a session', async () => {
    expect((await get(alice, '/api/bills/not-a-uuid')).statusCode).toBe(404);
    expect((await get(alice, '/api/bills/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    for (const [method, url] of [
      ['GET', '/api/bills'],
      ['POST', '/api/bills'],
      ['GET', '/api/bills/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/bill-participants'],
      ['GET', '/api/activity'],
      ['POST', '/api/activity/seen'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('PATCH /api/bills/:id (rename)', () => {
  const detailOf = async (s: Session, id: string) =>
    billDetailSchema.parse((await get(s, `/api/bills/${id}`)).json());

  it('renames the bill, trimmed, and changes nothing else', async () => {
    const { id } = (await post(alice, '/api/bills', makeWholeBill({ name: 'CatfeNero' }))).json();
    const before = await detailOf(alice, id);
    const res = await patch(alice, `/api/bills/${id}`, { name: '  Caffè Nero, Soho  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, name: 'Caffè Nero, Soho' });
    const after = await detailOf(alice, id);
    expect(after).toEqual({ ...before, name: 'Caffè Nero, Soho' });
    const list = billListResponseSchema.parse((await get(alice, '/api/bills')).json());
    expect(list.bills.find((b) => b.id === id)?.name).toBe('Caffè Nero, Soho');
  });

  it('refuses a name the editor would refuse, naming the field, and keeps the old one', async () => {
    const { id } = (await post(alice, '/api/bills', makeWholeBill({ name: 'Keep me' }))).json();
    for (const payload of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(121) },
      { name: 'Tab\there' },
      {},
      { name: 'Fine', totalAmount: '0.01' },
    ]) {
      const res = await patch(alice, `/api/bills/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).length, JSON.stringify(payload)).toBeGreaterThan(
        0,
      );
    }
    expect((await detailOf(alice, id)).name).toBe('Keep me');
  });

  it("answers 404 for another user's bill and leaves it as it was", async () => {
    const { id } = (await post(alice, '/api/bills', makeWholeBill({ name: 'Alice lunch' }))).json();
    const res = await patch(bob, `/api/bills/${id}`, { name: 'Mallory was here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Bill not found - it may have been deleted');
    expect(res.body).not.toContain('Alice lunch');
    expect((await detailOf(alice, id)).name).toBe('Alice lunch');
    expect((await patch(alice, '/api/bills/not-a-uuid', { name: 'x' })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/bills/${id}`,
      payload: { name: 'Nobody' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await detailOf(alice, id)).name).toBe('Alice lunch');
  });
});

describe('GET /api/bills', () => {
  it('lists newest first with participants, 50 to a page, with a cursor for the rest', async () => {
    const carol = await signUpWithProfile(t.app, 'Carol', 'Cole');
    const body = (n: number): WholeBillBody =>
      makeBillBody({
        name: `Bill ${n}`,
        participants: makeParticipantBodies({ me: 'Carol', f: `Friend ${n}` }),
        items: [{ name: 'Tea', amount: '2.00' }],
        tipPercent: 0,
        serviceCharge: '0',
      });
    for (let n = 1; n <= 53; n++)
      expect((await post(carol, '/api/bills', body(n))).statusCode).toBe(201);

    const first = billListResponseSchema.parse((await get(carol, '/api/bills')).json());
    expect(first.bills).toHaveLength(50);
    expect(first.bills[0]!.name).toBe('Bill 53');
    expect(first.bills[0]!.participants.map((p) => p.participantName)).toEqual([
      'Carol',
      'Friend 53',
    ]);
    expect(first.bills[0]!.totalAmount).toBe('2.00');
    expect(first.nextCursor).not.toBeNull();

    const second = billListResponseSchema.parse(
      (await get(carol, `/api/bills?cursor=${encodeURIComponent(first.nextCursor!)}`)).json(),
    );
    expect(second.bills.map((b) => b.name)).toEqual(['Bill 3', 'Bill 2', 'Bill 1']);
    expect(second.nextCursor).toBeNull();

    const small = billListResponseSchema.parse((await get(carol, '/api/bills?limit=2')).json());
    expect(small.bills).toHaveLength(2);
    expect((await get(carol, '/api/bills?cursor=garbage')).statusCode).toBe(400);
    expect((await get(carol, '/api/bills?limit=500')).statusCode).toBe(400);
  });
});

describe('GET /api/activity', () => {
  it('says who created which bill with how many participants, and counts what is unseen', async () => {
    const dana = await signUpWithProfile(t.app, 'Dana', 'Diaz');
    const empty = activityResponseSchema.parse((await get(dana, '/api/activity')).json());
    expect(empty).toEqual({ activities: [], unseenCount: 0 });

    await post(dana, '/api/bills', makeWholeBill({ name: 'Curry house' }));
    const one = activityResponseSchema.parse((await get(dana, '/api/activity')).json());
    expect(one.unseenCount).toBe(1);
    expect(one.activities[0]).toMatchObject({
      type: 'bill_created',
      user: null,
      bill: {
        name: 'Curry house',
        status: 'saved',
        participants: [
          { participantName: 'Alice' },
          { participantName: 'Priya' },
          { participantName: 'Jordan' },
        ],
      },
    });

    const seen = await post(dana, '/api/activity/seen', {});
    expect(seen.statusCode).toBe(200);
    expect(
      activityResponseSchema.parse((await get(dana, '/api/activity')).json()).unseenCount,
    ).toBe(0);

    await post(dana, '/api/bills', makeWholeBill({ name: 'Second' }));
    const two = activityResponseSchema.parse((await get(dana, '/api/activity')).json());
    expect(two.activities.map((a) => a.bill.name)).toEqual(['Second', 'Curry house']);
    expect(two.unseenCount).toBe(1);
  });

  it('counts every unseen bill, beyond the 50 activities it lists', async () => {
    const erin = await signUpWithProfile(t.app, 'Erin', 'Evans');
    for (let i = 0; i < 52; i++) {
      const res = await post(erin, '/api/bills', { name: `Lunch ${i}`, totalAmount: '5.00' });
      expect(res.statusCode).toBe(201);
    }
    const feed = activityResponseSchema.parse((await get(erin, '/api/activity')).json());
    expect(feed.activities).toHaveLength(50);
    expect(feed.unseenCount).toBe(52);
  });
});
