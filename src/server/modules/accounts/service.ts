import type { SyncUserBody, UpdateProfileBody, User } from '../../../contracts/auth';
import { emailPrefix } from '../../../domain/profile';
import { AppError, unauthorized } from '../../http/errors';
import type { AccountsRepo, UserRow } from './repo';

/** The user record the spec's clients read (payments-accounts.md §3). */
export function toUserDto(row: UserRow): User {
  const fullName = [row.firstName, row.lastName].filter((s) => s?.trim()).join(' ');
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: fullName || row.name,
    username: row.username ?? emailPrefix(row.email),
    profileImageUrl: row.image,
    emailVerified: row.emailVerified,
  };
}

export function createAccountsService(repo: AccountsRepo) {
  async function current(userId: string): Promise<UserRow> {
    const row = await repo.findUser(userId);
    // The session outlived its user (deleted account): treat as signed out.
    if (!row) throw unauthorized();
    return row;
  }

  return {
    /** Whether `token` names one of the user's own sessions (a token with NUL names none). */
    async ownsSession(userId: string, token: string): Promise<boolean> {
      if (token.length === 0 || token.length > 512 || token.includes('\0')) return false;
      return repo.ownsSession(userId, token);
    },

    /** The token of the user's session `id` (to sign that device out); null when not theirs. */
    async sessionToken(userId: string, id: string): Promise<string | null> {
      if (id.includes('\0')) return null;
      return repo.sessionToken(userId, id);
    },

    /** The account of a live reset token (to sign it in once the password is set). */
    async resetTokenOwner(token: string): Promise<{ id: string; email: string } | undefined> {
      const row = await repo.resetTokenOwner(token);
      return row && { id: row.id, email: row.email };
    },

    markEmailVerified: (userId: string) => repo.markEmailVerified(userId),

    /** The user's row, or undefined for an id with no account. */
    findUser: (userId: string) => repo.findUser(userId),

    async getUser(userId: string): Promise<User> {
      return toUserDto(await current(userId));
    },

    async updateProfile(userId: string, body: UpdateProfileBody): Promise<User> {
      const row = await repo.updateProfile(userId, {
        firstName: body.firstName,
        lastName: body.lastName,
        name: `${body.firstName} ${body.lastName}`,
      });
      if (!row) throw unauthorized();
      return toUserDto(row);
    },

    /**
     * DECISIONS.md: upserts the signed-in user's profile fields; idempotent. Only fields that are
     * given change; the e-mail cannot be changed this way, so a different one is refused.
     */
    async syncUser(userId: string, body: SyncUserBody): Promise<User> {
      const row = await current(userId);
      if (body.email && body.email !== row.email.toLowerCase()) {
        throw new AppError(400, 'email_mismatch', 'The e-mail does not match the signed-in user', {
          email: 'does not match the signed-in user',
        });
      }
      const fields: Parameters<AccountsRepo['updateProfile']>[1] = {};
      if (body.firstName) fields.firstName = body.firstName;
      if (body.lastName) fields.lastName = body.lastName;
      if (body.username) fields.username = body.username;
      if (body.profileImageUrl) fields.image = body.profileImageUrl;
      const first = fields.firstName ?? row.firstName;
      const last = fields.lastName ?? row.lastName;
      if (first && last) fields.name = `${first} ${last}`;
      if (Object.keys(fields).length === 0) return toUserDto(row);
      const updated = await repo.updateProfile(userId, fields);
      if (!updated) throw unauthorized();
      return toUserDto(updated);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
