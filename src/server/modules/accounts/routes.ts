import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createEmailVerificationToken } from 'better-auth/api';
import {
  authProvidersSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  CURRENT_PASSWORD_WRONG,
  NO_PASSWORD_TO_CHANGE,
  currentUserResponseSchema,
  FORGOT_PASSWORD_SENT,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  RESET_LINK_INVALID,
  resetPasswordBodySchema,
  verificationEmailResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  syncUserBodySchema,
  syncUserResponseSchema,
  updateProfileBodySchema,
  userSchema,
  deviceSessionsSchema,
  revokeSessionBodySchema,
} from '../../../contracts/auth';
import type { Config } from '../../config';
import { userIdOf, type RequireUser, type SessionUser } from '../../http/auth-guard';
import type { SessionCache } from '../../http/session-cache';
import { authHeaders } from './session';
import { AppError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { MailError } from '../../adapters/mail/mailer';
import type { MailDeliveries } from '../../adapters/mail/deliveries';
import { EMAIL_CHANGED_CALLBACK, tokenClaims, verifyEmailUrl, type Auth } from './auth';
import { emailChangedMail, VERIFY_LINK_SECONDS, verifyEmailMail } from './emails';
import type { AuthRateLimiter } from './rate-limit';
import type { AccountsService } from './service';

export interface AccountsRoutesDeps {
  auth: Auth;
  config: Config;
  service: AccountsService;
  rateLimiter: AuthRateLimiter;
  requireUser: RequireUser;
  /** The signed-in user's id or null, through the session cache. */
  sessionUser: SessionUser;
  /** Emptied after anything that may end a session (sign-out, revocation, a password change). */
  sessions: SessionCache;
  mail: MailDeliveries;
  /** What signs better-auth's tokens (a verification link is one). */
  authSecret: string;
}

/** What a signed-in user sees when a verification e-mail could not be handed to the mail server. */
export const MAIL_UNAVAILABLE =
  "We couldn't send the e-mail just now. Please try again in a few minutes.";

/** better-auth's POSTs that only start sessions: every other one may end some. */
const STARTS_SESSIONS_ONLY = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

/**
 * A sign-up whose e-mail and password sign nobody in: the e-mail has an account with another
 * password. No answer can hide that from the person who typed both, but it costs them a try at the
 * password (counted per e-mail, as a sign-in is), and it never says the e-mail is registered.
 */
export const SIGN_UP_REFUSED =
  "We couldn't create an account with this e-mail and password. If you have one, sign in instead.";

// better-auth's own error texts, in the words Fairshare uses. Sign-in never says whether the e-mail
// is registered: better-auth answers the same for an unknown e-mail and a wrong password.
const FRIENDLY: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid e-mail or password',
  USER_ALREADY_EXISTS: SIGN_UP_REFUSED,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: SIGN_UP_REFUSED,
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  INVALID_EMAIL: 'Enter a valid e-mail address',
  INVALID_PASSWORD: CURRENT_PASSWORD_WRONG,
  CREDENTIAL_ACCOUNT_NOT_FOUND: NO_PASSWORD_TO_CHANGE,
};

export const accountsRoutes =
  (deps: AccountsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, config, service, rateLimiter, requireUser, sessionUser, sessions, mail } = deps;

    // Apple posts its callback as a form: keep the raw text for better-auth to read.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    /** Hands a request to better-auth as a fetch Request (at `path`, by default the request's own). */
    async function callAuth(req: FastifyRequest, body: unknown, path?: string): Promise<Response> {
      const url = new URL(path ?? req.url, config.publicUrl);
      const headers = authHeaders(req);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body !== undefined;
      if (hasBody && typeof body !== 'string') headers.set('content-type', 'application/json');
      headers.delete('content-length');
      return auth.handler(
        new Request(url, {
          method: req.method,
          headers,
          body: hasBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
        }),
      );
    }

    /** Hands a request to better-auth and copies its answer back. */
    async function forward(req: FastifyRequest, reply: FastifyReply, body: unknown) {
      const path = new URL(req.url, 'http://x').pathname;
      try {
        return await send(req, reply, await callAuth(req, body));
      } finally {
        // Sign-out, revocation, a password change or reset: no session this process remembers
        // outlives it (http/session-cache.ts), whether or not better-auth says it succeeded.
        if (req.method !== 'GET' && !STARTS_SESSIONS_ONLY.has(path)) sessions.clear();
      }
    }

    /** Copies better-auth's answer to the reply, errors in the API's one error shape. */
    async function send(req: FastifyRequest, reply: FastifyReply, res: Response) {
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
          await rateLimiter.signUp(req.ip, body.email);
          // better-auth wants a display name; the profile step of onboarding asks for the real one.
          const made = await callAuth(req, {
            ...body,
            name: body.name || body.email.split('@')[0],
          });
          // Its answer is the same for a new e-mail and a registered one (autoSignIn: false, in
          // auth.ts); signing in with the same password then tells them apart for this caller only.
          if (!made.ok) return send(req, reply, made);
          const signedIn = await callAuth(
            req,
            { email: body.email, password: body.password, rememberMe: body.rememberMe },
            '/api/auth/sign-in/email',
          );
          if (signedIn.status === 401) {
            await rateLimiter.signUpRefused(body.email);
            throw new AppError(401, 'sign_up_refused', SIGN_UP_REFUSED);
          }
          return send(req, reply, signedIn);
        }
        if (req.method === 'POST' && path === '/api/auth/request-password-reset') {
          const body = parseBody(forgotPasswordBodySchema, req.body, { plainMessages: true });
          await rateLimiter.passwordReset(req.ip, body.email);
          // better-auth makes the one-time token and hands the e-mail to auth.ts's sender, which
          // sends it in the background; the answer is this one whatever happened to the address.
          const res = await callAuth(req, { email: body.email });
          if (!res.ok) return send(req, reply, res);
          return reply.send(
            forgotPasswordResponseSchema.parse({ status: true, message: FORGOT_PASSWORD_SENT }),
          );
        }
        if (req.method === 'POST' && path === '/api/auth/reset-password') {
          const body = parseBody(resetPasswordBodySchema, req.body, { plainMessages: true });
          const owner = await service.resetTokenOwner(body.token);
          if (!owner) throw new AppError(400, 'invalid_token', RESET_LINK_INVALID);
          let res: Response;
          try {
            // Sets the password, spends the token and ends every session of the account.
            res = await callAuth(req, body);
          } finally {
            sessions.clear();
          }
          if (!res.ok) {
            const data = (await res
              .clone()
              .json()
              .catch(() => ({}))) as { code?: string };
            if (data.code === 'INVALID_TOKEN')
              throw new AppError(400, 'invalid_token', RESET_LINK_INVALID);
            return send(req, reply, res);
          }
          await service.markEmailVerified(owner.id);
          // The one new session: this device, signed in with the password just chosen.
          const signedIn = await callAuth(
            req,
            { email: owner.email, password: body.newPassword },
            '/api/auth/sign-in/email',
          );
          return send(req, reply, signedIn);
        }
        if (req.method === 'POST' && path === '/api/auth/change-password') {
          // Settings, Security. The current password is a try at it, counted as a sign-in is; every
          // other device is signed out whatever the body says, this one gets a new session.
          const body = parseBody(changePasswordBodySchema, req.body, { plainMessages: true });
          const userId = await signedInUser(req);
          if (userId) {
            const user = await service.getUser(userId);
            await rateLimiter.signIn(req.ip, user.email);
          }
          return forward(req, reply, { ...body, revokeOtherSessions: true });
        }
        if (req.method === 'POST' && path === '/api/auth/change-email') {
          // A link goes to the new address (auth.ts); opening it makes the change (below). The
          // answer is the same whether or not the new address has an account already.
          const body = parseBody(changeEmailBodySchema, req.body, { plainMessages: true });
          const userId = await signedInUser(req);
          if (userId) await rateLimiter.verificationEmail(userId);
          return forward(req, reply, {
            newEmail: body.newEmail,
            callbackURL: EMAIL_CHANGED_CALLBACK,
          });
        }
        if (req.method === 'GET' && path === '/api/auth/verify-email') {
          const token = new URL(req.url, 'http://x').searchParams.get('token') ?? '';
          const claims = tokenClaims(token);
          if (
            claims.requestType === 'change-email-verification' &&
            claims.userId &&
            claims.updateTo
          )
            return changeEmail(req, reply, claims.userId, claims.updateTo);
        }
        if (req.method === 'GET' && path === '/api/auth/list-sessions') {
          // Each device's session without its token: the token is the sign-in itself, kept in an
          // httpOnly cookie out of the page's reach; a device is signed out by its id (below).
          const res = await callAuth(req, undefined);
          if (!res.ok) return send(req, reply, res);
          // The schema keeps only what it names (no token).
          const devices = deviceSessionsSchema.parse(await res.json());
          return send(req, reply, new Response(JSON.stringify(devices), res));
        }
        if (req.method === 'POST' && path === '/api/auth/revoke-session') {
          // better-auth answers success for any token, even another user's (it ends only the
          // caller's own): say plainly that a session not theirs is not found.
          const userId = await signedInUser(req);
          if (userId) {
            const body = parseBody(revokeSessionBodySchema, req.body, { plainMessages: true });
            const token =
              'id' in body
                ? await service.sessionToken(userId, body.id)
                : (await service.ownsSession(userId, body.token)) && body.token;
            if (!token) throw new AppError(404, 'session_not_found', 'Session not found');
            return forward(req, reply, { token });
          }
        }
        return forward(req, reply, req.body);
      },
    });

    /** The signed-in user's id, or null: for routes better-auth answers 401 itself. */
    const signedInUser = sessionUser;

    /**
     * The link sent to a new address, opened: better-auth checks it and changes the address; then
     * the address counts as confirmed (the link reached it) and the old address is told.
     */
    async function changeEmail(
      req: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      newEmail: string,
    ) {
      const before = await service.findUser(userId);
      const res = await callAuth(req, undefined);
      const after = before && (await service.findUser(userId));
      if (before && after && after.email === newEmail && before.email !== newEmail) {
        await service.markEmailVerified(userId);
        mail.later(emailChangedMail(before, newEmail), 'email-changed');
        req.log.info({ userId }, 'e-mail address changed');
      }
      return send(req, reply, res);
    }

    // A new verification link for the signed-in user, sent now so that they hear if it failed (their
    // own address: nothing to hide). better-auth's own route logs a failure and answers success.
    app.post(
      '/api/auth/verification-email',
      { onRequest: requireUser, schema: { response: { 200: verificationEmailResponseSchema } } },
      async (req) => {
        const user = await service.getUser(userIdOf(req));
        if (user.emailVerified)
          throw new AppError(409, 'already_verified', 'Your e-mail address is already confirmed.');
        await rateLimiter.verificationEmail(user.id);
        const token = await createEmailVerificationToken(
          deps.authSecret,
          user.email,
          undefined,
          VERIFY_LINK_SECONDS,
          { userId: user.id },
        );
        try {
          await mail.now(verifyEmailMail(user, verifyEmailUrl(config.publicUrl, token)));
        } catch (err) {
          if (!(err instanceof MailError)) throw err;
          req.log.error({ err, kind: 'verify-email' }, 'e-mail not sent');
          throw new AppError(503, 'mail_unavailable', MAIL_UNAVAILABLE);
        }
        return { status: true as const };
      },
    );

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
        const userId = await sessionUser(req);
        return { user: userId ? await service.getUser(userId) : null };
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

    // A form's POST from the app (never a GET: a link on another site must not sign anyone out):
    // end the session (if any), clear the cookie, back to the landing page.
    app.post('/api/logout', async (req, reply) => {
      try {
        const res = await auth.api.signOut({
          headers: authHeaders(req),
          asResponse: true,
        });
        const cookies = res.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
      } catch (err) {
        // No session: nothing to end.
        if (!(err instanceof Error) || !/session/i.test(err.message))
          req.log.warn({ err }, 'sign-out failed');
      } finally {
        sessions.clear();
      }
      return reply.header('cache-control', 'no-store').redirect('/', 303);
    });
    app.get('/api/logout', async () => {
      throw new AppError(405, 'method_not_allowed', 'Sign out with POST /api/logout', undefined, {
        allow: 'POST',
      });
    });
  };
