import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../../components/ui/use-toast';
import {
  fetchConnectStatus,
  payoutKeys,
  takeOnboardingReturn,
} from '../../../entities/payout-account/api/payout-account';

/** What to say on coming back from the provider's onboarding, by what the server now says. */
export function connectOutcome(complete: boolean) {
  return complete
    ? {
        variant: 'success' as const,
        title: 'Bank account connected',
        description: 'Friends can now pay you back by card.',
      }
    : {
        title: 'Setup Incomplete',
        description: 'Your bank account is not connected yet. You can finish in Settings.',
      };
}

/**
 * Home after the provider's onboarding (its returnUrl is the site root with onboarding=complete):
 * says whether the bank is connected, tidies the URL, and takes someone who left from a split's
 * summary or a bill straight back to it, so they can ask to be paid back where they were.
 */
export function useOnboardingReturn() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const back = new URLSearchParams(search).get('onboarding') === 'complete';

  useEffect(() => {
    if (!back) return;
    let live = true;
    void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    fetchConnectStatus()
      .catch(() => false)
      .then((complete) => {
        if (!live) return;
        toast(connectOutcome(complete));
        const from = takeOnboardingReturn();
        // Onboarding goes on at its next step either way; another page only once connected.
        const onboarding = from?.startsWith('/onboarding') ?? false;
        navigate((complete || onboarding) && from ? from : '/', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [back, navigate, queryClient]);
}
