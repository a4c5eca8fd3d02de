import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUserResponse, User } from '../../contracts/auth';
import { apiRequest, NetworkError } from './api';

// The last user this device saw signed in, so that the app opens offline as the person who was
// using it (home, their working bill, the receipts waiting to be read). Only the profile the
// header shows, in localStorage; replaced by every answer from the server (null once signed out),
// removed at sign-out and on a 401. Never used when the server can be asked.
export const KNOWN_USER_KEY = 'fairshare.knownUser';

export function rememberUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(KNOWN_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(KNOWN_USER_KEY);
  } catch {
    // storage disabled: the app simply cannot open offline as this user
  }
}

export function forgetUser(): void {
  rememberUser(null);
}

export function rememberedUser(): User | null {
  try {
    const raw = localStorage.getItem(KNOWN_USER_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === 'object' && typeof (parsed as User).id === 'string'
      ? (parsed as User)
      : null;
  } catch {
    return null;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  // GET /api/auth/me answers 200 with null when nobody is signed in, so a signed-out visitor's
  // start makes no failing request (GET /api/auth/user would answer 401).
  queryFn: async ({ signal }): Promise<User | null> => {
    try {
      const { user } = await apiRequest<CurrentUserResponse>('GET', '/api/auth/me', undefined, {
        signal,
      });
      rememberUser(user);
      return user;
    } catch (err) {
      // Offline: whoever last used the app on this device.
      if (err instanceof NetworkError) return rememberedUser();
      throw err;
    }
  },
  // Asked even offline (TanStack would otherwise wait for a connection): the answer decides
  // between the landing page and the app.
  networkMode: 'always',
});

/** The signed-in user (null when signed out) and whether it is still loading. */
export function useCurrentUser() {
  const q = useQuery(currentUserQuery);
  return { user: q.data ?? null, isLoading: q.isPending, error: q.error };
}

/** The name the user goes by in a split: their first name, else 'You'. */
export function displayFirstName(user: Pick<User, 'firstName'> | null | undefined): string {
  return user?.firstName?.trim() || 'You';
}
