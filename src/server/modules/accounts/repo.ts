import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session, user, verification } from '../../db/schema';

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

    /** The token of one of this user's sessions, named by its id; null when it is not theirs. */
    async sessionToken(userId: string, id: string): Promise<string | null> {
      const [row] = await db
        .select({ token: session.token })
        .from(session)
        .where(and(eq(session.id, id), eq(session.userId, userId)))
        .limit(1);
      return row?.token ?? null;
    },

    /** The user a live password-reset token (better-auth's 'reset-password:<token>') belongs to. */
    async resetTokenOwner(token: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user })
        .from(verification)
        .innerJoin(user, eq(user.id, verification.value))
        .where(
          and(
            eq(verification.identifier, `reset-password:${token}`),
            gt(verification.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row?.user;
    },

    /** A reset link opened from the inbox shows the address is theirs. */
    async markEmailVerified(id: string): Promise<void> {
      await db
        .update(user)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(and(eq(user.id, id), eq(user.emailVerified, false)));
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
