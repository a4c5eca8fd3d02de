import { refetchFetched } from '../../../lib/use-fetched';
import { useLiveEvents } from '../../../lib/use-live-events';
import { payKeys } from './keys';

/**
 * Keeps a payer's page up to date from the payment link's stream (GET /api/pay/:token/events):
 * someone else paying for a share, the bill completed, the creator marking a share paid.
 */
export function useLivePayment(token: string) {
  useLiveEvents(token ? `/api/pay/${encodeURIComponent(token)}/events` : null, () => {
    void refetchFetched(payKeys.link(token));
    void refetchFetched(payKeys.bill(token));
  });
}
