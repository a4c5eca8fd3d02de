import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../modules/accounts/auth';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in user's id. */
    userId?: string;
  }
}

/** Reads the session (cookie, or bearer token) and fails with 401 when there is none. */
export function makeRequireUser(auth: Auth) {
  return async function requireUser(req: FastifyRequest) {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
    if (!session) throw unauthorized();
    req.userId = session.user.id;
  };
}

export type RequireUser = ReturnType<typeof makeRequireUser>;

/** The signed-in user's id in a route guarded by requireUser. */
export function userIdOf(req: FastifyRequest): string {
  if (!req.userId) throw unauthorized();
  return req.userId;
}
