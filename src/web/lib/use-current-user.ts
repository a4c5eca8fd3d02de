import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../contracts/auth';
import { apiRequest, isUnauthorized } from './api';

export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  // A 401 here just means "signed out": answer null instead of an error.
  queryFn: async ({ signal }) => {
    try {
      return await apiRequest<User>('GET', '/api/auth/user', undefined, {
        signal,
        allowUnauthorized: true,
      });
    } catch (err) {
      if (isUnauthorized(err)) return null;
      throw err;
    }
  },
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
