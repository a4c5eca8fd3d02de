import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetailSchema, type WholeBillBody } from '../../../contracts/bills';
import { createPaymentLinksResponseSchema, publicBillSchema } from '../../../contracts/payments';
import { BILL_BELOW_ZERO_MESSAGE, BILL_TOO_LARGE_MESSAGE } from '../../../domain/split';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The money rules of issue 51, on the embedded database or (TEST_DATABASE_URL) on PostgreSQL: a
// share of £0.00 gets no payment link; a bill where nobody else owes anything is Completed when
// saved; items added to a bill saved with declared totals obey the bill's cap and stay at or
// above zero, as a whole bill's do.

let t: TestApp;
let alice: Session;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
  const res = await post(alice, '/api/sandbox/connect', {
    accountHolderName: 'Alice Archer',
    sortCode: '20-00-00',
    accountNumber: '55779911',
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const { get, post } = requestsTo(() => t.app);

const people = [
  { key: 'me', name: 'Alice' },
  { key: 'p', name: 'Priya' },
  { key: 'j', name: 'Jordan' },
];

async function save(body: WholeBillBody) {
  const res = await post(alice, '/api/bills', body);
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  return billDetailSchema.parse((await get(alice, `/api/bills/${id}`)).json());
}

describe('a share of £0.00', () => {
  it('gets no payment link; the others do, and paying them completes the bill', async () => {
    const bill = await save({
      name: 'Coffee',
      status: 'saved',
      mode: 'byItem',
      tipPercent: 0,
      serviceCharge: '0.00',
      participants: people,
      items: [
        {
          name: 'Sugar',
          amount: '0.10',
          splitMode: 'manual',
          assignments: [{ participant: 'p', portions: 1 }],
        },
        {
          name: 'Croissant',
          amount: '0.01',
          splitMode: 'manual',
          assignments: [{ participant: 'me', portions: 1 }],
        },
      ],
    });
    expect(bill.status).toBe('saved');
    // 3% of 11p rounds to no fee at all: Jordan, with no items, owes nothing.
    const jordan = bill.participants.find((p) => p.participantName === 'Jordan')!;
    expect(jordan.amountDueIncludingFee).toBe('0.00');
    const made = await post(alice, '/api/payment-links', { billId: bill.id });
    expect(made.statusCode, made.body).toBe(201);
    const links = createPaymentLinksResponseSchema.parse(made.json());
    expect(links.paymentLinks.map((l) => l.participantName)).toEqual(['Priya']);
    expect(links.billStatus).toBe('active');
    const count = (await t.database.db.execute(
      `select count(*)::int as n from payment_links where bill_id = '${bill.id}'`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(1);

    // The payer's view of the bill: Jordan cannot be paid for (nothing to pay).
    const priya = links.paymentLinks[0]!;
    const seen = publicBillSchema.parse(
      (await get(null, `/api/payment-links/${priya.token}/bill`)).json(),
    );
    expect(seen.participants.find((p) => p.participantName === 'Jordan')).toMatchObject({
      amountDueIncludingFee: '0.00',
      payable: false,
    });
    // Asked to pay for Jordan too: refused, nothing started.
    const both = await post(null, '/api/payments/checkout', {
      token: priya.token,
      participantIds: [priya.participantId, jordan.id],
    });
    expect(both.statusCode).toBe(400);

    const co = await post(null, '/api/payments/checkout', {
      token: priya.token,
      participantIds: [priya.participantId],
    });
    expect(co.statusCode, co.body).toBe(200);
    const paid = await post(null, `/api/sandbox/checkout/${co.json().sessionId}/pay`, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = billDetailSchema.parse((await get(alice, `/api/bills/${bill.id}`)).json());
    expect(after.status).toBe('completed');
  });

  it('a £0.01 bill split three ways: nobody else owes anything, so it is Completed at save', async () => {
    const bill = await save({
      name: 'A penny',
      status: 'saved',
      mode: 'equal',
      tipPercent: 0,
      serviceCharge: '0.00',
      participants: people,
      items: [{ name: 'Mint', amount: '0.01', splitMode: 'equally', assignments: [] }],
    });
    expect(bill.participants.map((p) => p.amountDueIncludingFee)).toEqual(['0.01', '0.00', '0.00']);
    expect(bill.status).toBe('completed');
    // Asking to be paid back makes no link and leaves it Completed.
    const made = await post(alice, '/api/payment-links', { billId: bill.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(createPaymentLinksResponseSchema.parse(made.json())).toMatchObject({
      billStatus: 'completed',
      paymentLinks: [],
    });
  });
});

describe('items added to a bill saved with declared totals', () => {
  async function declared(totalAmount: string) {
    const res = await post(alice, '/api/bills', { name: 'Declared', totalAmount });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }
  const add = (billId: string, amount: string) =>
    post(alice, `/api/bills/${billId}/items`, { name: 'Thing', amount });
  const itemCount = async (billId: string) =>
    billDetailSchema.parse((await get(alice, `/api/bills/${billId}`)).json()).items.length;

  it('may not take the items below zero', async () => {
    const id = await declared('20.00');
    expect((await add(id, '5.00')).statusCode).toBe(201);
    const below = await add(id, '-5.01');
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(BILL_BELOW_ZERO_MESSAGE);
    expect((await add(id, '-5.00')).statusCode).toBe(201);
    expect(await itemCount(id)).toBe(2);
  });

  it('may not grow past the £1,000,000 cap by discounts and their counterweights', async () => {
    const id = await declared('1000000.00');
    // A discount of £999,999.99 and an item of £999,999.99 come to £0 but are a bill of ~£2m.
    expect((await add(id, '600000.00')).statusCode).toBe(201);
    const big = await add(id, '-500000.00');
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(BILL_TOO_LARGE_MESSAGE);
    expect((await add(id, '400000.00')).statusCode).toBe(201);
    const over = await add(id, '0.01');
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(BILL_TOO_LARGE_MESSAGE);
    expect(await itemCount(id)).toBe(2);
  });
});
