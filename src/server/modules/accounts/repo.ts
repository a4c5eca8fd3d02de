import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session, user } from '../../db/schema';

export type UserRow = typeof user.$inferSelect;

export function createAccountsRepo(db: Db) {
  return {
    async findUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
      return row;
    },

    /** Whether a session token is one of this user's sessions. */
    async ownsSession(userId: string, token: string): Promise<boolean> {
      const [row] = await db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.token, token), eq(session.userId, userId)))
        .limit(1);
      return row !== undefined;
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
