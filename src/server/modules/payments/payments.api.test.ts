import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetailSchema, type WholeBillBody } from '../../../contracts/bills';
import {
  bankAccountSchema,
  checkoutResponseSchema,
  createPaymentLinksResponseSchema,
  paymentSessionSchema,
  publicBillSchema,
  publicPaymentLinkSchema,
  type CreatePaymentLinksResponse,
} from '../../../contracts/payments';
import { activityResponseSchema } from '../../../contracts/bills';
import { toDecimalString, toPence } from '../../../domain/money';
import { PAYMENT_LINK_TTL_MS } from '../../../domain/shares';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { requestsTo } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Getting paid back with the sandbox provider, on the embedded database or (TEST_DATABASE_URL) on
// PostgreSQL. The clock is the app's own, moved forward to expire links.

let t: TestApp;
/** How far the app's clock runs ahead of the real one. */
let ahead = 0;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + ahead) });
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
  bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
});
afterAll(() => t.close());

const { get, post, del } = requestsTo(() => t.app);

const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINE_CARD = { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

/** Four people, by item, 12.5% tip and a £4.00 service charge: pennies that do not divide evenly. */
function dinner(overrides: Partial<WholeBillBody> = {}): WholeBillBody {
  return {
    name: 'Dishoom',
    status: 'saved',
    mode: 'byItem',
    tipPercent: 12.5,
    serviceCharge: '4.00',
    participants: [
      { key: 'me', name: 'Alice' },
      { key: 'p', name: 'Priya' },
      { key: 'j', name: 'Jordan' },
      { key: 's', name: 'Sam' },
    ],
    items: [
      {
        name: 'Black Daal',
        amount: '8.90',
        splitMode: 'manual',
        assignments: [
          { participant: 'me', portions: 1 },
          { participant: 'p', portions: 2 },
        ],
      },
      { name: 'Naan', amount: '10.00', splitMode: 'equally', assignments: [] },
      {
        name: 'Lamb Raan',
        amount: '17.33',
        splitMode: 'manual',
        assignments: [
          { participant: 'j', portions: 1.5 },
          { participant: 's', portions: 1 },
        ],
      },
    ],
    ...overrides,
  };
}

async function connectBank(s: Session) {
  const res = await post(s, '/api/sandbox/connect', {
    accountHolderName: 'Alice Archer',
    sortCode: '20-00-00',
    accountNumber: '55779911',
  });
  expect(res.statusCode, res.body).toBe(200);
  return bankAccountSchema.parse(res.json());
}

async function saveBill(s: Session, body = dinner()) {
  const res = await post(s, '/api/bills', body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function detail(s: Session, id: string) {
  return billDetailSchema.parse((await get(s, `/api/bills/${id}`)).json());
}

async function createLinks(s: Session, billId: string): Promise<CreatePaymentLinksResponse> {
  const res = await post(s, '/api/payment-links', { billId });
  expect(res.statusCode, res.body).toBe(201);
  return createPaymentLinksResponseSchema.parse(res.json());
}

async function payWithCard(token: string, participantIds: string[], card = TEST_CARD) {
  const co = await post(null, '/api/payments/checkout', { token, participantIds });
  expect(co.statusCode, co.body).toBe(200);
  const { sessionId, sessionUrl } = checkoutResponseSchema.parse(co.json());
  const pay = await post(null, `/api/sandbox/checkout/${sessionId}/pay`, card);
  return { sessionId, sessionUrl, pay };
}

async function count(table: string): Promise<number> {
  const r = (await t.database.db.execute(`select count(*)::int as n from ${table}`)) as unknown as {
    rows: { n: number }[];
  };
  return r.rows[0]!.n;
}

describe('stored shares', () => {
  it("stores each participant's lines at save; they add up to the bill total, fees to the fee", async () => {
    const id = await saveBill(alice);
    const bill = await detail(alice, id);
    let sumDue = 0;
    let sumFee = 0;
    for (const p of bill.participants) {
      const nonFee = p.lines.filter((l) => l.kind !== 'fee');
      const fee = p.lines.filter((l) => l.kind === 'fee');
      expect(nonFee.reduce((a, l) => a + toPence(l.amount), 0)).toBe(toPence(p.amountDue));
      expect(fee.reduce((a, l) => a + toPence(l.amount), 0)).toBe(toPence(p.fee));
      sumDue += toPence(p.amountDue);
      sumFee += toPence(p.fee);
    }
    expect(sumDue).toBe(toPence(bill.totalAmount));
    expect(sumFee).toBe(toPence(bill.fee));
    // Priya had two of three portions of the daal; the naan is split four ways.
    const priya = bill.participants.find((p) => p.participantName === 'Priya')!;
    expect(priya.lines.map((l) => [l.kind, l.name, l.portions])).toEqual([
      ['item', 'Black Daal', 2],
      ['item', 'Naan', 1],
      ['service', 'Service Charge', null],
      ['tip', 'Tip', null],
      ['fee', 'Payment processing fee', null],
    ]);
  });

  it('backfills the lines of a bill saved before lines were stored, matching what is stored', async () => {
    const { backfillShareLines } = await import('../bills/share-backfill');
    const id = await saveBill(alice);
    const before = await detail(alice, id);
    await t.database.db.execute(`delete from share_lines where bill_id = '${id}'`);
    await t.database.db.execute(`update bills set shares_stored = false where id = '${id}'`);
    expect((await detail(alice, id)).participants[1]!.lines).toEqual([]);
    expect(await backfillShareLines(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await detail(alice, id)).toEqual(before);
    expect(await backfillShareLines(t.database.db)).toBe(0);
  });
});

describe('payout account (sandbox)', () => {
  it('starts unconnected, refuses bad bank details at the field, then connects with a bank name', async () => {
    const carol = await signUpWithProfile(t.app, 'Carol', 'Cole');
    expect(bankAccountSchema.parse((await get(carol, '/api/stripe/bank-account')).json())).toEqual({
      connected: false,
      bankName: null,
      bankAccountLast4: null,
      provider: 'sandbox',
      testMode: true,
    });
    expect((await get(carol, '/api/stripe/connect/status')).json()).toEqual({
      onboardingComplete: false,
    });
    expect((await post(carol, '/api/stripe/connect/account', {})).json()).toEqual({
      accountSetupRequired: true,
    });
    const link = await post(carol, '/api/stripe/connect/onboarding', {
      returnUrl: 'http://localhost:3000/?onboarding=complete',
      refreshUrl: 'http://localhost:3000/onboarding?setup=refresh',
    });
    expect(link.statusCode).toBe(200);
    const url = new URL((link.json() as { onboardingUrl: string }).onboardingUrl);
    expect(url.pathname).toBe('/sandbox/connect');
    expect(url.searchParams.get('return')).toBe('http://localhost:3000/?onboarding=complete');

    const start = new URL(
      ((await post(carol, '/api/stripe/connect/start', {})).json() as { onboardingUrl: string })
        .onboardingUrl,
    );
    expect(start.pathname).toBe('/sandbox/connect');
    expect(start.searchParams.get('return')).toBe('http://localhost:3000/settings?setup=complete');
    // The provider's refresh URL is a server route that makes a fresh link, else goes to Settings.
    const refresh = new URL(start.searchParams.get('refresh')!);
    expect(refresh.pathname).toBe('/api/stripe/connect/refresh');
    expect(refresh.searchParams.get('fallback')).toBe(
      'http://localhost:3000/settings?setup=refresh',
    );

    const elsewhere = await post(carol, '/api/stripe/connect/onboarding', {
      returnUrl: 'https://evil.example/',
      refreshUrl: 'http://localhost:3000/onboarding',
    });
    expect(elsewhere.statusCode).toBe(400);

    const bad = await post(carol, '/api/sandbox/connect', {
      accountHolderName: 'Carol Cole',
      sortCode: '12-34',
      accountNumber: '00000000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      sortCode: 'A sort code is 6 digits, like 12-34-56',
      accountNumber: 'Enter a real account number',
    });
    expect((await get(carol, '/api/stripe/connect/status')).json()).toEqual({
      onboardingComplete: false,
    });

    const ok = await post(carol, '/api/sandbox/connect', {
      accountHolderName: 'Carol Cole',
      sortCode: '40 11 62',
      accountNumber: '1234-5678',
    });
    expect(ok.json()).toMatchObject({
      connected: true,
      bankName: 'HSBC UK',
      bankAccountLast4: '5678',
    });
    expect((await get(carol, '/api/stripe/connect/status')).json()).toEqual({
      onboardingComplete: true,
    });
    expect((await post(carol, '/api/stripe/connect/account', {})).json()).toEqual({
      accountSetupRequired: false,
    });
  });

  it('answers 401 to every payout call without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/stripe/bank-account'],
      ['GET', '/api/stripe/connect/status'],
      ['POST', '/api/stripe/connect/account'],
      ['POST', '/api/stripe/connect/start'],
      ['POST', '/api/stripe/connect/onboarding'],
      ['POST', '/api/sandbox/connect'],
      ['POST', '/api/payment-links'],
      ['GET', '/api/payment-links'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('payment links', () => {
  beforeAll(async () => {
    await connectBank(alice);
  });

  it('refuses links before a bank is connected, and a bill with nobody else on it', async () => {
    const dave = await signUpWithProfile(t.app, 'Dave', 'Dunn');
    const id = await saveBill(dave);
    const res = await post(dave, '/api/payment-links', { billId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('payment_account_required');
    await connectBank(dave);
    const solo = await saveBill(
      dave,
      dinner({
        participants: [{ key: 'me', name: 'Dave' }],
        items: [{ name: 'Tea', amount: '2.00', splitMode: 'equally', assignments: [] }],
      }),
    );
    const none = await post(dave, '/api/payment-links', { billId: solo });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Add participants to the bill before creating payment links.');
  });

  it('makes one link per friend from the stored shares; the bill becomes active', async () => {
    const id = await saveBill(alice);
    const bill = await detail(alice, id);
    const links = await createLinks(alice, id);
    expect(links.billStatus).toBe('active');
    expect(links.paymentLinks.map((l) => l.participantName)).toEqual(['Priya', 'Jordan', 'Sam']);
    for (const link of links.paymentLinks) {
      const p = bill.participants.find((x) => x.id === link.participantId)!;
      expect(link).toMatchObject({
        amount: p.amountDue,
        fee: p.fee,
        status: 'pending',
        expired: false,
      });
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(link.url).toBe(`http://localhost:3000/pay/${link.token}`);
      expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBeCloseTo(
        PAYMENT_LINK_TTL_MS,
        -4,
      );
    }
    expect((await detail(alice, id)).status).toBe('active');
    // Asking again gives the same links, not new ones.
    const again = await createLinks(alice, id);
    expect(again.paymentLinks.map((l) => l.token)).toEqual(links.paymentLinks.map((l) => l.token));
    expect(
      createPaymentLinksResponseSchema.parse(
        (await get(alice, `/api/bills/${id}/payment-links`)).json(),
      ),
    ).toEqual(again);
  });

  it("asks each friend for their share of a tax added on top, shown to the payer as 'Tax'", async () => {
    const plain = await detail(alice, await saveBill(alice));
    const id = await saveBill(alice, dinner({ tax: '3.47' }));
    const bill = await detail(alice, id);
    expect(bill.tax).toBe('3.47');
    const links = await createLinks(alice, id);
    let taxShares = 0;
    for (const link of links.paymentLinks) {
      const p = bill.participants.find((x) => x.id === link.participantId)!;
      const before = plain.participants.find((x) => x.participantName === p.participantName)!;
      const tax = toPence(p.lines.find((l) => l.kind === 'tax')!.amount);
      expect(tax).toBeGreaterThan(0);
      // What the link asks for is the share without tax, plus this person's part of the tax.
      expect(toPence(link.amount)).toBe(toPence(before.amountDue) + tax);
      const page = publicPaymentLinkSchema.parse(
        (await get(null, `/api/payment-links/${link.token}`)).json(),
      );
      expect(page.lines.find((l) => l.kind === 'tax')).toMatchObject({ name: 'Tax' });
      expect(page.lines.reduce((a, l) => a + toPence(l.amount), 0)).toBe(
        toPence(page.amountIncludingFee),
      );
      taxShares += tax;
    }
    const creator = bill.participants.find((p) => p.isCreator)!;
    taxShares += toPence(creator.lines.find((l) => l.kind === 'tax')!.amount);
    expect(taxShares).toBe(347);
  });

  it('refuses a tampered amount, naming the field, and stores nothing', async () => {
    const id = await saveBill(alice);
    const bill = await detail(alice, id);
    const before = await count('payment_links');
    const res = await post(alice, '/api/payment-links', {
      billId: id,
      participants: bill.participants
        .filter((p) => !p.isCreator)
        .map((p, i) => ({ name: p.participantName, amount: i === 1 ? '0.01' : p.amountDue })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'amount_mismatch',
      fields: { 'participants.1.amount': expect.any(String) },
    });
    expect(await count('payment_links')).toBe(before);
    expect((await detail(alice, id)).status).toBe('saved');
    // The right amounts are taken.
    const ok = await post(alice, '/api/payment-links', {
      billId: id,
      participants: bill.participants
        .filter((p) => !p.isCreator)
        .map((p) => ({ name: p.participantName, amount: p.amountDue })),
    });
    expect(ok.statusCode).toBe(201);
  });

  it("never shows or makes links for another user's bill", async () => {
    const id = await saveBill(alice);
    await createLinks(alice, id);
    expect((await post(bob, '/api/payment-links', { billId: id })).statusCode).toBe(404);
    expect((await get(bob, `/api/bills/${id}/payment-links`)).statusCode).toBe(404);
    const list = (await get(bob, '/api/payment-links')).json() as {
      requests: { billId: string }[];
    };
    expect(list.requests.map((r) => r.billId)).not.toContain(id);
    const theirs = await detail(alice, id);
    const friend = theirs.participants[1]!;
    expect(
      (await post(bob, `/api/bills/${id}/participants/${friend.id}/payment`, { method: 'cash' }))
        .statusCode,
    ).toBe(404);
  });

  it('freezes the bill once links exist: no more people or items', async () => {
    const id = await saveBill(alice);
    await createLinks(alice, id);
    const p = await post(alice, '/api/bill-participants', { billId: id, participantName: 'Zed' });
    expect(p.statusCode).toBe(409);
    const i = await post(alice, `/api/bills/${id}/items`, { name: 'Chai', amount: '3.00' });
    expect(i.statusCode).toBe(409);
  });
});

describe('paying', () => {
  let billId: string;
  let links: CreatePaymentLinksResponse;
  const linkOf = (name: string) => links.paymentLinks.find((l) => l.participantName === name)!;

  beforeAll(async () => {
    billId = await saveBill(alice);
    links = await createLinks(alice, billId);
  });

  it('shows a payer what they owe, line by line, with no session', async () => {
    const priya = linkOf('Priya');
    const res = await get(null, `/api/payment-links/${priya.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const link = publicPaymentLinkSchema.parse(res.json());
    expect(link).toMatchObject({
      participantName: 'Priya',
      recipientName: 'Alice Archer',
      billName: 'Dishoom',
      amount: priya.amount,
      fee: priya.fee,
      amountIncludingFee: priya.amountIncludingFee,
      status: 'pending',
      expired: false,
      testMode: true,
      provider: 'sandbox',
    });
    expect(link.lines.reduce((a, l) => a + toPence(l.amount), 0)).toBe(
      toPence(priya.amountIncludingFee),
    );
    const bill = publicBillSchema.parse(
      (await get(null, `/api/payment-links/${priya.token}/bill`)).json(),
    );
    expect(bill.creatorName).toBe('Alice Archer');
    expect(bill.linkParticipantId).toBe(priya.participantId);
    expect(bill.participants.map((p) => [p.participantName, p.payable])).toEqual([
      ['Alice', false],
      ['Priya', true],
      ['Jordan', true],
      ['Sam', true],
    ]);
  });

  it('a declined card leaves the share pending; 4242 pays it, once; the creator sees it', async () => {
    const priya = linkOf('Priya');
    const declined = await payWithCard(priya.token, [priya.participantId], DECLINE_CARD);
    expect(declined.pay.statusCode).toBe(402);
    expect(declined.pay.json().message).toBe('Your card was declined.');
    expect((await get(null, `/api/payment-links/${priya.token}`)).json().status).toBe('pending');

    const { sessionId, pay } = await payWithCard(priya.token, [priya.participantId]);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().redirectUrl).toBe(
      `http://localhost:3000/payment-success?session_id=${sessionId}`,
    );
    // Paying the same checkout again charges nothing more.
    const twice = await post(null, `/api/sandbox/checkout/${sessionId}/pay`, TEST_CARD);
    expect(twice.statusCode).toBe(200);

    const session = paymentSessionSchema.parse(
      (await get(null, `/api/payments/sessions/${sessionId}`)).json(),
    );
    expect(session).toMatchObject({
      status: 'succeeded',
      amount: priya.amountIncludingFee,
      fee: priya.fee,
      cardBrand: 'Visa',
      cardLast4: '4242',
      token: priya.token,
      people: [{ participantName: 'Priya', paid: true }],
    });
    expect((await get(null, `/api/payment-links/${priya.token}`)).json().status).toBe('paid');
    const mine = createPaymentLinksResponseSchema.parse(
      (await get(alice, `/api/bills/${billId}/payment-links`)).json(),
    );
    expect(mine.paymentLinks.find((l) => l.participantName === 'Priya')).toMatchObject({
      status: 'paid',
      paidMethod: 'card',
    });
    const activity = activityResponseSchema.parse((await get(alice, '/api/activity')).json());
    expect(activity.activities[0]).toMatchObject({
      type: 'payment_received',
      user: { name: 'Priya' },
      participant: { amountDue: priya.amount },
      bill: { id: billId, name: 'Dishoom' },
    });
    expect(activity.unseenCount).toBeGreaterThan(0);
    // A paid link refuses to start another payment.
    const again = await post(null, '/api/payments/checkout', {
      token: priya.token,
      participantIds: [priya.participantId],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Priya has already paid');
  });

  it('one payer covers the last two; the bill is completed', async () => {
    const jordan = linkOf('Jordan');
    const sam = linkOf('Sam');
    const { sessionId, pay } = await payWithCard(jordan.token, [
      jordan.participantId,
      sam.participantId,
    ]);
    expect(pay.statusCode, pay.body).toBe(200);
    const session = paymentSessionSchema.parse(
      (await get(null, `/api/payments/sessions/${sessionId}`)).json(),
    );
    expect(toPence(session.amount)).toBe(
      toPence(jordan.amountIncludingFee) + toPence(sam.amountIncludingFee),
    );
    const bill = await detail(alice, billId);
    expect(bill.status).toBe('completed');
    expect(bill.participants.filter((p) => !p.isCreator).every((p) => p.status === 'paid')).toBe(
      true,
    );
  });
});

describe('races, expiry and tokens', () => {
  it('two checkouts racing for one share: exactly one is paid, the other told why', async () => {
    const id = await saveBill(alice);
    const links = await createLinks(alice, id);
    const sam = links.paymentLinks.find((l) => l.participantName === 'Sam')!;
    const jordan = links.paymentLinks.find((l) => l.participantName === 'Jordan')!;
    const a = checkoutResponseSchema.parse(
      (
        await post(null, '/api/payments/checkout', {
          token: sam.token,
          participantIds: [sam.participantId],
        })
      ).json(),
    );
    const b = checkoutResponseSchema.parse(
      (
        await post(null, '/api/payments/checkout', {
          token: jordan.token,
          participantIds: [jordan.participantId, sam.participantId],
        })
      ).json(),
    );
    const [ra, rb] = await Promise.all([
      post(null, `/api/sandbox/checkout/${a.sessionId}/pay`, TEST_CARD),
      post(null, `/api/sandbox/checkout/${b.sessionId}/pay`, TEST_CARD),
    ]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json().message).toMatch(/Sam has already paid|Sam/);
    const r = (await t.database.db.execute(
      `select count(*)::int as n from payment_items pi join payments p on p.id = pi.payment_id
         where pi.link_id = '${sam.id}' and pi.outcome = 'paid'`,
    )) as unknown as { rows: { n: number }[] };
    expect(r.rows[0]!.n).toBe(1);
  });

  it('an expired link is refused, and renewed when the creator asks again', async () => {
    const id = await saveBill(alice);
    const links = await createLinks(alice, id);
    const priya = links.paymentLinks.find((l) => l.participantName === 'Priya')!;
    ahead = PAYMENT_LINK_TTL_MS + 1000;
    try {
      const view = publicPaymentLinkSchema.parse(
        (await get(null, `/api/payment-links/${priya.token}`)).json(),
      );
      expect(view.expired).toBe(true);
      const co = await post(null, '/api/payments/checkout', {
        token: priya.token,
        participantIds: [priya.participantId],
      });
      expect(co.statusCode).toBe(410);
      expect(co.json().message).toBe(
        'This payment link has expired. Ask Alice Archer for a new one.',
      );
      const renewed = await createLinks(alice, id);
      const p2 = renewed.paymentLinks.find((l) => l.participantName === 'Priya')!;
      expect(p2.token).toBe(priya.token);
      expect(p2.expired).toBe(false);
    } finally {
      ahead = 0;
    }
  });

  it('a thousand random tokens all get the same 404 body', async () => {
    const bodies = new Set<string>();
    const shapes = [
      () => randomBytes(24).toString('base64url'),
      () => randomBytes(5).toString('hex'),
      () => `${randomBytes(40).toString('base64url')}%00`,
      () => "'; drop table payment_links; --",
      () => 'x'.repeat(150 + (randomBytes(1)[0]! % 800)),
    ];
    for (let i = 0; i < 1000; i++) {
      const token = encodeURIComponent(shapes[i % shapes.length]!());
      const res = await get(null, `/api/payment-links/${token}`);
      expect(res.statusCode).toBe(404);
      const { error, message, code } = res.json() as Record<string, string>;
      bodies.add(JSON.stringify({ error, message, code }));
    }
    expect([...bodies]).toEqual([
      JSON.stringify({
        error: 'Payment link not found or has expired',
        message: 'Payment link not found or has expired',
        code: 'not_found',
      }),
    ]);
    // A thousand requests one after another: the limit is a hang guard, not a speed check.
  }, 120_000);
});

describe('marked paid by hand', () => {
  it('closes the link through the same path, counts towards completion, and can be undone', async () => {
    const id = await saveBill(
      alice,
      dinner({
        participants: [
          { key: 'me', name: 'Alice' },
          { key: 'p', name: 'Priya' },
        ],
        items: [{ name: 'Thali', amount: '20.00', splitMode: 'equally', assignments: [] }],
      }),
    );
    const links = await createLinks(alice, id);
    const priya = links.paymentLinks[0]!;
    const marked = createPaymentLinksResponseSchema.parse(
      (
        await post(alice, `/api/bills/${id}/participants/${priya.participantId}/payment`, {
          method: 'cash',
        })
      ).json(),
    );
    expect(marked.billStatus).toBe('completed');
    expect(marked.paymentLinks[0]).toMatchObject({ status: 'paid', paidMethod: 'cash' });
    // The payer's link now refuses payment.
    const co = await post(null, '/api/payments/checkout', {
      token: priya.token,
      participantIds: [priya.participantId],
    });
    expect(co.statusCode).toBe(409);
    // Twice is refused.
    const twice = await post(
      alice,
      `/api/bills/${id}/participants/${priya.participantId}/payment`,
      { method: 'cash' },
    );
    expect(twice.statusCode).toBe(409);
    const undone = createPaymentLinksResponseSchema.parse(
      (await del(alice, `/api/bills/${id}/participants/${priya.participantId}/payment`)).json(),
    );
    expect(undone.billStatus).toBe('active');
    expect(undone.paymentLinks[0]).toMatchObject({ status: 'pending', paidMethod: null });
    expect((await detail(alice, id)).participants[1]!.status).toBe('pending');
  });

  it('a card payment cannot be undone by hand', async () => {
    const id = await saveBill(alice);
    const links = await createLinks(alice, id);
    const priya = links.paymentLinks[0]!;
    const { pay } = await payWithCard(priya.token, [priya.participantId]);
    expect(pay.statusCode).toBe(200);
    const res = await del(alice, `/api/bills/${id}/participants/${priya.participantId}/payment`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('paid_by_card');
  });
});

describe('the two-step card flow (payment intents)', () => {
  it('process gives a client secret; the sandbox card form confirms it; confirm says succeeded', async () => {
    const id = await saveBill(alice);
    const links = await createLinks(alice, id);
    const jordan = links.paymentLinks.find((l) => l.participantName === 'Jordan')!;
    const proc = await post(null, `/api/payment-links/${jordan.token}/process`);
    expect(proc.statusCode, proc.body).toBe(200);
    const { clientSecret, paymentIntentId, paymentLink } = proc.json();
    expect(paymentLink.participantName).toBe('Jordan');
    expect(clientSecret.startsWith(`${paymentIntentId}_secret_`)).toBe(true);

    const pending = await post(null, `/api/pay/${jordan.token}/confirm`, { paymentIntentId });
    expect(pending.json().status).toBe('processing');
    const wrongSecret = await post(null, `/api/sandbox/checkout/${paymentIntentId}/pay`, {
      ...TEST_CARD,
      clientSecret: `${paymentIntentId}_secret_wrong`,
    });
    expect(wrongSecret.statusCode).toBe(403);
    const paid = await post(null, `/api/sandbox/checkout/${paymentIntentId}/pay`, {
      ...TEST_CARD,
      clientSecret,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const url of [
      `/api/payment-links/${jordan.token}/confirm`,
      `/api/pay/${jordan.token}/confirm`,
    ]) {
      const confirmed = await post(null, url, { paymentIntentId });
      expect(confirmed.json()).toMatchObject({
        status: 'succeeded',
        paymentLink: { status: 'paid' },
      });
    }
    // Another link's token cannot confirm this payment.
    const sam = links.paymentLinks.find((l) => l.participantName === 'Sam')!;
    const other = await post(null, `/api/pay/${sam.token}/confirm`, { paymentIntentId });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(
      'Payment intent not found. Please refresh the page and try again.',
    );

    const sp = await post(null, '/api/create-stripe-payment', {
      token: sam.token,
      returnUrl: 'http://localhost:3000/payment-success',
    });
    expect(sp.statusCode, sp.body).toBe(200);
    expect(sp.json().clientSecret).toMatch(/^pi_sbx_/);
    // A payment that failed (its setup at the provider went wrong) says so, not 'processing'.
    const failedId = (sp.json() as { paymentIntentId: string }).paymentIntentId;
    await t.database.db.execute(
      `update payments set status = 'failed' where payment_intent_id = '${failedId}'`,
    );
    const failed = await post(null, `/api/pay/${sam.token}/confirm`, { paymentIntentId: failedId });
    expect(failed.json().status).toBe('failed');
    const offsite = await post(null, '/api/create-stripe-payment', {
      token: sam.token,
      returnUrl: 'https://evil.example/',
    });
    expect(offsite.statusCode).toBe(400);
    expect(toDecimalString(toPence(jordan.amount))).toBe(jordan.amount);
  });
});
