import { CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { PayFrame } from '../../features/payer/components/pay-frame';
import { clearPaymentContext } from '../../features/payer/model/payment-context';
import { tryAgainTarget } from '../../features/payer/model/try-again';

/**
 * /payment-cancelled (payments-accounts.md §2): nothing was charged; Try Payment Again goes back
 * (to the provider's page, or the link when there is no history), Go Home goes home. The stored
 * payment context is cleared.
 */
export function PaymentCancelledScreen() {
  const [, navigate] = useLocation();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));

  useEffect(() => {
    clearPaymentContext();
  }, []);

  function tryAgain() {
    const target = tryAgainTarget(window.history.length, token);
    if (target.kind === 'back') window.history.back();
    else navigate(target.to);
  }

  return (
    <PayFrame>
      <section className="mt-4 flex flex-col items-center rounded-3xl border border-line bg-white px-6 py-10 text-center shadow-sm">
        <CircleX aria-hidden className="size-12 text-gray-600" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Payment Cancelled</h1>
        <p className="mt-2 text-muted">No charges were made to your card.</p>
        <div className="mt-8 flex w-full flex-col gap-2">
          <Button size="lg" block onClick={tryAgain}>
            Try Payment Again
          </Button>
          <Button variant="ghost" block onClick={() => navigate('/')}>
            Go Home
          </Button>
        </div>
      </section>
    </PayFrame>
  );
}
