import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentLinksResponseSchema } from '../../../contracts/payments';
import { BILL_REMINDERS } from '../../../domain/notifications';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { startTestPushService, type TestPushService } from '../../testing/push-service';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Two processes on one database (two apps on one PostgreSQL when TEST_DATABASE_URL is set) run the
// due reminders at the same moment: the job table's row locks (FOR UPDATE SKIP LOCKED) let each
// reminder go once.

let push: TestPushService;
let a: TestApp;
let b: TestApp;
let ahead = 0;
let sam: Session;
const clock = () => new Date(Date.now() + ahead);
const BILLS = 12;

beforeAll(async () => {
  push = await startTestPushService();
  a = await createTestApp({ clock, pushAgent: push.agent });
  b = await createTestApp({
    clock,
    pushAgent: push.agent,
    database: a.database,
    secrets: a.secrets,
  });
  sam = await signUpWithProfile(a.app, 'Sam', 'Creator');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await push?.close();
});

const inject = (app: TestApp, method: 'POST' | 'PATCH', url: string, payload: object) =>
  app.app.inject({ method, url, headers: { cookie: sam.cookie }, payload });

describe('bill reminders in two processes', () => {
  it('sends each due reminder exactly once', async () => {
    const phone = push.device();
    expect(
      (await inject(a, 'POST', '/api/push/subscriptions', phone.subscription)).statusCode,
    ).toBe(200);
    await inject(a, 'PATCH', '/api/notifications/settings', { billReminders: true });
    await inject(a, 'POST', '/api/sandbox/connect', {
      accountHolderName: 'Sam Creator',
      sortCode: '20-00-00',
      accountNumber: '55779911',
    });
    const billIds: string[] = [];
    for (let i = 0; i < BILLS; i++) {
      const saved = await inject(a, 'POST', '/api/bills', {
        name: `Dinner ${i + 1}`,
        status: 'saved',
        mode: 'equal',
        tipPercent: 0,
        serviceCharge: '0.00',
        participants: [
          { key: 'me', name: 'Sam' },
          { key: 'p', name: 'Priya' },
        ],
        items: [{ name: 'Pizza', amount: '20.00', splitMode: 'equally', assignments: [] }],
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const id = (saved.json() as { id: string }).id;
      const links = await inject(i % 2 ? b : a, 'POST', '/api/payment-links', { billId: id });
      expect(links.statusCode, links.body).toBe(201);
      billIds.push(createPaymentLinksResponseSchema.parse(links.json()).billId);
    }
    await a.app.notifications.idle();
    await b.app.notifications.idle();

    const round = async (ms: number) => {
      ahead = ms;
      // Each process runs small batches at once, as their minute timers would overlap.
      const counts = await Promise.all([
        a.app.notifications.runDueReminders(3),
        b.app.notifications.runDueReminders(3),
        a.app.notifications.runDueReminders(3),
        b.app.notifications.runDueReminders(3),
        a.app.notifications.runDueReminders(3),
        b.app.notifications.runDueReminders(3),
      ]);
      let total = counts.reduce((x, y) => x + y, 0);
      // Whatever the first wave passed over (locked by the other) is still due: run until none.
      for (let n = 1; n; total += n)
        n = (await Promise.all([a, b].map((x) => x.app.notifications.runDueReminders(3)))).reduce(
          (x, y) => x + y,
          0,
        );
      return total;
    };
    expect(await round(BILL_REMINDERS.firstAfterMs + 1000)).toBe(BILLS);
    expect(await round(BILL_REMINDERS.firstAfterMs + BILL_REMINDERS.everyMs + 1000)).toBe(BILLS);
    const tags = phone.messages().map((m) => (m as { tag: string }).tag);
    expect(tags).toHaveLength(2 * BILLS);
    for (const id of billIds) expect(tags.filter((t) => t === `remind:${id}`)).toHaveLength(2);
    ahead = 0;
  });
});
