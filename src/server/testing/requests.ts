import type { FastifyInstance } from 'fastify';
import type { Session } from './auth-helpers';

/** Requests to an app through inject(), as a signed-in user (their cookie) or as nobody (null). */
export function requestsTo(app: () => FastifyInstance) {
  const headers = (s: Session | null) => (s ? { cookie: s.cookie } : {});
  return {
    get: (s: Session | null, url: string) =>
      app().inject({ method: 'GET', url, headers: headers(s) }),
    post: (s: Session | null, url: string, payload?: unknown) =>
      app().inject({
        method: 'POST',
        url,
        headers: headers(s),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    del: (s: Session | null, url: string) =>
      app().inject({ method: 'DELETE', url, headers: headers(s) }),
  };
}
