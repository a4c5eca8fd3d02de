import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/use-live-events';
import { payKeys } from './keys';

/**
 * Keeps a payer's page up to date from the payment link's stream (GET /api/pay/:token/events):
 * someone else paying for a share, the bill completed, the creator marking a share paid.
 */
export function useLivePayment(token: string) {
  const queryClient = useQueryClient();
  useLiveEvents(token ? `/api/pay/${encodeURIComponent(token)}/events` : null, () => {
    void queryClient.invalidateQueries({ queryKey: payKeys.link(token) });
    void queryClient.invalidateQueries({ queryKey: payKeys.bill(token) });
  });
}
