import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, type RequireUser, type SessionUser } from '../../http/auth-guard';
import { unauthorized } from '../../http/errors';
import { sessionKeyOf, type SessionCache } from '../../http/session-cache';
import type { Auth } from './auth';

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
export function makeSessionUser(auth: Auth, cache: SessionCache): SessionUser {
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

/** Reads the session (cookie, or bearer token) and fails with 401 when there is none. */
export function makeRequireUser(sessionUser: SessionUser): RequireUser {
  return async function requireUser(req: FastifyRequest) {
    const userId = await sessionUser(req);
    if (!userId) throw unauthorized();
    req.userId = userId;
  };
}
