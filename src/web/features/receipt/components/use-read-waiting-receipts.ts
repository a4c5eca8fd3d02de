import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import {
  READING_NOW_TOAST,
  STILL_OFFLINE_TOAST,
  waitingFile,
  type WaitingReceipt,
} from '../model/waiting-receipt';
import { startReading } from './use-receipt-processing';
import { onTryWaitingReceiptsNow, useWaitingReceipts, waitingReceipts } from './waiting-receipts';

/**
 * Reads the photos taken offline once the connection is back, oldest first, one at a time: the
 * user is told, `onStart` takes them to the reading (and on to the editor), and the photo leaves
 * the device once the server has answered. `ready` says when starting one would not interrupt
 * anything (the caller decides: on home, no dialog open, no other reading); `online` when there is
 * a connection to try, or "Try now" on the waiting card asks to try anyway. A photo that still
 * cannot reach the server stays, and is tried again at the next `online` event or "Try now".
 */
export function useReadWaitingReceipts({
  userId,
  ready,
  online,
  onStart,
}: {
  userId: string;
  ready: boolean;
  online: boolean;
  onStart: (receipt: WaitingReceipt) => void;
}): readonly WaitingReceipt[] {
  const waiting = useWaitingReceipts(userId);
  const [blocked, setBlocked] = useState(false);
  // "Try now" was tapped: one attempt, connection or not.
  const [asked, setAsked] = useState(0);
  const busy = useRef(false);
  const started = useEffectEvent((receipt: WaitingReceipt) => onStart(receipt));

  useEffect(() => {
    const unblock = () => setBlocked(false);
    window.addEventListener('online', unblock);
    const stop = onTryWaitingReceiptsNow(() => {
      setBlocked(false);
      setAsked((n) => n + 1);
    });
    return () => {
      window.removeEventListener('online', unblock);
      stop();
    };
  }, []);

  const next = waiting.find((receipt) => receipt.names !== null) ?? waiting[0];
  useEffect(() => {
    if (!ready || !(online || asked > 0) || blocked || busy.current || !next) return;
    busy.current = true;
    setAsked(0);
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
  }, [ready, online, asked, blocked, next]);

  return waiting;
}
