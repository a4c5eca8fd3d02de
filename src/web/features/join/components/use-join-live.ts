import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/use-live-events';
import { joinKeys } from '../api/keys';

/**
 * Keeps the friend's page current from the join link's stream (GET /api/join/:token/events):
 * others' picks, joins and payments show by themselves; where streaming fails, the page polls.
 */
export function useJoinLive(token: string, enabled: boolean) {
  const client = useQueryClient();
  useLiveEvents(enabled && token ? `/api/join/${encodeURIComponent(token)}/events` : null, () => {
    void client.invalidateQueries({ queryKey: joinKeys.bill(token) });
  });
}
