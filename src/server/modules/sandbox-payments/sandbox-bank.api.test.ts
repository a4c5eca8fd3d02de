import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetailSchema, type WholeBillBody } from '../../../contracts/bills';
import {
  checkoutResponseSchema,
  createPaymentLinksResponseSchema,
  paymentSessionSchema,
  SANDBOX_BANK_WAIT_MS,
  sandboxCheckoutSchema,
  type CreatePaymentLinksResponse,
} from '../../../contracts/payments';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The sandbox's test bank app (DECISIONS.md Paying by bank), on the embedded database or
// (TEST_DATABASE_URL) on PostgreSQL: Approve or Decline, then "Waiting for your bank" while the
// share stays held, then the bank's answer after SANDBOX_BANK_WAIT_MS, as Stripe's Pay by Bank
// completes unpaid and answers later. The app's clock is moved forward instead of waiting.

let t: TestApp;
let ahead = 0;
let alice: Session;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + ahead) });
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

function dinner(): WholeBillBody {
  return {
    name: 'Dishoom',
    status: 'saved',
    mode: 'equal',
    tipPercent: 0,
    serviceCharge: '0.00',
    participants: [
      { key: 'me', name: 'Alice' },
      { key: 'p', name: 'Priya' },
      { key: 'j', name: 'Jordan' },
    ],
    items: [{ name: 'Thali', amount: '90.00', splitMode: 'equally', assignments: [] }],
  };
}

async function billWithLinks(): Promise<{ billId: string; links: CreatePaymentLinksResponse }> {
  const saved = await post(alice, '/api/bills', dinner());
  expect(saved.statusCode, saved.body).toBe(201);
  const billId = (saved.json() as { id: string }).id;
  const made = await post(alice, '/api/payment-links', { billId });
  expect(made.statusCode, made.body).toBe(201);
  return { billId, links: createPaymentLinksResponseSchema.parse(made.json()) };
}

async function startBank(token: string, participantIds: string[]) {
  const res = await post(null, '/api/payments/checkout', { token, participantIds, method: 'bank' });
  expect(res.statusCode, res.body).toBe(200);
  return checkoutResponseSchema.parse(res.json());
}

const session = async (id: string) =>
  paymentSessionSchema.parse((await get(null, `/api/payments/sessions/${id}`)).json());
const linkStatus = async (token: string) =>
  (await get(null, `/api/payment-links/${token}`)).json().status as string;

/** Moves the app's clock past the test bank's wait. */
const bankAnswers = () => {
  ahead += SANDBOX_BANK_WAIT_MS + 1000;
};

describe('the test bank app', () => {
  it('opens for a bank checkout, at the same price as a card', async () => {
    const { links } = await billWithLinks();
    const priya = links.paymentLinks.find((l) => l.participantName === 'Priya')!;
    const bank = await startBank(priya.token, [priya.participantId]);
    const card = await post(null, '/api/payments/checkout', {
      token: priya.token,
      participantIds: [priya.participantId],
    });
    expect(checkoutResponseSchema.parse(card.json()).amount).toBe(bank.amount);
    expect(bank.amount).toBe(priya.amountIncludingFee);
    expect(new URL(bank.sessionUrl).pathname).toBe(`/sandbox/checkout/${bank.sessionId}`);
    const page = sandboxCheckoutSchema.parse(
      (await get(null, `/api/sandbox/checkout/${bank.sessionId}`)).json(),
    );
    expect(page).toMatchObject({
      kind: 'checkout',
      method: 'bank',
      status: 'open',
      bankName: null,
    });
    // A card checkout is no bank payment.
    const cardId = checkoutResponseSchema.parse(card.json()).sessionId;
    const wrong = await post(null, `/api/sandbox/checkout/${cardId}/bank`, {
      bank: 'Monzo',
      answer: 'approve',
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('Approve: waiting for the bank with the share held, then paid; the creator sees it', async () => {
    const { billId, links } = await billWithLinks();
    const priya = links.paymentLinks.find((l) => l.participantName === 'Priya')!;
    const { sessionId } = await startBank(priya.token, [priya.participantId]);
    const res = await post(null, `/api/sandbox/checkout/${sessionId}/bank`, {
      bank: 'Monzo',
      answer: 'approve',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'processing',
      redirectUrl: `http://localhost:3000/payment-success?session_id=${sessionId}`,
    });
    // Before the bank answers: processing, the share still pending (held, not paid).
    expect(await session(sessionId)).toMatchObject({
      status: 'processing',
      method: 'bank',
      bankName: 'Monzo',
    });
    expect(await linkStatus(priya.token)).toBe('pending');
    // A second answer changes nothing.
    const again = await post(null, `/api/sandbox/checkout/${sessionId}/bank`, {
      bank: 'Barclays',
      answer: 'decline',
    });
    expect(again.statusCode).toBe(200);
    expect((await session(sessionId)).bankName).toBe('Monzo');

    bankAnswers();
    expect(await session(sessionId)).toMatchObject({
      status: 'succeeded',
      method: 'bank',
      people: [{ participantName: 'Priya', paid: true }],
    });
    expect(await linkStatus(priya.token)).toBe('paid');
    const links2 = createPaymentLinksResponseSchema.parse(
      (await get(alice, `/api/bills/${billId}/payment-links`)).json(),
    );
    expect(links2.paymentLinks.find((l) => l.participantName === 'Priya')).toMatchObject({
      status: 'paid',
      paidMethod: 'bank',
    });
    const bill = billDetailSchema.parse((await get(alice, `/api/bills/${billId}`)).json());
    expect(bill.participants.find((p) => p.participantName === 'Priya')).toMatchObject({
      status: 'paid',
      paidMethod: 'bank',
    });
  });

  it('Decline: waiting, then failed with the reason, the share free to pay by card', async () => {
    const { billId, links } = await billWithLinks();
    const jordan = links.paymentLinks.find((l) => l.participantName === 'Jordan')!;
    const { sessionId } = await startBank(jordan.token, [jordan.participantId]);
    const res = await post(null, `/api/sandbox/checkout/${sessionId}/bank`, {
      bank: 'HSBC UK',
      answer: 'decline',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await session(sessionId)).status).toBe('processing');
    bankAnswers();
    expect(await session(sessionId)).toMatchObject({
      status: 'failed',
      method: 'bank',
      message: 'Your bank did not approve this payment. Nothing was taken.',
      people: [{ participantName: 'Jordan', paid: false }],
    });
    expect(await linkStatus(jordan.token)).toBe('pending');
    // The bank page of an ended checkout is closed.
    const late = await post(null, `/api/sandbox/checkout/${sessionId}/bank`, {
      bank: 'HSBC UK',
      answer: 'approve',
    });
    expect(late.statusCode).toBe(200); // answered already: the success page says how it went
    expect((await session(sessionId)).status).toBe('failed');

    // Then by card: paid.
    const card = checkoutResponseSchema.parse(
      (
        await post(null, '/api/payments/checkout', {
          token: jordan.token,
          participantIds: [jordan.participantId],
        })
      ).json(),
    );
    const paid = await post(null, `/api/sandbox/checkout/${card.sessionId}/pay`, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await linkStatus(jordan.token)).toBe('paid');
    const bill = billDetailSchema.parse((await get(alice, `/api/bills/${billId}`)).json());
    expect(bill.participants.find((p) => p.participantName === 'Jordan')!.status).toBe('paid');
  });

  it('holds the share while the bank answers; an approval paid meanwhile takes nothing', async () => {
    const { links } = await billWithLinks();
    const priya = links.paymentLinks.find((l) => l.participantName === 'Priya')!;
    const jordan = links.paymentLinks.find((l) => l.participantName === 'Jordan')!;
    const { sessionId } = await startBank(priya.token, [priya.participantId]);
    // A card checkout opened before the approval (as one may be at Stripe) ...
    const card = checkoutResponseSchema.parse(
      (
        await post(null, '/api/payments/checkout', {
          token: priya.token,
          participantIds: [priya.participantId],
        })
      ).json(),
    );
    await post(null, `/api/sandbox/checkout/${sessionId}/bank`, {
      bank: 'Starling Bank',
      answer: 'approve',
    });
    // ... but no new one while the bank's answer is awaited: the share is held.
    const held = await post(null, '/api/payments/checkout', {
      token: jordan.token,
      participantIds: [priya.participantId, jordan.participantId],
    });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(
      "Priya's payment is waiting for their bank to answer: try again in a few minutes",
    );
    const paid = await post(null, `/api/sandbox/checkout/${card.sessionId}/pay`, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    bankAnswers();
    const s = await session(sessionId);
    expect(s.status).toBe('failed');
    expect(s.message).toBe('Priya has already paid. Your bank was not charged.');
    expect((await session(card.sessionId)).status).toBe('succeeded');
  });

  it('refuses an unknown bank, an unknown answer and extra fields, changing nothing', async () => {
    const { links } = await billWithLinks();
    const priya = links.paymentLinks.find((l) => l.participantName === 'Priya')!;
    const { sessionId } = await startBank(priya.token, [priya.participantId]);
    for (const body of [
      { bank: 'Bank of Nowhere', answer: 'approve' },
      { bank: 'Monzo', answer: 'maybe' },
      { bank: 'Monzo', answer: 'approve', amount: '0.01' },
      {},
    ]) {
      const res = await post(null, `/api/sandbox/checkout/${sessionId}/bank`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await session(sessionId)).status).toBe('open');
    const none = await post(null, '/api/sandbox/checkout/cs_sbx_nothing/bank', {
      bank: 'Monzo',
      answer: 'approve',
    });
    expect(none.statusCode).toBe(404);
  });
});
