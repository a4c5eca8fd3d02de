import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { deriveProfile, type IdentityMetadata } from '../../../domain/profile';
import type { MailDeliveries } from '../../adapters/mail/deliveries';
import type { Config } from '../../config';
import { CLIENT_IP_HEADER } from '../../http/auth-guard';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import {
  changeEmailMail,
  passwordResetMail,
  RESET_LINK_SECONDS,
  resetPageUrl,
  VERIFY_LINK_SECONDS,
  verifyEmailMail,
} from './emails';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

type LogFn = (obj: object, msg: string) => void;
export interface AuthLogger {
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
}

/** What Fairshare's accounts need from better-auth, built once per app. */
export function createAuth(
  config: Config,
  db: Db,
  secret: string,
  log: AuthLogger,
  mail: MailDeliveries,
) {
  const https = config.publicUrl.startsWith('https://');

  const mapProfile = (profile: IdentityMetadata & { email?: unknown; name?: unknown }) => {
    const p = deriveProfile(profile);
    const full = [p.firstName, p.lastName].filter(Boolean).join(' ');
    return {
      name: full || (typeof profile.email === 'string' ? profile.email : 'Fairshare user'),
      image: p.profileImageUrl ?? undefined,
      firstName: p.firstName,
      lastName: p.lastName,
      username: p.username,
    };
  };

  // Google is plain OpenID Connect: it goes through the generic OAuth plugin with Google's discovery
  // document, so the test that signs in against a local OpenID provider runs this very code path.
  const oauthProviders = config.google
    ? [
        {
          providerId: 'google',
          name: 'Google',
          clientId: config.google.clientId,
          clientSecret: config.google.clientSecret,
          discoveryUrl: config.google.discoveryUrl ?? GOOGLE_DISCOVERY_URL,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          mapProfileToUser: mapProfile,
        },
      ]
    : [];

  return betterAuth({
    appName: 'Fairshare',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Sign-up makes the account and answers the same whether or not the e-mail was registered
      // (a generic answer, no session); accounts/routes.ts then signs in, so one e-mail cannot be
      // told registered without a try at its password (decision 012).
      autoSignIn: false,
      // The link goes straight to the app's page that asks for the new password (web /auth/reset),
      // which sends the token with it. The message is sent in the background: the request answers
      // the same, as fast, whether or not the address has an account (a known one sends mail).
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const u = user as { email: string; firstName?: string | null };
        mail.later(passwordResetMail(u, resetPageUrl(config.publicUrl, token)), 'password-reset');
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_SECONDS,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, token }) => {
        const u = user as { email: string; firstName?: string | null };
        // A change of e-mail (Settings, Security) sends its link to the new address: `user.email`
        // is that address here, and only opening the link changes it (routes.ts tells the old one).
        if (tokenRequestType(token) === 'change-email-verification')
          mail.later(
            changeEmailMail(u, verifyEmailUrl(config.publicUrl, token, EMAIL_CHANGED_CALLBACK)),
            'change-email',
          );
        else
          mail.later(verifyEmailMail(u, verifyEmailUrl(config.publicUrl, token)), 'verify-email');
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        username: { type: 'string', required: false },
      },
      // Settings, Security: a link to the new address confirms it (neither an unconfirmed change
      // nor a confirmation by the old address); routes.ts then tells the old address.
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Listing one's own devices (Settings, Security) works however long ago one signed in;
      // deleting the account asks for the password or a fresh sign-in itself (account-data).
      freshAge: 0,
    },
    socialProviders: config.apple
      ? {
          apple: {
            clientId: config.apple.clientId,
            clientSecret: config.apple.clientSecret,
            mapProfileToUser: (profile) => mapProfile(profile as IdentityMetadata),
          },
        }
      : {},
    plugins: [bearer(), genericOAuth({ config: oauthProviders })],
    trustedOrigins: [config.publicUrl, ...(config.apple ? ['https://appleid.apple.com'] : [])],
    // Fairshare limits sign-in and sign-up itself, per IP and per e-mail (rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
      // The client's address as Fastify works it out under TRUST_PROXY (http/auth-guard.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Profile changes go through PATCH /api/auth/user and its validation; an account is deleted by
    // POST /api/account/delete (account-data), which keeps the payment records.
    // A verification e-mail is asked for again through accounts/routes.ts, which reports a failure.
    disabledPaths: ['/update-user', '/delete-user', '/send-verification-email'],
    telemetry: { enabled: false },
    // An unexpected error (the database unreachable) is thrown to Fastify's one error handler: 503
    // for a database that is down, a generic 500 otherwise, logged with the app's redaction,
    // instead of better-call printing the failed query and its values to the console.
    onAPIError: { throw: true },
    // better-auth's messages go to the app's JSON log (and its redaction), not to the console.
    logger: {
      log: (level, message, ...args) => {
        const write = log[level] ?? log.info;
        write.call(log, { component: 'better-auth', details: args }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Where a verification link lands: better-auth confirms the address, then the app's settings. */
export const VERIFIED_CALLBACK = '/settings?verified=1';

/** Where the link sent to a new address lands once the change is made. */
export const EMAIL_CHANGED_CALLBACK = '/settings?email=changed';

/** The link of a verification e-mail (better-auth's GET /verify-email). */
export const verifyEmailUrl = (publicUrl: string, token: string, callback = VERIFIED_CALLBACK) =>
  `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(callback)}`;

/**
 * What a verification token (a JWT better-auth signs) says it is for, read without checking its
 * signature: only to choose the e-mail's words or what to do after better-auth, which checks it.
 */
export function tokenClaims(token: string): {
  email?: string;
  updateTo?: string;
  requestType?: string;
  userId?: string;
} {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload === 'object' && payload !== null ? payload : {};
  } catch {
    return {};
  }
}
const tokenRequestType = (token: string) => tokenClaims(token).requestType;
