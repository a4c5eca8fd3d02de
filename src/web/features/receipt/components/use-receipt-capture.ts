import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { loadParticipantNames } from '../../../entities/bill/draft/draft-bill';
import { onReceiptCaptured } from '../../../lib/receipt-events';
import { isOnline } from '../../../lib/use-online';
import { receiptFileProblem } from '../model/scan-messages';
import { STILL_OFFLINE_TOAST } from '../model/waiting-receipt';
import { clearReading, startReading } from './use-receipt-processing';
import { keepReceipt, nameWaitingReceipt } from './waiting-receipts';

/**
 * Listens for receipt images chosen anywhere (Home's buttons, the add tab: the receiptCaptured
 * event), checks each, and starts reading it at once (spec §2 "After a file is chosen, receipt
 * reading starts at once and the friends dialog opens"). `open` says when the friends dialog should
 * show; dismissing it abandons the reading.
 *
 * Offline (or when the photo cannot reach the server), the photo is kept on the device instead
 * (`keptOffline`), to be read when the connection returns (use-read-waiting-receipts.ts).
 */
export function useReceiptCapture(userId: string, firstFile: File | null = null) {
  // The receipt that made this load (see SignedInHost), taken once, here: announcing it again
  // would fire a second receiptCaptured for the one photo.
  const handedOver = useRef(firstFile);
  const [open, setOpen] = useState(false);
  const [keptId, setKeptId] = useState<string | null>(null);
  // Whether the friends dialog of the current capture has been confirmed (names are stored).
  const confirmed = useRef(false);
  // Whether the dialog is open, for the photo kept offline to find once it is stored. Set with
  // `open` itself, not after the render: the device can store the photo before React has rendered
  // the open dialog, and a photo kept then would otherwise show no banner and get no names.
  const openRef = useRef(false);

  useEffect(() => {
    const keep = async (file: File) => {
      const id = await keepReceipt(file, userId);
      if (openRef.current) setKeptId(id);
      else if (confirmed.current) await nameWaitingReceipt(userId, id, loadParticipantNames());
      return id;
    };
    const take = (file: File) => {
      const problem = receiptFileProblem(file);
      if (problem) {
        toast({ ...problem, variant: 'destructive' });
        return;
      }
      confirmed.current = false;
      setKeptId(null);
      openRef.current = true;
      setOpen(true);
      if (!isOnline()) {
        void keep(file);
        return;
      }
      startReading(file, 'capture', {
        onNetworkFailure: () => {
          toast(STILL_OFFLINE_TOAST);
          void keep(file);
        },
      });
    };
    const stop = onReceiptCaptured(take);
    const first = handedOver.current;
    handedOver.current = null;
    if (first) take(first);
    return stop;
  }, [userId]);

  return {
    open,
    /** The id of the photo kept on the device for later, when there was no connection. */
    keptId,
    /**
     * The friends dialog was dismissed (its x or Escape, alike): a reading under way stops. A photo
     * kept offline stays on the device and is read when the connection returns, like any other;
     * the waiting card deletes it.
     */
    dismiss: () => {
      openRef.current = false;
      setOpen(false);
      setKeptId(null);
      clearReading();
    },
    /** Friends confirmed: the dialog closes and the reading carries on (or waits, with names). */
    close: (names: string[]) => {
      confirmed.current = true;
      openRef.current = false;
      setOpen(false);
      if (keptId) void nameWaitingReceipt(userId, keptId, names);
    },
  };
}
