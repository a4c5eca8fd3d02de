import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, type RequireUser } from '../../http/auth-guard';
import { unauthorized } from '../../http/errors';
import type { Auth } from './auth';

/** A request's headers as better-auth takes them, with the client's address from `req.ip`. */
export function authHeaders(req: FastifyRequest): Headers {
  const headers = fromNodeHeaders(req.headers);
  headers.set(CLIENT_IP_HEADER, req.ip);
  return headers;
}

/** Reads the session (cookie, or bearer token) and fails with 401 when there is none. */
export function makeRequireUser(auth: Auth): RequireUser {
  return async function requireUser(req: FastifyRequest) {
    const session = await auth.api.getSession({ headers: authHeaders(req) });
    if (!session) throw unauthorized();
    req.userId = session.user.id;
  };
}
