import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankAccount } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { ApiError, apiRequest } from '../../../lib/api';
import { readSession, removeSession, writeSession } from '../../../lib/session-store';
import { useCurrentUser } from '../../../lib/use-current-user';

// The creator's payout account (payments-accounts.md §7, the /api/stripe/* calls, whichever the
// provider). Settings, onboarding and the get-paid flow all read it, so it lives here, once. Home
// asks for its status (coming back from onboarding), so answers are checked lightly (lib/answer.ts).

export const payoutKeys = {
  all: ['/api/stripe'] as const,
  bankAccount: () => [...payoutKeys.all, 'bank-account'] as const,
};

/** GET /api/stripe/bank-account */
export const bankAccountQuery = queryOptions({
  queryKey: payoutKeys.bankAccount(),
  queryFn: async ({ signal }): Promise<BankAccount> =>
    expectAnswer<BankAccount>(
      await apiRequest('GET', '/api/stripe/bank-account', undefined, { signal }),
      ['connected', 'provider'],
    ),
  // Onboarding happens on another page: come back and it must show at once.
  staleTime: 0,
});

export function useBankAccount() {
  const { user } = useCurrentUser();
  return useQuery({ ...bankAccountQuery, enabled: !!user });
}

/** GET /api/stripe/connect/status */
export async function fetchConnectStatus(): Promise<boolean> {
  const res = expectAnswer<{ onboardingComplete: boolean }>(
    await apiRequest('GET', '/api/stripe/connect/status'),
    ['onboardingComplete'],
  );
  return res.onboardingComplete;
}

/** POST /api/stripe/connect/account: makes the account if needed; true when onboarding remains. */
export async function prepareConnectAccount(): Promise<boolean> {
  const res = expectAnswer<{ accountSetupRequired: boolean }>(
    await apiRequest('POST', '/api/stripe/connect/account', {}),
    ['accountSetupRequired'],
  );
  return res.accountSetupRequired;
}

/** The spec's onboarding addresses: back to the site root, or to onboarding to try again. */
export function onboardingReturnUrls(origin = window.location.origin) {
  return {
    returnUrl: `${origin}/?onboarding=complete`,
    refreshUrl: `${origin}/onboarding?setup=refresh`,
  };
}

/** POST /api/stripe/connect/onboarding: the provider's onboarding page for this user. */
export async function fetchOnboardingUrl(urls = onboardingReturnUrls()): Promise<string> {
  return expectAnswer<{ onboardingUrl: string }>(
    await apiRequest('POST', '/api/stripe/connect/onboarding', urls),
    ['onboardingUrl'],
  ).onboardingUrl;
}

/** POST /api/stripe/connect/start: onboarding that comes back to Settings. */
export async function fetchSettingsOnboardingUrl(): Promise<string> {
  return expectAnswer<{ onboardingUrl: string }>(
    await apiRequest('POST', '/api/stripe/connect/start', {}),
    ['onboardingUrl'],
  ).onboardingUrl;
}

/** The toast said before leaving for the provider's onboarding page. */
export function redirectingTitle(provider: BankAccount['provider'] | undefined): string {
  return provider === 'stripe' ? 'Redirecting to Stripe' : 'Opening the test bank connection';
}

const RETURN_KEY = 'fairshare.onboardingReturn';

/** Where to come back to after the provider's onboarding (its return URL is the site root). */
export function rememberOnboardingReturn(path: string): void {
  writeSession(RETURN_KEY, path);
}

/** The page onboarding was started from, once; only a path on this site. */
export function takeOnboardingReturn(): string | null {
  const path = readSession(RETURN_KEY);
  removeSession(RETURN_KEY);
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * With the Stripe provider, connecting a payout account needs a confirmed e-mail address: the
 * connect calls answer 403 email_not_verified until then.
 */
export const isEmailNotVerified = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 403 &&
  (err.data as { code?: unknown } | null)?.code === 'email_not_verified';

/** POST /api/auth/verification-email: a new link to confirm the user's address. */
export const resendVerificationEmail = () => apiRequest('POST', '/api/auth/verification-email');
