import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { CloudOff } from 'lucide-react';
import { ReadingStatus } from '../features/receipt/components/reading-status';
import { useReadWaitingReceipts } from '../features/receipt/components/use-read-waiting-receipts';
import { useReceiptCapture } from '../features/receipt/components/use-receipt-capture';
import {
  isReadingHere,
  useReceiptProcessing,
} from '../features/receipt/components/use-receipt-processing';
import { holdsWaitingReceipts } from '../features/receipt/model/processing-state';
import { KEPT_OFFLINE_TEXT } from '../features/receipt/model/waiting-receipt';
import { FriendsDialog } from '../features/split/components/friends-dialog';
import {
  clearParticipantNames,
  saveParticipantNames,
  startFreshDraft,
} from '../entities/bill/draft/draft-bill';
import { useOnline } from '../lib/use-online';

/**
 * Mounted once for the signed-in app: a chosen receipt starts reading at once while the friends
 * dialog asks who is splitting (spec §1 steps 2-3, §2 Home). Continue stores the names (the dialog
 * does) and goes to /receipt-flow, which waits for the reading or goes straight to the editor.
 *
 * Offline, the photo is kept on the device and Continue goes back to home, where it shows as
 * waiting; when the connection returns and the user is on home, it is read and lands in the editor.
 */
export function ReceiptCaptureHost({
  userId,
  firstFile,
}: {
  userId: string;
  /** A receipt chosen before this host had loaded, to take as if chosen now. */
  firstFile: File | null;
}) {
  const [location, navigate] = useLocation();
  const capture = useReceiptCapture(userId, firstFile);
  const processing = useReceiptProcessing();
  const online = useOnline();

  // A receipt was chosen: this scan gets a fresh draft of its own and asks afresh who is
  // splitting; an unsaved earlier bill is put aside, to be offered back, never shown under it.
  useEffect(() => {
    if (!capture.open) return;
    startFreshDraft();
    clearParticipantNames();
  }, [capture.open]);

  useReadWaitingReceipts({
    userId,
    ready: location === '/' && !capture.open && !holdsWaitingReceipts(processing, isReadingHere()),
    online,
    onStart: (receipt) => {
      // A new receipt is a new bill, with the people named when the photo was taken.
      startFreshDraft();
      if (receipt.names) saveParticipantNames(receipt.names);
      else clearParticipantNames();
      navigate('/receipt-flow');
    },
  });

  return (
    <FriendsDialog
      open={capture.open}
      onOpenChange={(open) => !open && capture.dismiss()}
      banner={
        capture.keptId ? (
          <p
            role="status"
            className="flex items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            <CloudOff aria-hidden className="mt-0.5 size-5 shrink-0" />
            <span>{KEPT_OFFLINE_TEXT}</span>
          </p>
        ) : (
          <ReadingStatus state={processing} />
        )
      }
      onContinue={(names) => {
        capture.close(names);
        if (capture.keptId) {
          // The photo waits on home; the names go with it, not into another bill.
          clearParticipantNames();
          navigate('/');
          return;
        }
        // A new receipt is a new bill: the editor starts afresh with these people.
        navigate('/receipt-flow');
      }}
    />
  );
}
