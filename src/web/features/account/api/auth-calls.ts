import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders, UpdateProfileBody, User } from '../../../../contracts/auth';
import { apiRequest } from '../../../lib/api';

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

/** Starts Google or Apple sign-in: the browser leaves for the provider and comes back to /auth/callback. */
export async function startSocialSignIn(provider: SocialProvider) {
  const origin = window.location.origin;
  const res = await apiRequest<{ url?: string }>('POST', '/api/auth/sign-in/social', {
    provider,
    callbackURL: `${origin}/auth/callback`,
    errorCallbackURL: `${origin}/auth/callback`,
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
