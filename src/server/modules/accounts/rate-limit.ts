import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from '../../config';
import { AppError } from '../../http/errors';

/** The table the limits are counted in on PostgreSQL (migration 0004; rate-limiter-flexible's shape). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** E-mails are counted by a hash: the table holds no address. */
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

/**
 * Limits password guessing and sign-up floods. Per IP stops one machine trying many accounts; per
 * e-mail stops many machines trying one account. With a PostgreSQL server (`pool`) the counts live
 * in one table that every process shares, so two processes allow no more guesses than one; if that
 * table cannot be reached, each process counts in memory meanwhile. The embedded database serves
 * one process (its directory is locked), so there the counts stay in memory.
 */
export function createAuthRateLimiter(
  limits: AuthRateLimits = DEFAULT_AUTH_RATE_LIMITS,
  pool?: pg.Pool,
) {
  const make = (points: number, keyPrefix: string): RateLimiterAbstract => {
    const opts = { points, duration: limits.windowSeconds, keyPrefix };
    if (!pool) return new RateLimiterMemory(opts);
    return new RateLimiterPostgres({
      ...opts,
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      insuranceLimiter: new RateLimiterMemory(opts),
    });
  };
  const signInIp = make(limits.signInPerIp, 'signin-ip');
  const signInEmail = make(limits.signInPerEmail, 'signin-email');
  const signUpIp = make(limits.signUpPerIp, 'signup-ip');
  const resetIp = make(limits.resetPerIp, 'reset-ip');
  const resetEmail = make(limits.resetPerEmail, 'reset-email');
  const verifyUser = make(limits.verifyPerUser, 'verify-user');

  const limited = (msBeforeNext: number) => {
    const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
    return new AppError(
      429,
      'rate_limited',
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      undefined,
      { 'retry-after': String(Math.ceil(msBeforeNext / 1000)) },
    );
  };

  async function consume(limiter: RateLimiterAbstract, key: string) {
    try {
      await limiter.consume(key);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      throw limited(res.msBeforeNext);
    }
  }

  /** 429 when the key has used every point of its window, without using one. */
  async function refuseIfSpent(limiter: RateLimiterAbstract, key: string) {
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= limiter.points) throw limited(res.msBeforeNext);
  }

  return {
    async signIn(ip: string, email: string) {
      await consume(signInIp, ip);
      await consume(signInEmail, emailKey(email));
    },
    /** Before a sign-up: per IP, and not for an e-mail whose sign-in tries are spent. */
    async signUp(ip: string, email: string) {
      await consume(signUpIp, ip);
      await refuseIfSpent(signInEmail, emailKey(email));
    },
    /**
     * A sign-up refused because the e-mail has an account with another password was a try at that
     * password: it counts as a failed sign-in for the e-mail (accounts/routes.ts).
     */
    async signUpRefused(email: string) {
      await consume(signInEmail, emailKey(email)).catch(() => {});
    },
    /**
     * "Forgot password?": per IP, and per address whether or not it has an account, so the limit
     * says nothing about which addresses are registered and no address gets a flood of mail.
     */
    async passwordReset(ip: string, email: string) {
      await consume(resetIp, ip);
      await consume(resetEmail, emailKey(email));
    },
    async verificationEmail(userId: string) {
      await consume(verifyUser, userId);
    },
  };
}

export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;
