import type { WholeBillBody } from '../../../../contracts/bills';
import type { KeptEntry } from '../../../lib/device-store';

// A bill split and saved (Done) while offline, kept on the device until the server has it. Its id
// is the bill's client key, sent with it: the server stores one bill per key, so sending it again
// after a lost answer, from two tabs at once, or after a crash, still makes exactly one bill.

export interface WaitingBill extends KeptEntry {
  body: WholeBillBody & { clientKey: string };
  /** The total the summary showed, in pence, for the waiting card. */
  totalPence: number;
}

export function isWaitingBill(value: unknown): value is WaitingBill {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<WaitingBill>;
  return (
    typeof v.id === 'string' &&
    typeof v.userId === 'string' &&
    typeof v.createdAt === 'number' &&
    typeof v.totalPence === 'number' &&
    typeof v.body === 'object' &&
    v.body !== null &&
    v.body.clientKey === v.id &&
    typeof v.body.name === 'string'
  );
}

export const KEPT_BILL_TOAST = {
  title: 'Saved on this phone',
  description: "You're offline. The bill will be saved to your account when you're back online.",
};
export const savedLaterToast = (name: string) => ({
  title: 'Bill saved',
  description: `"${name}" is saved to your account now that you're back online.`,
});
export const refusedToast = (name: string, reason: string) => ({
  title: `Could not save "${name}"`,
  description: reason,
});

/** What to do with a waiting bill after trying to send it. */
export type SendOutcome = 'saved' | 'refused' | 'retry-later' | 'stop';

/**
 * From the answer to a send: saved (200 or 201: stored now, or already stored under its key);
 * refused for good (4xx: the server will never take this body, so the user is told and it goes);
 * retry later (no connection, or the server failing); stop (401: the app signs the user in again).
 */
export function sendOutcome(answer: { status: number } | 'network-error'): SendOutcome {
  if (answer === 'network-error') return 'retry-later';
  if (answer.status >= 200 && answer.status < 300) return 'saved';
  if (answer.status === 401) return 'stop';
  if (answer.status === 408 || answer.status === 429 || answer.status >= 500) return 'retry-later';
  return 'refused';
}
