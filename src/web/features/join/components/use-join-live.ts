import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { joinKeys } from '../api/keys';

/** How often the friend's page asks again while no event stream is open. */
export const JOIN_POLL_MS = 2500;

/**
 * Keeps the friend's page current: others' picks, joins and payments show by themselves. Asks the
 * server again every JOIN_POLL_MS while the page is visible.
 */
export function useJoinLive(token: string, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible')
        void client.invalidateQueries({ queryKey: joinKeys.bill(token) });
    }, JOIN_POLL_MS);
    return () => clearInterval(timer);
  }, [client, token, enabled]);
}
