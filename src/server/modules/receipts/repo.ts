import { and, asc, count, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bills, receipts, scanPlaces } from '../../db/schema';

export type NewReceiptRow = typeof receipts.$inferInsert;

export function createReceiptsRepo(db: Db) {
  return {
    /**
     * Takes one of an owner's scan places when fewer than `limit` are held (leases past their
     * expiry are dropped first): the place's id, or null when all are taken. One transaction,
     * serialised per owner by an advisory lock, so two processes never both take the last place.
     */
    async takeScanPlace(ownerId: string, limit: number, leaseMs: number): Promise<string | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(727275, hashtext(${ownerId}))`);
        await tx
          .delete(scanPlaces)
          .where(and(eq(scanPlaces.ownerId, ownerId), lt(scanPlaces.expiresAt, sql`now()`)));
        const [held] = await tx
          .select({ n: count() })
          .from(scanPlaces)
          .where(eq(scanPlaces.ownerId, ownerId));
        if ((held?.n ?? 0) >= limit) return null;
        const [row] = await tx
          .insert(scanPlaces)
          .values({
            ownerId,
            expiresAt: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval`,
          })
          .returning({ id: scanPlaces.id });
        return row!.id;
      });
    },
    async releaseScanPlace(id: string): Promise<void> {
      await db.delete(scanPlaces).where(eq(scanPlaces.id, id));
    },

    async insert(row: NewReceiptRow): Promise<string> {
      const [saved] = await db.insert(receipts).values(row).returning({ id: receipts.id });
      return saved!.id;
    },
    /** The stored image, only for its owner. */
    async findImage(ownerId: string, id: string): Promise<{ image: Buffer; mime: string } | null> {
      const [row] = await db
        .select({ image: receipts.image, mime: receipts.mime })
        .from(receipts)
        .where(and(eq(receipts.id, id), eq(receipts.ownerId, ownerId)));
      return row ?? null;
    },
  };
}
export type ReceiptsRepo = ReturnType<typeof createReceiptsRepo>;

/** The unused-scan cleanup's query (cleanup.ts), apart from the scans' use-cases. */
export function createScanCleanupRepo(db: Db) {
  return {
    /**
     * Deletes up to `limit` scans made before `cutoff` that no bill uses, oldest first; returns how
     * many went. Rows another process is deleting (or a bill being saved is pointing at: its
     * foreign-key check holds a lock on the scan) are skipped, never waited for.
     */
    async deleteUnusedBefore(cutoff: Date, limit: number): Promise<number> {
      const unused = db
        .select({ id: receipts.id })
        .from(receipts)
        .where(
          and(
            lt(receipts.createdAt, cutoff),
            notExists(
              db
                .select({ one: sql`1` })
                .from(bills)
                .where(eq(bills.receiptId, receipts.id)),
            ),
          ),
        )
        .orderBy(asc(receipts.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const gone = await db
        .delete(receipts)
        .where(inArray(receipts.id, unused))
        .returning({ id: receipts.id });
      return gone.length;
    },
  };
}
export type ScanCleanupRepo = ReturnType<typeof createScanCleanupRepo>;
