import { refetchFetched } from '../../../lib/use-fetched';
import { useLiveEvents } from '../../../lib/use-live-events';
import { joinKeys } from '../api/keys';

/**
 * Keeps the friend's page current from the join link's stream (GET /api/join/:token/events):
 * others' picks, joins and payments show by themselves; where streaming fails, the page polls.
 */
export function useJoinLive(token: string, enabled: boolean) {
  useLiveEvents(enabled && token ? `/api/join/${encodeURIComponent(token)}/events` : null, () => {
    void refetchFetched(joinKeys.bill(token));
  });
}
