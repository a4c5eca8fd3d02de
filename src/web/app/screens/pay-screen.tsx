import { useParams } from 'wouter';
import { useLivePayment } from '../../features/payer/api/live';
import { usePaymentLink } from '../../features/payer/api/payment-link';
import { AlreadyPaidView } from '../../features/payer/components/already-paid-view';
import {
  ExpiredState,
  PaymentErrorState,
  PaymentNotAvailableState,
  PayLoading,
} from '../../features/payer/components/pay-states';
import { PayStartView } from '../../features/payer/components/pay-start-view';
import { useStartCheckout } from '../../features/payer/components/use-start-checkout';
import { linkLoadMessage } from '../../features/payer/model/load-errors';

/** /pay/:token and /payment/:token (payments-accounts.md §2 Payment entry page), public. */
export function PayScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const link = usePaymentLink(token);
  useLivePayment(link.isSuccess ? token : '');
  const checkout = useStartCheckout(token, { onStale: () => void link.refetch() });

  if (link.isPending) return <PayLoading />;
  if (link.isError) return <PaymentErrorState message={linkLoadMessage(link.error)} />;
  const data = link.data;
  if (data.status === 'paid') return <AlreadyPaidView link={data} />;
  if (data.expired)
    return <ExpiredState recipientName={data.recipientName} testMode={data.testMode} />;
  if (checkout.notAvailable)
    return <PaymentNotAvailableState message={checkout.notAvailable} testMode={data.testMode} />;
  return (
    <PayStartView
      link={data}
      busy={checkout.busy}
      busyMethod={checkout.busyMethod}
      onPay={(method) =>
        void checkout.start(
          {
            billName: data.billName,
            recipientName: data.recipientName,
            testMode: data.testMode,
            people: [
              {
                id: data.participantId,
                name: data.participantName,
                amount: data.amount,
                fee: data.fee,
                lines: data.lines,
              },
            ],
          },
          method,
        )
      }
    />
  );
}
