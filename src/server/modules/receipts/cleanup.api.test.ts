import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDetailSchema } from '../../../contracts/bills';
import type { ParsedReceipt } from '../../../domain/receipt/types';
import { receipts } from '../../db/schema/receipts';
import { signUpWithProfile, type Session } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { deleteUnusedScans, startUnusedScanCleanup } from './cleanup';
import { createReceiptsRepo, createScanCleanupRepo } from './repo';

// DECISIONS.md Receipt photos: a saved bill keeps its scan, shown to its owner only; a scan no bill
// uses is deleted 7 days after it was made, by a job that several processes may run at once.

let t: TestApp;
let alice: Session;
let bob: Session;
const NOW = new Date();
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60 * 1000);

const PARSED: ParsedReceipt = {
  items: [{ name: 'Tea', amountPence: 250 }],
  subtotalPence: 250,
  taxPence: null,
  addedTaxPence: null,
  serviceChargePence: null,
  serviceChargePercent: null,
  tipPence: null,
  totalPence: 250,
  establishmentName: 'Monmouth Coffee',
  checks: {
    itemsMatchTotal: true,
    differencePence: 0,
    against: 'subtotal',
    figurePence: 250,
    figureLabel: 'TOTAL',
  },
  totalStrategy: 'strong wording printed last',
  rawText: 'Tea 2.50\nTOTAL 2.50',
  unusedLines: [],
};

/** A stored scan of `who`, made `age` days ago. */
async function scan(who: Session, age: number): Promise<string> {
  const id = await createReceiptsRepo(t.database.db).insert({
    ownerId: who.userId,
    image: Buffer.from('not really a jpeg'),
    mime: 'image/jpeg',
    ocrText: 'Tea 2.50',
    parsed: PARSED,
    timings: { imageMs: 1, queueMs: 0, ocrMs: 1, parseMs: 1, totalMs: 3 },
  });
  await t.database.db
    .update(receipts)
    .set({ createdAt: daysAgo(age) })
    .where(eq(receipts.id, id));
  return id;
}

async function saveBillWith(who: Session, receiptId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bills',
    headers: { cookie: who.cookie },
    payload: {
      name: 'Monmouth Coffee',
      participants: [{ key: 'me', name: 'Me' }],
      items: [{ name: 'Tea', amount: '2.50', splitMode: 'equally' }],
      receiptId,
    },
  });
  return res;
}

const image = (who: Session, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/receipts/${id}/image`,
    headers: { cookie: who.cookie },
  });

async function existing(ids: string[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: receipts.id })
    .from(receipts)
    .where(inArray(receipts.id, ids));
  return rows.map((r) => r.id).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpWithProfile(t.app, 'Alice', 'Archer');
  bob = await signUpWithProfile(t.app, 'Bob', 'Baker');
}, 60_000);
afterAll(() => t.close());

describe('a bill keeps its receipt scan', () => {
  it('saves the link, shows the photo to the owner only, and refuses a scan of someone else', async () => {
    const mine = await scan(alice, 0);
    const saved = await saveBillWith(alice, mine);
    expect(saved.statusCode).toBe(201);
    const detail = billDetailSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/bills/${saved.json().id}`,
          headers: { cookie: alice.cookie },
        })
      ).json(),
    );
    expect(detail.receiptId).toBe(mine);
    const own = await image(alice, mine);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toContain('private');
    expect((await image(bob, mine)).statusCode).toBe(404);

    // Bob cannot attach Alice's scan to a bill of his (and so see it through his bill).
    const stolen = await saveBillWith(bob, mine);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toHaveProperty('receiptId');
  });
});

describe('deleteUnusedScans', () => {
  it('deletes the scans no bill uses once 7 days old, and keeps every other', async () => {
    const oldUnused = await scan(alice, 8);
    const oldUsed = await scan(alice, 8);
    const recentUnused = await scan(alice, 6);
    const bobsOld = await scan(bob, 30);
    expect((await saveBillWith(alice, oldUsed)).statusCode).toBe(201);

    const repo = createScanCleanupRepo(t.database.db);
    expect(await deleteUnusedScans(repo, NOW)).toBe(2);
    expect(await existing([oldUnused, oldUsed, recentUnused, bobsOld])).toEqual(
      [oldUsed, recentUnused].sort(),
    );
    // Gone means gone: its photo is 404; the bill's stays.
    expect((await image(alice, oldUnused)).statusCode).toBe(404);
    expect((await image(alice, oldUsed)).statusCode).toBe(200);
    // Nothing more to do on a second run.
    expect(await deleteUnusedScans(repo, NOW)).toBe(0);
    // A saved bill pointing at a deleted scan is refused, with the field named.
    const late = await saveBillWith(alice, oldUnused);
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toHaveProperty('receiptId');
  });

  it('run by two processes at once, deletes each scan once and fails neither', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 450; i++) ids.push(await scan(i % 2 ? alice : bob, 9));
    // Two cleanups on separate connections (PostgreSQL runs them side by side; PGlite in turn).
    const [a, b] = await Promise.all([
      deleteUnusedScans(createScanCleanupRepo(t.database.db), NOW),
      deleteUnusedScans(createScanCleanupRepo(t.database.db), NOW),
    ]);
    expect(a + b).toBe(450);
    expect(await existing(ids)).toEqual([]);
  }, 60_000);
});

describe('startUnusedScanCleanup', () => {
  it('runs after start, logs a failure instead of throwing, and stops cleanly', async () => {
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(`info: ${msg}`),
      warn: (_: object, msg: string) => logged.push(`warn: ${msg}`),
    };
    const old = await scan(alice, 10);
    const stop = startUnusedScanCleanup(createScanCleanupRepo(t.database.db), log, {
      firstRunMs: 1,
      clock: () => NOW,
    });
    await expect
      .poll(() => logged, { timeout: 10_000 })
      .toContain('info: deleted 1 receipt scans no bill uses');
    await stop();
    expect(await existing([old])).toEqual([]);

    const failing = startUnusedScanCleanup(
      {
        deleteUnusedBefore: async () => {
          throw new Error('database away');
        },
      },
      log,
      { firstRunMs: 1 },
    );
    await expect
      .poll(() => logged, { timeout: 10_000 })
      .toContain('warn: the unused receipt scans cleanup failed');
    await failing();
  });
});
