import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'wouter';
import { startCheckout } from '../../features/payer/api/checkout';
import { fetchPaymentLink } from '../../features/payer/api/payment-link';
import { PayLoading } from '../../features/payer/components/pay-states';
import {
  buildPaymentContext,
  savePaymentContext,
} from '../../features/payer/model/payment-context';

/**
 * /stripe-checkout/:token (payments-accounts.md §2 Route access: a redirect target whose content
 * is not shown): opens the checkout for the link's own person and replaces this page with it. Any
 * trouble (paid, expired, not available, offline) goes to /pay/:token, which explains it.
 */
export function StripeCheckoutScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  // Once per visit: StrictMode runs effects twice, and each run would open a checkout.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fallback = () => navigate(`/pay/${encodeURIComponent(token)}`, { replace: true });
    void (async () => {
      try {
        const link = await fetchPaymentLink(token);
        if (link.status !== 'pending' || link.expired) return fallback();
        const answer = await startCheckout({ token, participantIds: [link.participantId] });
        savePaymentContext(
          buildPaymentContext({
            token,
            billName: link.billName,
            recipientName: link.recipientName,
            testMode: link.testMode,
            people: [
              {
                id: link.participantId,
                name: link.participantName,
                amount: link.amount,
                fee: link.fee,
                lines: link.lines,
              },
            ],
            checkout: answer,
            now: new Date(),
          }),
        );
        window.location.replace(answer.sessionUrl);
      } catch {
        fallback();
      }
    })();
  }, [token, navigate]);

  return <PayLoading label="Opening secure checkout" />;
}
