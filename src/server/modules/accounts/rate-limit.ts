import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../http/errors';

export interface AuthRateLimits {
  /** Sign-in attempts per IP address per window. */
  signInPerIp: number;
  /** Sign-in attempts per e-mail address per window, from any IP. */
  signInPerEmail: number;
  /** Sign-ups per IP address per window. */
  signUpPerIp: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: 30,
  signInPerEmail: 10,
  signUpPerIp: 10,
  windowSeconds: 15 * 60,
};

/**
 * Limits password guessing and sign-up floods. Per IP stops one machine trying many accounts; per
 * e-mail stops many machines trying one account. Kept in memory: each process counts alone, which
 * is enough for one process and a known limit when running several (see the README).
 */
export function createAuthRateLimiter(limits: AuthRateLimits = DEFAULT_AUTH_RATE_LIMITS) {
  const make = (points: number, keyPrefix: string) =>
    new RateLimiterMemory({ points, duration: limits.windowSeconds, keyPrefix });
  const signInIp = make(limits.signInPerIp, 'signin-ip');
  const signInEmail = make(limits.signInPerEmail, 'signin-email');
  const signUpIp = make(limits.signUpPerIp, 'signup-ip');

  async function consume(limiter: RateLimiterMemory, key: string) {
    try {
      await limiter.consume(key);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
      throw new AppError(
        429,
        'rate_limited',
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        undefined,
        { 'retry-after': String(Math.ceil(res.msBeforeNext / 1000)) },
      );
    }
  }

  return {
    async signIn(ip: string, email: string) {
      await consume(signInIp, ip);
      await consume(signInEmail, email);
    },
    async signUp(ip: string) {
      await consume(signUpIp, ip);
    },
  };
}

export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;
