import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pickingKeys } from '../api/picking';

/** How often the picking screen asks again while no event stream is open. */
export const PICKING_POLL_MS = 2500;

/** Keeps the creator's picking screen current: friends' joins, picks and payments by themselves. */
export function usePickingLive(billId: string, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible')
        void client.invalidateQueries({ queryKey: pickingKeys.view(billId) });
    }, PICKING_POLL_MS);
    return () => clearInterval(timer);
  }, [client, billId, enabled]);
}
