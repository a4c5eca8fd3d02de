import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { QrPaymentView } from '../../features/payments/components/qr-payment-view';
import { loadQrPaymentData } from '../../features/payments/model/qr-data';

/**
 * /qr-payment (payments-accounts.md §2): the QR codes of the links just asked for, from session
 * storage; home when there are none. Back and Done go to the bill: the summary became a saved bill.
 */
export function QrPaymentScreen() {
  const [, navigate] = useLocation();
  const [data] = useState(loadQrPaymentData);
  if (!data) return <Redirect to="/" replace />;
  const toBill = () => navigate(`/bill/${encodeURIComponent(data.billId)}`);
  return <QrPaymentView data={data} onBack={toBill} onDone={toBill} />;
}
