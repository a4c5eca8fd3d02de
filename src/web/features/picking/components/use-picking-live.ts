import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/use-live-events';
import { pickingKeys } from '../api/picking';

/**
 * Keeps the creator's picking screen current from the bill's stream (GET /api/bills/:id/events):
 * friends' joins, picks and payments by themselves; where streaming fails, the screen polls.
 */
export function usePickingLive(billId: string, enabled: boolean) {
  const client = useQueryClient();
  useLiveEvents(
    enabled && billId ? `/api/bills/${encodeURIComponent(billId)}/events` : null,
    () => {
      void client.invalidateQueries({ queryKey: pickingKeys.view(billId) });
    },
  );
}
