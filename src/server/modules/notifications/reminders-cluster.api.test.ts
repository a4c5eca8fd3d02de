import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentLinksResponseSchema } from '../../../contracts/payments';
import { BILL_REMINDERS } from '../../../domain/notifications';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { startTestPushService, type TestPushService } from '../../testing/push-service';
import { openPostgres, type Database } from '../../db/client';
import { createTestApp, openTestDatabase, type TestApp } from '../../testing/test-app';

// Two processes on one database (two apps on one PostgreSQL, each with its own pool of
// connections, when TEST_DATABASE_URL is set) run the due reminders at the same moment: the job
// table's row locks (FOR UPDATE SKIP LOCKED) let each reminder go once. Then both stop and a third
// starts: the jobs are in the database, so a restart loses none.

let push: TestPushService;
let database: Database;
/** The second process's own connections (PostgreSQL); the embedded database has one. */
let second: Database | undefined;
let a: TestApp | undefined;
let b: TestApp | undefined;
let ahead = 0;
let sam: Session;
const clock = () => new Date(Date.now() + ahead);
const BILLS = 12;

beforeAll(async () => {
  push = await startTestPushService();
  database = await openTestDatabase();
  const url = (database.pool?.options as { connectionString?: string } | undefined)
    ?.connectionString;
  second = url ? await openPostgres(url, { max: 5 }) : undefined;
  a = await createTestApp({ clock, pushAgent: push.agent, database });
  b = await createTestApp({
    clock,
    pushAgent: push.agent,
    database: second ?? database,
    secrets: a.secrets,
  });
  sam = await signUpWithProfile(a.app, 'Sam', 'Creator');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await second?.close();
  await database?.close();
  await push?.close();
});

const inject = (app: TestApp | undefined, method: 'POST' | 'PATCH', url: string, payload: object) =>
  app!.app.inject({ method, url, headers: { cookie: sam.cookie }, payload });

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
    const [pa, pb] = [a!, b!];
    await pa.app.notifications.idle();
    await pb.app.notifications.idle();

    const round = async (ms: number) => {
      ahead = ms;
      // Each process runs small batches at once, as their minute timers would overlap.
      const counts = await Promise.all([
        pa.app.notifications.runDueReminders(3),
        pb.app.notifications.runDueReminders(3),
        pa.app.notifications.runDueReminders(3),
        pb.app.notifications.runDueReminders(3),
        pa.app.notifications.runDueReminders(3),
        pb.app.notifications.runDueReminders(3),
      ]);
      let total = counts.reduce((x, y) => x + y, 0);
      // Whatever the first wave passed over (locked by the other) is still due: run until none.
      for (let n = 1; n; total += n)
        n = (await Promise.all([pa, pb].map((x) => x.app.notifications.runDueReminders(3)))).reduce(
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

    // A restart loses none: both processes stop; one starting afresh on the same database sends
    // the third and last reminder of every bill, and nothing after it.
    await pb.close();
    b = undefined;
    await pa.close();
    a = undefined;
    const again = await createTestApp({
      clock,
      pushAgent: push.agent,
      database,
      secrets: pa.secrets,
    });
    try {
      ahead = BILL_REMINDERS.firstAfterMs + 2 * BILL_REMINDERS.everyMs + 1000;
      expect(await again.app.notifications.runDueReminders(100)).toBe(BILLS);
      ahead = BILL_REMINDERS.firstAfterMs + 9 * BILL_REMINDERS.everyMs;
      expect(await again.app.notifications.runDueReminders(100)).toBe(0);
      const all = phone.messages().map((m) => (m as { tag: string }).tag);
      for (const id of billIds) expect(all.filter((t) => t === `remind:${id}`)).toHaveLength(3);
    } finally {
      await again.close();
    }
    ahead = 0;
  });
});
