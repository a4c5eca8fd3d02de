import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExportQuerySchema,
  DELETE_NEEDS_FRESH_SIGN_IN,
  DELETE_WRONG_PASSWORD,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
} from '../../../contracts/account';
import { toIsoDate } from '../../../domain/formats';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import { AppError } from '../../http/errors';
import type { SessionCache } from '../../http/session-cache';
import type { Auth } from '../accounts/auth';
import type { AuthRateLimiter } from '../accounts/rate-limit';
import { authHeaders } from '../accounts/session';
import type { AccountDataService } from './service';

/** A Google or Apple account deletes itself within this long of signing in. */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

export interface AccountDataRoutesDeps {
  service: AccountDataService;
  auth: Auth;
  requireUser: RequireUser;
  sessions: SessionCache;
  rateLimiter: AuthRateLimiter;
  /** The payments module's closing of a payout account at the provider (before the deletion). */
  closePayoutAccount: (userId: string) => Promise<void>;
  clock?: () => Date;
}

export const accountDataRoutes =
  (deps: AccountDataRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, auth, sessions } = deps;
    const clock = deps.clock ?? (() => new Date());
    app.addHook('onRequest', deps.requireUser);

    // Written as it is read (service.ts): a page of bills at a time, never the whole account.
    app.get(
      '/api/account/export',
      { schema: { querystring: accountExportQuerySchema } },
      async (req, reply) => {
        const userId = userIdOf(req);
        const csv = req.query.format === 'csv';
        const name = `fairshare-${csv ? 'bills' : 'data'}-${toIsoDate(clock())}.${csv ? 'csv' : 'json'}`;
        reply
          .type(csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`);
        const pieces = csv ? service.exportCsv(userId) : service.exportJson(userId);
        return reply.send(Readable.from(pieces, { objectMode: false }));
      },
    );

    app.post(
      '/api/account/delete',
      { schema: { body: deleteAccountBodySchema, response: { 200: deleteAccountResponseSchema } } },
      async (req, reply) => {
        const userId = userIdOf(req);
        const headers = authHeaders(req);
        if (await service.hasPassword(userId)) {
          const password = req.body.password ?? '';
          const current = await auth.api.getSession({ headers });
          await deps.rateLimiter.signIn(req.ip, current?.user.email ?? userId);
          // better-auth's own check of the current password.
          const right = await auth.api
            .verifyPassword({ body: { password }, headers })
            .then(() => true)
            .catch(() => false);
          if (!right) throw new AppError(403, 'wrong_password', DELETE_WRONG_PASSWORD);
        } else {
          const current = await auth.api.getSession({ headers });
          const signedInAt = current ? new Date(current.session.createdAt).getTime() : 0;
          if (clock().getTime() - signedInAt > FRESH_SIGN_IN_MS)
            throw new AppError(403, 'fresh_sign_in_required', DELETE_NEEDS_FRESH_SIGN_IN);
        }
        await deps.closePayoutAccount(userId);
        req.log.info({ userId }, 'deleting the account');
        await service.deleteAccount(userId);
        req.log.info({ userId }, 'account deleted');
        sessions.clear();
        // The browser forgets the session too (its row is gone with the account).
        const ctx = await auth.$context;
        const secure = ctx.authCookies.sessionToken.attributes.secure ? '; Secure' : '';
        reply.header(
          'set-cookie',
          [
            ctx.authCookies.sessionToken.name,
            ctx.authCookies.sessionData.name,
            ctx.authCookies.dontRememberToken.name,
          ].map((n) => `${n}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`),
        );
        return { deleted: true as const };
      },
    );
  };
