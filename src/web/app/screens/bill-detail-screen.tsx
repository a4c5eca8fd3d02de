import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { toast } from '../../components/ui/use-toast';
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
import { BillDetailView } from '../../features/bills/components/bill-detail-view';
import { summaryOfBill } from '../../features/bills/model/detail-summary';
import { billOrigin } from '../../features/bills/model/opened-from';
import { shareBill } from '../../features/summary/components/share-bill';

/** /bill/:id (spec §2 Bill detail): back goes home if opened from home, otherwise to History. */
export function BillDetailScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const [origin] = useState(billOrigin);
  const bill = useBillDetail(id);
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
  return (
    <BillDetailView
      bill={bill.data}
      {...back}
      // SEAM(payments issue): payment links for a saved bill. Until then, say what is coming.
      onGetPaid={() => toast({ title: 'Payment links are coming soon' })}
      onShare={() => void shareBill(summaryOfBill(bill.data))}
      onDone={back.onBack}
    />
  );
}
