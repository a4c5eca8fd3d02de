// Statements per request on the hot routes (decision 013): counted on the app's database handle,
// so a change that adds a round trip fails here rather than in a benchmark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetailSchema, billListResponseSchema } from '../../../contracts/bills';
import { makeBillBody } from '../../../testing/builders';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let alice: Session;
let billId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
  for (let i = 0; i < 3; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bills',
      headers: { cookie: alice.cookie },
      payload: makeBillBody({
        name: `Dinner ${i}`,
        serviceCharge: '1.00',
        items: [
          { name: 'Fries', amount: '4.99', portions: { me: 1, p2: 1 } },
          { name: 'Wine', amount: '22.00', splitMode: 'equally' },
        ],
      }),
    });
    expect(res.statusCode).toBe(201);
    billId = res.json().id;
  }
});
afterAll(() => t.close());

/** A GET as Alice, and the statements the app sent to the database while answering it. */
async function counted(url: string, cookie = alice.cookie) {
  const before = t.database.queries.count;
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  return { res, queries: t.database.queries.count - before };
}

describe('statements per request', () => {
  it('checks a session once, then not again while it is remembered', async () => {
    const first = await counted('/api/bills');
    expect(first.res.statusCode).toBe(200);
    // better-auth reads the session with its user: at most 2, plus the list's one.
    expect(first.queries).toBeLessThanOrEqual(3);
    const again = await counted('/api/bills');
    expect(again.queries).toBe(1);
  });

  it('lists bills with their people in one statement (at most 2 after the session)', async () => {
    await counted('/api/bills');
    const { res, queries } = await counted('/api/bills?limit=2');
    expect(res.statusCode).toBe(200);
    const body = billListResponseSchema.parse(res.json());
    expect(body.bills).toHaveLength(2);
    expect(body.bills[0]!.participants.map((p) => p.participantName)).toEqual(['Alice', 'Priya']);
    expect(queries).toBeLessThanOrEqual(2);
    expect(queries).toBe(1);
    const next = await counted(`/api/bills?limit=2&cursor=${body.nextCursor}`);
    expect(billListResponseSchema.parse(next.res.json()).bills).toHaveLength(1);
    expect(next.queries).toBe(1);
  });

  it("reads a bill's detail in one statement (at most 3), with no second lookup of the user", async () => {
    await counted('/api/bills');
    const { res, queries } = await counted(`/api/bills/${billId}`);
    expect(res.statusCode).toBe(200);
    const detail = billDetailSchema.parse(res.json());
    expect(detail.creatorName).toBe('Alice Archer');
    expect(detail.items.map((i) => i.assignments.length)).toEqual([2, 0]);
    expect(detail.participants[0]!.lines.length).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(3);
    expect(queries).toBe(1);
  });

  it("answers 404 for another user's bill in the same one statement", async () => {
    const bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
    await counted('/api/bills', bob.cookie);
    const { res, queries } = await counted(`/api/bills/${billId}`, bob.cookie);
    expect(res.statusCode).toBe(404);
    expect(queries).toBe(1);
  });
});
