import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders, UpdateProfileBody, User } from '../../../../contracts/auth';
import { apiRequest } from '../../../lib/api';
import { withReturnPath } from '../../../lib/return-path';

export type SocialProvider = 'google' | 'apple';

export function signUpWithEmail(email: string, password: string) {
  return apiRequest<{ user: { id: string } }>(
    'POST',
    '/api/auth/sign-up/email',
    { email, password },
    { allowUnauthorized: true },
  );
}

export function signInWithEmail(email: string, password: string) {
  return apiRequest<{ user: { id: string } }>(
    'POST',
    '/api/auth/sign-in/email',
    { email, password },
    { allowUnauthorized: true },
  );
}

/**
 * Starts Google or Apple sign-in: the browser leaves for the provider and comes back to
 * /auth/callback (with `next`, the page asked for).
 */
export async function startSocialSignIn(provider: SocialProvider, next: string | null = null) {
  const origin = window.location.origin;
  // The page asked for rides along, to be followed (if still safe) when the provider sends back.
  const callback = `${origin}${withReturnPath('/auth/callback', next)}`;
  const res = await apiRequest<{ url?: string }>('POST', '/api/auth/sign-in/social', {
    provider,
    callbackURL: callback,
    errorCallbackURL: callback,
  });
  if (!res.url) throw new Error('Authentication failed. Please try again.');
  window.location.assign(res.url);
}

export function updateProfile(body: UpdateProfileBody) {
  return apiRequest<User>('PATCH', '/api/auth/user', body);
}

export const authProvidersQuery = queryOptions({
  queryKey: ['/api/auth/providers'],
  queryFn: ({ signal }) =>
    apiRequest<AuthProviders>('GET', '/api/auth/providers', undefined, { signal }),
  staleTime: Infinity,
});

export const useAuthProviders = () => useQuery(authProvidersQuery);

/** POST /api/auth/request-password-reset: "Forgot password?"; the one answer for any address. */
export function requestPasswordReset(email: string) {
  return apiRequest<{ status: true; message: string }>(
    'POST',
    '/api/auth/request-password-reset',
    { email },
    { allowUnauthorized: true },
  );
}

/** POST /api/auth/reset-password: the e-mailed link's token and a new password; signs in. */
export function resetPassword(token: string, newPassword: string) {
  return apiRequest<{ user: { id: string } }>(
    'POST',
    '/api/auth/reset-password',
    { token, newPassword },
    { allowUnauthorized: true },
  );
}
