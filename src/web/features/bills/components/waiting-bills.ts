import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WholeBillBody } from '../../../../contracts/bills';
import { toast } from '../../../components/ui/use-toast';
import { activityKeys } from '../../../entities/activity/api/activity';
import { apiRequest, ApiError, NetworkError } from '../../../lib/api';
import { billsKeys } from '../../../entities/bill/api/keys';
import { deviceCollection, useKeptEntries } from '../../../lib/device-store';
import { errorMessage } from '../../../lib/error-message';
import { isOnline } from '../../../lib/use-online';
import {
  isWaitingBill,
  refusedToast,
  savedLaterToast,
  sendOutcome,
  type WaitingBill,
} from '../model/waiting-bill';

/** Bills saved while offline, on this device, until the server has them. */
export const waitingBills = deviceCollection<WaitingBill>('bill', isWaitingBill);

export async function keepBill(
  body: WholeBillBody & { clientKey: string },
  userId: string,
  totalPence: number,
): Promise<void> {
  await waitingBills.put({ id: body.clientKey, userId, createdAt: Date.now(), body, totalPence });
}

export function useWaitingBills(userId: string | null | undefined): readonly WaitingBill[] {
  return useKeptEntries(waitingBills, userId);
}

// One send at a time in this tab; two tabs sending the same bill still make one (the client key).
let sending: Promise<void> | null = null;

/**
 * Sends this user's waiting bills, oldest first, and reports each: the ones the server has leave
 * the device; a lost connection or a failing server stops the round and keeps the rest.
 */
export function sendWaitingBills(userId: string, onSaved: () => void): Promise<void> {
  sending ??= (async () => {
    try {
      for (const bill of await waitingBills.list(userId)) {
        let answer: { status: number } | 'network-error';
        let error: unknown = null;
        try {
          await apiRequest('POST', '/api/bills', bill.body);
          answer = { status: 201 };
        } catch (err) {
          error = err;
          if (err instanceof NetworkError) answer = 'network-error';
          else if (err instanceof ApiError) answer = { status: err.status };
          else throw err;
        }
        const outcome = sendOutcome(answer);
        if (outcome === 'saved') {
          await waitingBills.remove(bill.id);
          toast({ variant: 'success', ...savedLaterToast(bill.body.name) });
          onSaved();
        } else if (outcome === 'refused') {
          await waitingBills.remove(bill.id);
          toast({
            variant: 'destructive',
            ...refusedToast(bill.body.name, errorMessage(error, 'The bill could not be saved.')),
          });
        } else {
          return;
        }
      }
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** Sends the waiting bills at start when online, and whenever the connection returns. */
export function useSendWaitingBills(userId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const onSaved = () => {
      void client.invalidateQueries({ queryKey: billsKeys.all });
      void client.invalidateQueries({ queryKey: activityKeys.all });
    };
    const send = () =>
      void sendWaitingBills(userId, onSaved).catch((err: unknown) => console.warn(err));
    if (isOnline()) send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [client, userId]);
}
