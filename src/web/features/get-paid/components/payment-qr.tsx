import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';

// payments-accounts.md §9: QR size 220 on /qr-payment, 250 in the links dialog with margin 1,
// black on white; the dialog's QR appears after 200 ms (once the dialog has faded in).
export const QR_SCREEN_SIZE = 220;
export const QR_DIALOG_SIZE = 250;
export const QR_DIALOG_MARGIN = 1;
export const QR_DIALOG_DELAY_MS = 200;

/** A payment link as a QR code, black on white, named for screen readers. */
export function PaymentQr({
  url,
  label,
  size,
  marginSize,
}: {
  url: string;
  label: string;
  size: number;
  marginSize?: number;
}) {
  return (
    <QRCodeSVG
      value={url}
      size={size}
      marginSize={marginSize}
      level="M"
      bgColor="#ffffff"
      fgColor="#000000"
      role="img"
      aria-label={label}
      data-testid="payment-qr"
      data-url={url}
    />
  );
}

/** The dialog's QR: a placeholder of the same size for its first 200 ms. */
export function DelayedPaymentQr({ url, label }: { url: string; label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), QR_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [url]);
  if (!shown) {
    return (
      <div
        role="status"
        aria-label="Loading QR code"
        data-testid="payment-qr-loading"
        className="animate-pulse rounded-lg bg-gray-200"
        style={{ width: QR_DIALOG_SIZE, height: QR_DIALOG_SIZE }}
      />
    );
  }
  return <PaymentQr url={url} label={label} size={QR_DIALOG_SIZE} marginSize={QR_DIALOG_MARGIN} />;
}
