import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authProvidersSchema,
  currentUserResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  syncUserBodySchema,
  syncUserResponseSchema,
  updateProfileBodySchema,
  userSchema,
} from '../../../contracts/auth';
import type { Config } from '../../config';
import { userIdOf, type RequireUser } from '../../http/auth-guard';
import { parseBody } from '../../http/validate';
import type { Auth } from './auth';
import type { AuthRateLimiter } from './rate-limit';
import type { AccountsService } from './service';

export interface AccountsRoutesDeps {
  auth: Auth;
  config: Config;
  service: AccountsService;
  rateLimiter: AuthRateLimiter;
  requireUser: RequireUser;
}

// better-auth's own error texts, in the words Fairshare uses. Sign-in never says whether the e-mail
// is registered: better-auth answers the same for an unknown e-mail and a wrong password.
const FRIENDLY: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid e-mail or password',
  USER_ALREADY_EXISTS: 'An account with this e-mail already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this e-mail already exists. Sign in instead.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  INVALID_EMAIL: 'Enter a valid e-mail address',
};

export const accountsRoutes =
  (deps: AccountsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, config, service, rateLimiter, requireUser } = deps;

    // Apple posts its callback as a form: keep the raw text for better-auth to read.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    /** Hands a request to better-auth as a fetch Request and copies its answer back. */
    async function forward(req: FastifyRequest, reply: FastifyReply, body: unknown) {
      const url = new URL(req.url, config.publicUrl);
      const headers = fromNodeHeaders(req.headers);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body !== undefined;
      if (hasBody && typeof body !== 'string') headers.set('content-type', 'application/json');
      headers.delete('content-length');
      const res = await auth.handler(
        new Request(url, {
          method: req.method,
          headers,
          body: hasBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
        }),
      );
      reply.status(res.status);
      res.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const text = await res.text();
      if (
        res.status >= 400 &&
        (res.headers.get('content-type') ?? '').includes('application/json')
      ) {
        // One error shape for the whole API: { error, message, code }.
        const data = JSON.parse(text || '{}') as { code?: string; message?: string };
        const message =
          (data.code && FRIENDLY[data.code]) ||
          data.message ||
          'Authentication failed. Please try again.';
        return reply.send({
          error: message,
          message,
          code: (data.code ?? 'auth_error').toLowerCase(),
          requestId: req.id,
        });
      }
      return reply.send(text);
    }

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (req, reply) => {
        const path = new URL(req.url, 'http://x').pathname;
        if (req.method === 'POST' && path === '/api/auth/sign-in/email') {
          const body = parseBody(signInBodySchema, req.body, { plainMessages: true });
          await rateLimiter.signIn(req.ip, body.email);
          return forward(req, reply, body);
        }
        if (req.method === 'POST' && path === '/api/auth/sign-up/email') {
          const body = parseBody(signUpBodySchema, req.body, { plainMessages: true });
          await rateLimiter.signUp(req.ip);
          // better-auth wants a display name; the profile step of onboarding asks for the real one.
          return forward(req, reply, { ...body, name: body.name || body.email.split('@')[0] });
        }
        return forward(req, reply, req.body);
      },
    });

    app.get(
      '/api/auth/providers',
      { schema: { response: { 200: authProvidersSchema } } },
      async () => ({
        google: Boolean(config.google),
        apple: Boolean(config.apple),
      }),
    );

    app.get(
      '/api/auth/me',
      { schema: { response: { 200: currentUserResponseSchema } } },
      async (req) => {
        const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
        return { user: session ? await service.getUser(session.user.id) : null };
      },
    );

    app.get(
      '/api/auth/user',
      { onRequest: requireUser, schema: { response: { 200: userSchema } } },
      async (req) => service.getUser(userIdOf(req)),
    );

    app.patch(
      '/api/auth/user',
      {
        onRequest: requireUser,
        schema: { body: updateProfileBodySchema, response: { 200: userSchema } },
      },
      async (req) => service.updateProfile(userIdOf(req), req.body),
    );

    app.post(
      '/api/auth/sync-supabase-user',
      {
        onRequest: requireUser,
        schema: { body: syncUserBodySchema, response: { 200: syncUserResponseSchema } },
      },
      async (req) => ({
        success: true as const,
        user: await service.syncUser(userIdOf(req), req.body),
      }),
    );

    // A full-page navigation: end the session (if any), clear the cookie, back to the landing page.
    app.get('/api/logout', async (req, reply) => {
      try {
        const res = await auth.api.signOut({
          headers: fromNodeHeaders(req.headers),
          asResponse: true,
        });
        const cookies = res.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
      } catch (err) {
        // No session: nothing to end.
        if (!(err instanceof Error) || !/session/i.test(err.message))
          req.log.warn({ err }, 'sign-out failed');
      }
      return reply.header('cache-control', 'no-store').redirect('/', 303);
    });
  };
