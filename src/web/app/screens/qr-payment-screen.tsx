import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useLiveBill } from '../../entities/bill/api/live';
import { useBillPaymentLinks } from '../../features/get-paid/api/bill-payment-links';
import { QrPaymentView } from '../../features/get-paid/components/qr-payment-view';
import { loadQrPaymentData, withLiveStatus } from '../../features/get-paid/model/qr-data';

/**
 * /qr-payment (payments-accounts.md §2): the QR codes of the links just asked for, from session
 * storage; home when there are none. Back and Done go to the bill: the summary became a saved bill.
 * A friend who pays while their code is shown turns to 'Paid' here as it happens (the bill's stream).
 */
export function QrPaymentScreen() {
  const [, navigate] = useLocation();
  const [stored] = useState(loadQrPaymentData);
  const links = useBillPaymentLinks(stored?.billId ?? '', stored !== null);
  useLiveBill(stored?.billId);
  const data = stored && withLiveStatus(stored, links.data?.paymentLinks);
  if (!data) return <Redirect to="/" replace />;
  const toBill = () => navigate(`/bill/${encodeURIComponent(data.billId)}`);
  return <QrPaymentView data={data} onBack={toBill} onDone={toBill} />;
}
