import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';

export type UserRow = typeof user.$inferSelect;

export function createAccountsRepo(db: Db) {
  return {
    async findUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
      return row;
    },

    async updateProfile(
      id: string,
      fields: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'name' | 'image' | 'username'>>,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(user)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(user.id, id))
        .returning();
      return row;
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
