import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/use-live-events';
import { billsKeys } from './keys';

/**
 * The meta that makes a query refetch on each event of a bill: `{ liveBill: id }` for one bill's
 * (its detail, its links), `{ liveBill: '*' }` for lists over every bill (activity, requests).
 */
export type LiveBillMeta = { liveBill?: string };

/**
 * Keeps what the screen shows of a bill up to date from the creator's stream of the bill
 * (GET /api/bills/:id/events): its detail, the lists, and every query tagged with `liveBill`.
 */
export function useLiveBill(billId: string | null | undefined) {
  const queryClient = useQueryClient();
  useLiveEvents(billId ? `/api/bills/${encodeURIComponent(billId)}/events` : null, () => {
    void queryClient.invalidateQueries({ queryKey: billsKeys.all });
    void queryClient.invalidateQueries({
      predicate: (q) => {
        const live = (q.meta as LiveBillMeta | undefined)?.liveBill;
        return live === billId || live === '*';
      },
    });
  });
}
