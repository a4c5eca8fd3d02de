import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { payoutAccounts, user } from '../../../db/schema';

// Payout accounts: a creator's account at the payment provider.

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PayoutAccountFields = Partial<
  Pick<PayoutAccountRow, 'detailsSubmitted' | 'chargesEnabled' | 'bankName' | 'bankLast4'>
>;

export function createAccountsRepo(db: Db) {
  return {
    async findPayoutAccount(userId: string): Promise<PayoutAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, userId))
        .limit(1);
      return row;
    },

    /** Inserts the user's account unless one exists; returns whichever is stored. */
    async insertPayoutAccount(row: typeof payoutAccounts.$inferInsert): Promise<PayoutAccountRow> {
      await db.insert(payoutAccounts).values(row).onConflictDoNothing();
      const [stored] = await db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, row.userId))
        .limit(1);
      return stored!;
    },

    async updatePayoutAccount(
      accountId: string,
      fields: PayoutAccountFields,
    ): Promise<PayoutAccountRow | undefined> {
      const [row] = await db
        .update(payoutAccounts)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(payoutAccounts.accountId, accountId))
        .returning();
      return row;
    },

    async deletePayoutAccount(userId: string) {
      await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    },

    async userEmail(userId: string): Promise<string> {
      const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      return row?.email ?? '';
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
