import { queryOptions } from '@tanstack/react-query';
import type { DeleteAccountBody } from '../../../../contracts/account';
import {
  deviceSessionsSchema,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeviceSession,
  type RevokeSessionBody,
} from '../../../../contracts/auth';
import { apiRequest } from '../../../lib/api';

// Settings' Security and Privacy rows: better-auth's own flows (change password and e-mail, the
// devices signed in) and the account's data (download, deletion).

export const securityKeys = {
  sessions: ['/api/auth/list-sessions'] as const,
  current: ['/api/auth/get-session'] as const,
  accounts: ['/api/auth/list-accounts'] as const,
};

/** The devices signed in to the account. */
export const deviceSessionsQuery = queryOptions({
  queryKey: securityKeys.sessions,
  queryFn: async ({ signal }): Promise<DeviceSession[]> =>
    deviceSessionsSchema.parse(
      await apiRequest('GET', '/api/auth/list-sessions', undefined, { signal }),
    ),
});

/** This device's session (to tell it apart in the list). */
export const currentSessionQuery = queryOptions({
  queryKey: securityKeys.current,
  queryFn: async ({ signal }) =>
    (
      await apiRequest<{ session: { id: string } } | null>(
        'GET',
        '/api/auth/get-session',
        undefined,
        { signal },
      )
    )?.session.id ?? null,
});

/** How the account signs in: 'credential' (a password), 'google', 'apple'. */
export const signInMethodsQuery = queryOptions({
  queryKey: securityKeys.accounts,
  queryFn: async ({ signal }) =>
    (
      await apiRequest<{ providerId: string }[]>('GET', '/api/auth/list-accounts', undefined, {
        signal,
      })
    ).map((a) => a.providerId),
  staleTime: Infinity,
});

export const changePassword = (body: ChangePasswordBody) =>
  apiRequest('POST', '/api/auth/change-password', { ...body, revokeOtherSessions: true });

export const changeEmail = (body: ChangeEmailBody) =>
  apiRequest('POST', '/api/auth/change-email', body);

export const signOutDevice = (id: string) =>
  apiRequest('POST', '/api/auth/revoke-session', { id } satisfies RevokeSessionBody);

export const signOutOtherDevices = () => apiRequest('POST', '/api/auth/revoke-other-sessions', {});

export const deleteAccount = (body: DeleteAccountBody) =>
  apiRequest<{ deleted: true }>('POST', '/api/account/delete', body);

/** Download my data: everything, as JSON; the bills, one row per person, as CSV. */
export const EXPORT_JSON_URL = '/api/account/export';
export const EXPORT_CSV_URL = '/api/account/export?format=csv';
