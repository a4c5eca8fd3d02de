import type { KeptEntry } from '../../../lib/device-store';

// A receipt photo taken while offline, kept on the device until it can be read (issue 24): the
// image itself, who is splitting (once the friends dialog is confirmed), and when it was taken.

export interface WaitingReceipt extends KeptEntry {
  image: Blob;
  fileName: string;
  /** Confirmed names, the user first; null until the friends dialog is confirmed. */
  names: string[] | null;
}

export function isWaitingReceipt(value: unknown): value is WaitingReceipt {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<WaitingReceipt>;
  return (
    typeof v.id === 'string' &&
    typeof v.userId === 'string' &&
    typeof v.createdAt === 'number' &&
    typeof Blob !== 'undefined' &&
    v.image instanceof Blob &&
    typeof v.fileName === 'string' &&
    (v.names === null || (Array.isArray(v.names) && v.names.every((n) => typeof n === 'string')))
  );
}

/** The photo as a file again, to send for reading. */
export function waitingFile(receipt: WaitingReceipt): File {
  return new File([receipt.image], receipt.fileName, { type: receipt.image.type });
}

/** Words for the waiting card and the friends dialog. */
export const KEPT_OFFLINE_TEXT =
  "You're offline: this photo is kept on your phone and will be read as soon as you're back online.";
export const READING_NOW_TOAST = {
  title: 'Back online',
  description: 'Reading the receipt you took offline...',
};
export const STILL_OFFLINE_TOAST = {
  title: 'No connection',
  description: "Your receipt photo is kept on your phone. We'll read it when you're back online.",
};
