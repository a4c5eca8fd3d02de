import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in user's id. */
    userId?: string;
  }
}

/**
 * The header better-auth reads the client's address from (accounts/auth.ts). Fairshare sets it to
 * `req.ip` on every call, after dropping any a client sent: the address is the one Fastify worked
 * out under TRUST_PROXY, never a header a client can write.
 */
export const CLIENT_IP_HEADER = 'x-fairshare-client-ip';

/**
 * Reads the session and fails with 401 when there is none, setting `req.userId` (made by the
 * accounts module, which owns sign-in: modules/accounts/session.ts).
 */
export type RequireUser = (req: FastifyRequest) => Promise<void>;

/** The signed-in user's id, or null (modules/accounts/session.ts). */
export type SessionUser = (req: FastifyRequest) => Promise<string | null>;

/** The signed-in user's id in a route guarded by requireUser. */
export function userIdOf(req: FastifyRequest): string {
  if (!req.userId) throw unauthorized();
  return req.userId;
}
