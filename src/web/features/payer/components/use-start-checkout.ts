import { useEffect, useState } from 'react';
import type { PayMethod } from '../../../../contracts/payments';
import { toast } from '../../../components/ui/use-toast';
import { checkoutFailure } from '../model/checkout-failure';
import { PAYMENT_ERROR_TITLE } from '../model/load-errors';
import type { PayeeInput } from '../model/payment-context';

export interface CheckoutFor {
  /** The payment link to pay from, when it is not the one the hook was made with (the join page). */
  token?: string;
  billName: string;
  recipientName: string;
  testMode: boolean;
  people: PayeeInput[];
}

/**
 * The Pay button of both payer screens: opens a checkout for the chosen people, keeps the payment
 * context for the way back, then hands the page to the provider. A refusal becomes the 'Payment
 * Not Available' state, a reload of what changed (already paid, expired), or a toast. The code that
 * opens the checkout loads with the first tap, beside nothing the page needs to show.
 */
export function useStartCheckout(token: string, { onStale }: { onStale: () => void }) {
  const [pending, setPending] = useState(false);
  const [notAvailable, setNotAvailable] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [method, setMethod] = useState<PayMethod | null>(null);

  // Coming back with the browser's Back button can restore this page as it was left: leaving.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  /** Opens the checkout: from the bank app, or by card (the default, as the API's). */
  async function start(what: CheckoutFor, how: PayMethod = 'card') {
    if (pending || leaving || !what.people.length) return;
    setMethod(how);
    setPending(true);
    try {
      const { openCheckout } = await import('./open-checkout');
      const sessionUrl = await openCheckout({ ...what, token: what.token ?? token }, how);
      setLeaving(true);
      window.location.assign(sessionUrl);
    } catch (err) {
      const failure = checkoutFailure(err);
      if (failure.kind === 'not_available') {
        setNotAvailable(failure.message);
        return;
      }
      toast({ variant: 'destructive', title: PAYMENT_ERROR_TITLE, description: failure.message });
      if (failure.kind === 'already_paid' || failure.kind === 'expired') onStale();
    } finally {
      setPending(false);
    }
  }

  const busy = pending || leaving;
  return { start, busy, busyMethod: busy ? method : null, notAvailable };
}
