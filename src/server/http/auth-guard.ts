import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../modules/accounts/auth';
import { unauthorized } from './errors';
import { sessionKeyOf, type SessionCache } from './session-cache';

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

/** A request's headers as better-auth takes them, with the client's address from `req.ip`. */
export function authHeaders(req: FastifyRequest): Headers {
  const headers = fromNodeHeaders(req.headers);
  headers.set(CLIENT_IP_HEADER, req.ip);
  return headers;
}

/**
 * The signed-in user's id, or null: from the session cache when the same session was confirmed in
 * the last few seconds (http/session-cache.ts), else from better-auth.
 */
export function makeSessionUser(auth: Auth, cache: SessionCache) {
  // Requests with the same session that arrive together (a page's parallel calls, a burst of
  // connections) share one check instead of each asking better-auth.
  const checking = new Map<string, Promise<string | null>>();

  async function check(req: FastifyRequest, key: string): Promise<string | null> {
    const generation = cache.generation;
    const session = await auth.api.getSession({ headers: authHeaders(req) });
    if (!session) return null;
    cache.remember(key, session.user.id, new Date(session.session.expiresAt), generation);
    return session.user.id;
  }

  return async function sessionUser(req: FastifyRequest): Promise<string | null> {
    const key = sessionKeyOf(req.headers);
    // No session cookie and no bearer token: nobody is signed in, and better-auth need not say so.
    if (key === null) return null;
    const known = cache.lookup(key);
    if (known !== undefined) return known;
    let pending = checking.get(key);
    if (!pending) {
      pending = check(req, key).finally(() => checking.delete(key));
      checking.set(key, pending);
    }
    return pending;
  };
}

export type SessionUser = ReturnType<typeof makeSessionUser>;

/** Reads the session (cookie, or bearer token) and fails with 401 when there is none. */
export function makeRequireUser(sessionUser: SessionUser) {
  return async function requireUser(req: FastifyRequest) {
    const userId = await sessionUser(req);
    if (!userId) throw unauthorized();
    req.userId = userId;
  };
}

export type RequireUser = ReturnType<typeof makeRequireUser>;

/** The signed-in user's id in a route guarded by requireUser. */
export function userIdOf(req: FastifyRequest): string {
  if (!req.userId) throw unauthorized();
  return req.userId;
}
