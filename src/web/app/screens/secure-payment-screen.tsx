import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { useLivePayment } from '../../features/payer/api/live';
import { useLinkBill } from '../../features/payer/api/link-bill';
import {
  ExpiredState,
  HomeLink,
  PaymentErrorState,
  PaymentNotAvailableState,
  PayLoading,
  StatusPanel,
} from '../../features/payer/components/pay-states';
import { PayFrame } from '../../features/payer/components/pay-frame';
import { SecurePaymentView } from '../../features/payer/components/secure-payment-view';
import { useStartCheckout } from '../../features/payer/components/use-start-checkout';
import { billLoadMessage } from '../../features/payer/model/load-errors';
import {
  initialSelection,
  payeeRows,
  selectionTotals,
  toggleSelection,
} from '../../features/payer/model/selection';

/** /secure-payment/:token (payments-accounts.md §2): pay for one or more people on the bill. */
export function SecurePaymentScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const bill = useLinkBill(token);
  useLivePayment(bill.isSuccess ? token : '');
  const checkout = useStartCheckout(token, { onStale: () => void bill.refetch() });
  const rows = useMemo(() => (bill.data ? payeeRows(bill.data) : []), [bill.data]);
  // null until the person chooses: then the link's own person starts chosen, whenever it loads.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = (chosen ?? initialSelection(rows)).filter((id) =>
    rows.some((r) => r.id === id && r.state === 'payable'),
  );

  if (bill.isPending) return <PayLoading />;
  if (bill.isError) return <PaymentErrorState message={billLoadMessage(bill.error)} />;
  const data = bill.data;
  if (data.expired)
    return <ExpiredState recipientName={data.creatorName} testMode={data.testMode} />;
  if (checkout.notAvailable)
    return <PaymentNotAvailableState message={checkout.notAvailable} testMode={data.testMode} />;
  if (!rows.some((r) => r.state === 'payable'))
    return (
      <PayFrame testMode={data.testMode}>
        <StatusPanel
          tone="success"
          title="Everyone has paid"
          message={`Every share of ${data.name} has been paid. There is nothing left to pay here.`}
          actions={<HomeLink />}
        />
      </PayFrame>
    );

  return (
    <SecurePaymentView
      bill={data}
      rows={rows}
      selected={selected}
      onToggle={(id) => setChosen(toggleSelection(rows, selected, id))}
      onBack={() => navigate(`/pay/${encodeURIComponent(token)}`)}
      busy={checkout.busy}
      busyMethod={checkout.busyMethod}
      onPay={(method) => {
        const people = selectionTotals(rows, selected).people.map((row) => {
          const p = data.participants.find((x) => x.id === row.id)!;
          return {
            id: p.id,
            name: p.participantName,
            amount: p.amountDue,
            fee: p.fee,
            lines: p.lines,
          };
        });
        void checkout.start(
          {
            billName: data.name,
            recipientName: data.creatorName,
            testMode: data.testMode,
            people,
          },
          method,
        );
      }}
    />
  );
}
