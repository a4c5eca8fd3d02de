import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WholeBillBody } from '../../../contracts/bills';
import {
  checkoutResponseSchema,
  createPaymentLinksResponseSchema,
  type CreatePaymentLinksResponse,
} from '../../../contracts/payments';
import { toPence } from '../../../domain/money';
import { BILL_REMINDERS, completedText, paidText, unpaidText } from '../../../domain/notifications';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import {
  startTestPushService,
  type TestDevice,
  type TestPushService,
} from '../../testing/push-service';
import { requestsTo } from '../../testing/requests';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp-server';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The creator is told: a payment and a completed bill pushed to their devices (a push service on
// 127.0.0.1; the test's device decrypts each message), or e-mailed with push off; bill reminders
// on a clock the test moves. On the embedded database or (TEST_DATABASE_URL) PostgreSQL.

let push: TestPushService;
let smtp: TestSmtp;
let t: TestApp;
let ahead = 0;
let sam: Session;
const clock = () => new Date(Date.now() + ahead);

beforeAll(async () => {
  push = await startTestPushService();
  smtp = await startTestSmtp();
  t = await createTestApp({
    clock,
    pushAgent: push.agent,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'hello@fairshare.example' },
  });
  sam = await signUpWithProfile(t.app, 'Sam', 'Creator');
  const bank = await post(sam, '/api/sandbox/connect', {
    accountHolderName: 'Sam Creator',
    sortCode: '20-00-00',
    accountNumber: '55779911',
  });
  expect(bank.statusCode, bank.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await push?.close();
  await smtp?.close();
});

const { get, post } = requestsTo(() => t.app);

function crownAndAnchor(): WholeBillBody {
  return {
    name: 'The Crown & Anchor',
    status: 'saved',
    mode: 'byItem',
    tipPercent: 0,
    serviceCharge: '0.00',
    participants: [
      { key: 'me', name: 'Sam' },
      { key: 'p', name: 'Priya' },
      { key: 't', name: 'Tom' },
    ],
    items: [
      {
        name: 'Fish and chips',
        amount: '14.20',
        splitMode: 'manual',
        assignments: [{ participant: 'p', portions: 1 }],
      },
      {
        name: 'Pie',
        amount: '12.85',
        splitMode: 'manual',
        assignments: [{ participant: 't', portions: 1 }],
      },
      {
        name: 'Burger',
        amount: '11.00',
        splitMode: 'manual',
        assignments: [{ participant: 'me', portions: 1 }],
      },
    ],
  };
}

async function billWithLinks(): Promise<CreatePaymentLinksResponse> {
  const saved = await post(sam, '/api/bills', crownAndAnchor());
  expect(saved.statusCode, saved.body).toBe(201);
  const res = await post(sam, '/api/payment-links', {
    billId: (saved.json() as { id: string }).id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return createPaymentLinksResponseSchema.parse(res.json());
}

async function pay(links: CreatePaymentLinksResponse, name: string) {
  const link = links.paymentLinks.find((l) => l.participantName === name)!;
  const co = await post(null, '/api/payments/checkout', {
    token: link.token,
    participantIds: [link.participantId],
  });
  expect(co.statusCode, co.body).toBe(200);
  const { sessionId } = checkoutResponseSchema.parse(co.json());
  const paid = await post(null, `/api/sandbox/checkout/${sessionId}/pay`, {
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.app.notifications.idle();
  return link;
}

async function subscribe(s: Session, device: TestDevice) {
  const res = await post(s, '/api/push/subscriptions', device.subscription);
  expect(res.statusCode, res.body).toBe(200);
}

describe('push to the creator', () => {
  let phone: TestDevice;
  let tablet: TestDevice;

  it('serves the VAPID key and stores a subscription per device', async () => {
    const key = await get(null, '/api/push/key');
    expect(key.json()).toEqual({ publicKey: t.secrets.vapid.publicKey });
    phone = push.device();
    tablet = push.device();
    await subscribe(sam, phone);
    await subscribe(sam, tablet);
    await subscribe(sam, tablet); // the same device again: still one row
    expect((await get(sam, '/api/notifications/settings')).json()).toEqual({
      paymentEmails: false,
      billReminders: false,
      pushDevices: 2,
    });
    const bad = await post(sam, '/api/push/subscriptions', {
      endpoint: 'http://insecure.example/push',
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await post(null, '/api/push/subscriptions', phone.subscription)).statusCode).toBe(401);
  });

  let mailsBefore = 0;
  it('"Sam paid you ..." for each payment and "Everyone has paid" at the end, decrypted on the device', async () => {
    await smtp.waitFor(1); // the sign-up's verification e-mail
    mailsBefore = smtp.messages.length;
    const links = await billWithLinks();
    const priya = await pay(links, 'Priya');
    const priyaText = paidText(['Priya'], toPence(priya.amount), 'The Crown & Anchor');
    expect(priyaText).toBe('Priya paid you £14.20 for The Crown & Anchor');
    expect(phone.messages()).toEqual([
      {
        title: 'Payment received',
        body: priyaText,
        url: `/bill/${links.billId}`,
        tag: expect.stringMatching(/^paid:/),
      },
    ]);
    push.gone(tablet.subscription.endpoint, 410);
    const tom = await pay(links, 'Tom');
    expect(phone.messages().slice(1)).toEqual([
      expect.objectContaining({
        body: paidText(['Tom'], toPence(tom.amount), 'The Crown & Anchor'),
      }),
      {
        title: 'Bill complete',
        body: completedText('The Crown & Anchor'),
        url: `/bill/${links.billId}`,
        tag: `complete:${links.billId}`,
      },
    ]);
    // The tablet's push service said 410 Gone: its subscription was dropped.
    expect((await get(sam, '/api/notifications/settings')).json().pushDevices).toBe(1);
    expect(smtp.messages).toHaveLength(mailsBefore);
  });

  it('with push off, e-mails the same events only when e-mails are switched on', async () => {
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { cookie: sam.cookie },
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(off.statusCode).toBe(200);
    expect((await get(sam, '/api/notifications/settings')).json().pushDevices).toBe(0);
    const first = await billWithLinks();
    await pay(first, 'Priya');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(mailsBefore);

    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/settings',
      headers: { cookie: sam.cookie },
      payload: { paymentEmails: true },
    });
    expect(on.json()).toEqual({ paymentEmails: true, billReminders: false, pushDevices: 0 });
    await pay(first, 'Tom');
    await smtp.waitFor(mailsBefore + 2);
    const got = smtp.messages.slice(mailsBefore);
    expect(got.map((m) => m.subject).sort()).toEqual([
      'Everyone has paid: The Crown & Anchor is complete',
      'Tom paid you £12.85 for The Crown & Anchor',
    ]);
    const paidMail = got.find((m) => m.subject?.startsWith('Tom paid'))!;
    expect(paidMail.text).toContain(`http://localhost:3000/bill/${first.billId}`);
    expect(phone.messages()).toHaveLength(3);
  });

  it('e-mails instead when the only device has gone (its push service answers 404)', async () => {
    const old = push.device();
    await subscribe(sam, old);
    push.gone(old.subscription.endpoint, 404);
    const before = smtp.messages.length;
    const links = await billWithLinks();
    await pay(links, 'Priya');
    const m = await smtp.waitFor(before + 1);
    expect(m.subject).toBe('Priya paid you £14.20 for The Crown & Anchor');
    await pay(links, 'Tom'); // paid up: no reminder for the tests below
    expect((await get(sam, '/api/notifications/settings')).json().pushDevices).toBe(0);
    expect(old.messages()).toEqual([]);
  });
});

describe('bill reminders', () => {
  let phone: TestDevice;

  it('48 hours after the links, then weekly, at most three times; none once everyone has paid', async () => {
    phone = push.device();
    await subscribe(sam, phone);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/settings',
      headers: { cookie: sam.cookie },
      payload: { billReminders: true },
    });
    ahead = 0;
    const links = await billWithLinks();
    const paidUp = await billWithLinks();
    await t.app.notifications.idle();
    await pay(paidUp, 'Priya');
    await pay(paidUp, 'Tom');
    const before = phone.messages().length;
    const reminders = () =>
      phone
        .messages()
        .slice(before)
        .filter((m) => (m as { tag: string }).tag.startsWith('remind:'));

    const at = async (ms: number) => {
      ahead = ms;
      return t.app.notifications.runDueReminders();
    };
    const HOUR = 60 * 60 * 1000;
    expect(await at(47 * HOUR)).toBe(0);
    expect(await at(BILL_REMINDERS.firstAfterMs + 1000)).toBe(1);
    expect(reminders()).toEqual([
      {
        title: 'Still to pay',
        body: unpaidText(['Priya', 'Tom'], 'The Crown & Anchor'),
        url: `/bill/${links.billId}?links=1`,
        tag: `remind:${links.billId}`,
      },
    ]);
    expect(reminders()[0]).toMatchObject({
      body: "Priya and Tom haven't paid for The Crown & Anchor yet: remind them?",
    });
    expect(await at(BILL_REMINDERS.firstAfterMs + 2000)).toBe(0);
    await pay(links, 'Tom');
    expect(await at(BILL_REMINDERS.firstAfterMs + BILL_REMINDERS.everyMs - HOUR)).toBe(0);
    expect(await at(BILL_REMINDERS.firstAfterMs + BILL_REMINDERS.everyMs + 1000)).toBe(1);
    expect((reminders()[1] as { body: string }).body).toBe(
      "Priya hasn't paid for The Crown & Anchor yet: remind them?",
    );
    expect(await at(BILL_REMINDERS.firstAfterMs + 2 * BILL_REMINDERS.everyMs + 1000)).toBe(1);
    expect(await at(BILL_REMINDERS.firstAfterMs + 5 * BILL_REMINDERS.everyMs)).toBe(0);
    expect(reminders()).toHaveLength(3);
    ahead = 0;
  });

  it('sends none for a bill whose friends have all paid by the time it is due', async () => {
    const links = await billWithLinks();
    await t.app.notifications.idle();
    await pay(links, 'Priya');
    await pay(links, 'Tom');
    const before = phone.messages().length;
    ahead = BILL_REMINDERS.firstAfterMs + 1000;
    expect(await t.app.notifications.runDueReminders()).toBe(0);
    expect(phone.messages()).toHaveLength(before);
    ahead = 0;
  });
});

describe('"Remind" a friend', () => {
  it('records when each friend was reminded, for the creator of the bill only', async () => {
    const links = await billWithLinks();
    const idOf = (n: string) =>
      links.paymentLinks.find((l) => l.participantName === n)!.participantId;
    const [priya, tom] = [idOf('Priya'), idOf('Tom')];
    const path = `/api/bills/${links.billId}/reminders`;
    expect((await get(sam, path)).json()).toEqual({ reminders: [] });

    ahead = -2 * 24 * 60 * 60 * 1000; // two days ago
    const first = await post(sam, path, { participantIds: [priya] });
    expect(first.statusCode, first.body).toBe(200);
    ahead = 0;
    const both = await post(sam, path, { participantIds: [tom, tom] });
    const got = both.json() as { reminders: { participantId: string; remindedAt: string }[] };
    const at = new Map(got.reminders.map((r) => [r.participantId, Date.parse(r.remindedAt)]));
    expect([...at.keys()].sort()).toEqual([priya, tom].sort());
    expect(Date.now() - at.get(priya)!).toBeGreaterThan(2 * 24 * 60 * 60 * 1000 - 60_000);
    expect(Date.now() - at.get(tom)!).toBeLessThan(60_000);

    // Another user's bill, a friend from another bill, nobody, a made-up id: refused, nothing kept.
    const other = await signUpWithProfile(t.app, 'Olly', 'Other');
    expect((await get(other, path)).statusCode).toBe(404);
    expect((await post(other, path, { participantIds: [priya] })).statusCode).toBe(404);
    const elsewhere = await billWithLinks();
    const stranger = elsewhere.paymentLinks[0]!.participantId;
    expect((await post(sam, path, { participantIds: [stranger] })).statusCode).toBe(400);
    expect((await post(sam, path, { participantIds: [] })).statusCode).toBe(400);
    expect(
      (await post(sam, '/api/bills/nope/reminders', { participantIds: [priya] })).statusCode,
    ).toBe(404);
    expect((await post(null, path, { participantIds: [priya] })).statusCode).toBe(401);
    expect((await get(sam, `/api/bills/${elsewhere.billId}/reminders`)).json()).toEqual({
      reminders: [],
    });
    expect((await get(sam, path)).json()).toEqual(both.json());
  });
});
