import { useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import {
  billLoadErrorMessage,
  isBillNotFound,
  useBillDetail,
} from '../../features/bills/api/bill-detail';
import {
  BillDetailSkeleton,
  BillLoadError,
  BillNotFound,
} from '../../features/bills/components/bill-detail-states';
import { useRenameBill } from '../../features/bills/api/rename-bill';
import { BillDetailView } from '../../features/bills/components/bill-detail-view';
import { ManageBill } from '../../features/bills/components/manage-bill';
import { summaryOfBill } from '../../features/bills/model/detail-summary';
import { billOrigin } from '../../features/bills/model/opened-from';
import { useBillPaymentLinks } from '../../features/get-paid/api/bill-payment-links';
import { PaymentLinksDialog } from '../../features/get-paid/components/payment-links-dialog';
import { PaymentsOnboardingDialog } from '../../features/get-paid/components/payments-onboarding-dialog';
import { useGetPaid } from '../../features/get-paid/components/use-get-paid';
import { friendCountOfBill } from '../../features/get-paid/model/links-request';
import { shareBill } from '../../features/summary/components/share-bill';
import { useLiveBill } from '../../entities/bill/api/live';

/** /bill/:id (spec §2 Bill detail): back goes home if opened from home, otherwise to History. */
export function BillDetailScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const [origin] = useState(billOrigin);
  const bill = useBillDetail(id);
  // A friend's payment, a share marked paid elsewhere, the bill completed: shown as it happens.
  useLiveBill(bill.isSuccess ? id : null);
  const getPaid = useGetPaid();
  const rename = useRenameBill(id);
  const search = useSearch();
  // A reminder notification opens the bill with its links (?links=1).
  const [linksOpen, setLinksOpen] = useState(() => new URLSearchParams(search).has('links'));
  // The friends still to pay, with their links: "Remind" on the page itself.
  const links = useBillPaymentLinks(id, bill.data?.status === 'active');
  const back = {
    backLabel: origin === 'home' ? 'Back to home' : 'Back to history',
    onBack: () => navigate(origin === 'home' ? '/' : '/history'),
  };

  if (bill.isPending) return <BillDetailSkeleton {...back} />;
  if (bill.isError) {
    const message = billLoadErrorMessage(bill.error);
    return isBillNotFound(bill.error) ? (
      <BillNotFound message={message} {...back} />
    ) : (
      <BillLoadError message={message} onRetry={() => void bill.refetch()} {...back} />
    );
  }
  const data = bill.data;
  // Spec §4 Get-paid flow for a saved bill: its links (the same ones again for an active bill,
  // expired ones renewed) and their QR codes. A bill everyone has paid has nothing to ask for: its
  // links show who paid.
  const getPaidBack = () =>
    data.status === 'completed'
      ? setLinksOpen(true)
      : getPaid.start({
          kind: 'bill',
          billId: data.id,
          billName: data.name,
          friendCount: friendCountOfBill(data),
        });

  return (
    <>
      <BillDetailView
        bill={data}
        {...back}
        onGetPaid={getPaidBack}
        onShare={() => void shareBill(summaryOfBill(data))}
        onDone={back.onBack}
        onRename={rename}
        onViewLinks={() => setLinksOpen(true)}
        onOpenPicking={() => navigate(`/bill/${encodeURIComponent(data.id)}/picking`)}
        onEdit={() => navigate(`/bill/${encodeURIComponent(data.id)}/edit`)}
        unpaidLinks={links.data?.paymentLinks.filter(
          (l) => l.status === 'pending' && !l.expired && !l.disputed,
        )}
        gettingPaid={getPaid.pending}
        manage={<ManageBill bill={data} onGone={back.onBack} />}
      />
      <PaymentLinksDialog
        billId={data.id}
        billName={data.name}
        open={linksOpen}
        onOpenChange={setLinksOpen}
      />
      <PaymentsOnboardingDialog
        open={getPaid.onboardingOpen}
        onOpenChange={getPaid.setOnboardingOpen}
      />
    </>
  );
}
