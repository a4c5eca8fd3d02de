import { lazy, Suspense, useEffect, useState } from 'react';
import { useSendWaitingBills } from '../features/bills/components/waiting-bills';
import { useWaitingReceipts } from '../features/receipt/components/waiting-receipts';
import { onReceiptCaptured } from '../lib/receipt-events';
import { useCurrentUser } from '../lib/use-current-user';

// The receipt journey (reading, its stored state, the friends dialog) loads when a receipt is first
// chosen, or when photos taken offline are waiting: no screen pays for it at start.
const ReceiptCaptureHost = lazy(() =>
  import('./receipt-capture-host').then((m) => ({ default: m.ReceiptCaptureHost })),
);

/**
 * The signed-in user's background work, mounted once beside the screens: the receipt capture
 * dialog and photos waiting to be read, and bills waiting to be saved.
 */
export function SignedInHost() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <SignedInWork key={user.id} userId={user.id} />;
}

function SignedInWork({ userId }: { userId: string }) {
  useSendWaitingBills(userId);
  const waiting = useWaitingReceipts(userId);
  const [firstFile, setFirstFile] = useState<File | null>(null);
  const [needed, setNeeded] = useState(false);
  if (!needed && (firstFile !== null || waiting.length > 0)) setNeeded(true);

  // Until the receipt journey has loaded, hold the first receipt chosen and hand it over.
  useEffect(() => {
    if (needed) return;
    return onReceiptCaptured((file) => setFirstFile(file));
  }, [needed]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ReceiptCaptureHost userId={userId} firstFile={firstFile} />
    </Suspense>
  );
}
