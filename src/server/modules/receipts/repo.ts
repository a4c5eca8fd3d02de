import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { receipts } from '../../db/schema';

export type NewReceiptRow = typeof receipts.$inferInsert;

export function createReceiptsRepo(db: Db) {
  return {
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
