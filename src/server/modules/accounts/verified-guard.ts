import type { FastifyInstance } from 'fastify';
import { EMAIL_NOT_VERIFIED } from '../../../contracts/auth';
import { AppError } from '../../http/errors';
import type { AccountsService } from './service';

/**
 * With real money (the Stripe provider) a payout account is connected only from a confirmed
 * address: the one Stripe and Fairshare write to about it. Everything else works unconfirmed.
 * Runs after the routes' own sign-in check, which set req.userId.
 */
export function registerVerifiedEmailGuard(
  app: FastifyInstance,
  opts: { paths: readonly string[]; service: AccountsService },
) {
  const guarded = new Set(opts.paths);
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'POST' || !guarded.has(req.routeOptions.url ?? '') || !req.userId) return;
    const user = await opts.service.getUser(req.userId);
    if (!user.emailVerified) throw new AppError(403, 'email_not_verified', EMAIL_NOT_VERIFIED);
  });
}
