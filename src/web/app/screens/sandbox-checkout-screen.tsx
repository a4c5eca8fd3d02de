import { useParams, useSearch } from 'wouter';
import { useSandboxCheckout } from '../../features/payer/api/sandbox-checkout';
import { PaymentErrorState, PayLoading } from '../../features/payer/components/pay-states';
import { SandboxBankView } from '../../features/payer/components/sandbox-bank-view';
import { SandboxCheckoutView } from '../../features/payer/components/sandbox-checkout-view';
import { checkoutLoadMessage } from '../../features/payer/model/load-errors';

/**
 * /sandbox/checkout/:sessionId: the sandbox provider's hosted checkout page (DECISIONS.md Payments):
 * its card form or, for a bank payment, its test bank app; public like Stripe's. A payment
 * intent's page is opened with its `client_secret`.
 */
export function SandboxCheckoutScreen() {
  const { sessionId = '' } = useParams<{ sessionId: string }>();
  const clientSecret = new URLSearchParams(useSearch()).get('client_secret');
  const checkout = useSandboxCheckout(sessionId);

  if (checkout.isPending) return <PayLoading label="Loading checkout" />;
  if (checkout.isError) return <PaymentErrorState message={checkoutLoadMessage(checkout.error)} />;
  // A bank payment opens the sandbox's test bank app instead of the card form.
  if (checkout.data.kind === 'checkout' && checkout.data.method === 'bank')
    return <SandboxBankView sessionId={sessionId} checkout={checkout.data} />;
  return (
    <SandboxCheckoutView
      sessionId={sessionId}
      checkout={checkout.data}
      clientSecret={clientSecret}
    />
  );
}
