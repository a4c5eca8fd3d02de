import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bills } from '../../db/schema';
import { createBillsRepo } from './repo';

/**
 * Runs the hot reads a few times on the newest bill, in the background after a start (decision 013):
 * on the embedded database the first runs of a statement are several times slower than later ones
 * (WebAssembly compiled as it is first used, PostgreSQL's caches empty), and a burst of connections
 * just after a start waited seconds on them. Reads only; a failure is not the caller's concern.
 */
export async function warmUpBillReads(db: Db, rounds = 20): Promise<void> {
  const [newest] = await db
    .select({ id: bills.id, ownerId: bills.ownerId })
    .from(bills)
    .orderBy(desc(bills.createdAt))
    .limit(1);
  if (!newest) return;
  const repo = createBillsRepo(db);
  for (let i = 0; i < rounds; i++) {
    await repo.listBills(newest.ownerId, 50);
    await repo.loadOwnedAggregate(newest.ownerId, newest.id);
  }
}
