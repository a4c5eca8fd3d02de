import { z } from 'zod';
import { BILL_LIMITS, PERSON_NAME_TOO_LONG_MESSAGE, personNameProblem } from '../domain/bill-rules';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { safe } from './text';

/** The signed-in user as GET /api/auth/user answers (payments-accounts.md §3 User). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** Whether the user has opened the link of a verification e-mail (or signed in with Google/Apple). */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /api/auth/me: who is signed in, null when nobody is. The app asks this at start instead of
 * GET /api/auth/user, so that a signed-out visitor's first request does not fail with a 401.
 */
export const currentUserResponseSchema = z.object({ user: userSchema.nullable() });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

export { PASSWORD_MAX, PASSWORD_MIN } from './constants';

const email = z
  .string({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

/** POST /api/auth/sign-up/email (better-auth), checked by Fairshare first. */
export const signUpBodySchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  name: safe(z.string().trim().max(120)).optional(),
  callbackURL: safe(z.string().max(2000)).optional(),
  rememberMe: z.boolean().optional(),
});

const newPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** POST /api/auth/request-password-reset: "Forgot password?" (better-auth, checked first). */
export const forgotPasswordBodySchema = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The one answer to "Forgot password?", whether or not the address has an account. */
export const FORGOT_PASSWORD_SENT =
  "If an account uses this e-mail address, we've sent it a link to choose a new password. The link works for 1 hour.";

export const forgotPasswordResponseSchema = z.object({
  status: z.literal(true),
  message: z.literal(FORGOT_PASSWORD_SENT),
});

/** POST /api/auth/reset-password: the e-mailed link's token and the new password. */
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: 'This link is not valid' })
    .min(1, 'This link is not valid')
    .max(200, 'This link is not valid')
    .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid'),
  newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** A reset link used, expired or never made (better-auth's INVALID_TOKEN). */
export const RESET_LINK_INVALID =
  'This link has expired or has already been used. Ask for a new one with "Forgot password?".';

/** Connecting a payout account with the Stripe provider, before the address is confirmed. */
export const EMAIL_NOT_VERIFIED =
  'Confirm your e-mail address first: open the link we sent you, or send it again.';

/** POST /api/auth/verification-email: sends the signed-in user a new verification link. */
export const verificationEmailResponseSchema = z.object({ status: z.literal(true) });

/** POST /api/auth/sign-in/email (better-auth), checked by Fairshare first. */
export const signInBodySchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX),
  callbackURL: safe(z.string().max(2000)).optional(),
  rememberMe: z.boolean().optional(),
});

// The bill rules for a person's name (DECISIONS.md "Names of people"): the profile's first name is
// the user's name on every bill they split, so it keeps the rule the friends dialog and the server
// keep for everyone on a bill.
const personName = (label: string) =>
  safe(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(4 * BILL_LIMITS.personNameMax, PERSON_NAME_TOO_LONG_MESSAGE),
  ).superRefine((v, ctx) => {
    const message = personNameProblem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** PATCH /api/auth/user */
export const updateProfileBodySchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

const optionalText = (max: number) => safe(z.string().trim().max(max)).nullish();

/** POST /api/auth/sync-supabase-user: upserts the signed-in user's profile fields. */
export const syncUserBodySchema = z.object({
  email: safe(z.string().trim().toLowerCase().max(254)).nullish(),
  firstName: optionalText(60),
  lastName: optionalText(60),
  profileImageUrl: safe(
    z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === '' || /^https:\/\//.test(v), 'must be an https URL'),
  ).nullish(),
  username: optionalText(60),
});
export type SyncUserBody = z.infer<typeof syncUserBodySchema>;

export const syncUserResponseSchema = z.object({ success: z.literal(true), user: userSchema });

/** GET /api/auth/providers: which sign-in buttons to show. */
export const authProvidersSchema = z.object({ google: z.boolean(), apple: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

// --- Settings, Security: better-auth's own flows, their bodies checked by Fairshare first --------

/** POST /api/auth/change-password: the current password, a new one; other devices are signed out. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Your current password is required' })
    .min(1, 'Your current password is required')
    .max(PASSWORD_MAX),
  newPassword,
  /** Always true: the server signs every other device out whatever is sent. */
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The current password was not right (better-auth's INVALID_PASSWORD). */
export const CURRENT_PASSWORD_WRONG = 'That is not your current password.';
/** A Google or Apple account has no password to change. */
export const NO_PASSWORD_TO_CHANGE =
  'You sign in with Google or Apple, so there is no Fairshare password to change.';

/** POST /api/auth/change-email: a link goes to the new address, and only that link changes it. */
export const changeEmailBodySchema = z.object({ newEmail: email });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** What the Security screen says once a change of e-mail is asked for. */
export const CHANGE_EMAIL_SENT =
  'We have sent a link to the new address. Your e-mail changes when you open it (within 24 hours).';

/**
 * GET /api/auth/list-sessions (better-auth's, passed through): the devices signed in to the account.
 * Without their tokens: a session's token is its sign-in, kept in an httpOnly cookie, never in the
 * page's reach.
 */
export const deviceSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsSchema = z.array(deviceSessionSchema);

/**
 * POST /api/auth/revoke-session: signs one device out, named by its id from list-sessions (or, as
 * better-auth takes it, by its token).
 */
export const revokeSessionBodySchema = z.union([
  z.strictObject({ id: z.string().min(1).max(128) }),
  z.strictObject({ token: z.string().min(1).max(512) }),
]);
export type RevokeSessionBody = z.infer<typeof revokeSessionBodySchema>;
