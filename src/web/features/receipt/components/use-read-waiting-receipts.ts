import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import {
  READING_NOW_TOAST,
  STILL_OFFLINE_TOAST,
  waitingFile,
  type WaitingReceipt,
} from '../model/waiting-receipt';
import { startReading } from './use-receipt-processing';
import { useWaitingReceipts, waitingReceipts } from './waiting-receipts';

/**
 * Reads the photos taken offline once the connection is back, oldest first, one at a time: the
 * user is told, `onStart` takes them to the reading (and on to the editor), and the photo leaves
 * the device once the server has answered. `ready` says when starting one would not interrupt
 * anything (the caller decides: online, on home, no dialog open, no other reading). A photo that
 * still cannot reach the server stays, and is tried again at the next `online` event.
 */
export function useReadWaitingReceipts({
  userId,
  ready,
  onStart,
}: {
  userId: string;
  ready: boolean;
  onStart: (receipt: WaitingReceipt) => void;
}): readonly WaitingReceipt[] {
  const waiting = useWaitingReceipts(userId);
  const [blocked, setBlocked] = useState(false);
  const busy = useRef(false);
  const started = useEffectEvent((receipt: WaitingReceipt) => onStart(receipt));

  useEffect(() => {
    const unblock = () => setBlocked(false);
    window.addEventListener('online', unblock);
    return () => window.removeEventListener('online', unblock);
  }, []);

  const next = waiting.find((receipt) => receipt.names !== null) ?? waiting[0];
  useEffect(() => {
    if (!ready || blocked || busy.current || !next) return;
    busy.current = true;
    toast(READING_NOW_TOAST);
    startReading(waitingFile(next), 'capture', {
      onSettled: () => {
        busy.current = false;
        void waitingReceipts.remove(next.id);
      },
      onNetworkFailure: () => {
        busy.current = false;
        setBlocked(true);
        toast(STILL_OFFLINE_TOAST);
      },
    });
    started(next);
  }, [ready, blocked, next]);

  return waiting;
}
