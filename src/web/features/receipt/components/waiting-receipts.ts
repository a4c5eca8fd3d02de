import { deviceCollection, useKeptEntries } from '../../../lib/device-store';
import { newId } from '../../../lib/new-id';
import { isWaitingReceipt, type WaitingReceipt } from '../model/waiting-receipt';

/** Receipt photos taken offline, on this device. */
export const waitingReceipts = deviceCollection<WaitingReceipt>('receipt', isWaitingReceipt);

/** Keeps a photo for later; returns its id. */
export async function keepReceipt(file: File, userId: string): Promise<string> {
  const id = newId();
  await waitingReceipts.put({
    id,
    userId,
    createdAt: Date.now(),
    image: file,
    fileName: file.name || 'receipt',
    names: null,
  });
  return id;
}

/** Records who is splitting the receipt kept as `id`. */
export async function nameWaitingReceipt(
  userId: string,
  id: string,
  names: string[],
): Promise<void> {
  const receipt = (await waitingReceipts.list(userId)).find((r) => r.id === id);
  if (receipt) await waitingReceipts.put({ ...receipt, names });
}

export function useWaitingReceipts(userId: string | null | undefined): readonly WaitingReceipt[] {
  return useKeptEntries(waitingReceipts, userId);
}

// "Try now" on the waiting card: read the waiting photos now, whatever the browser says about the
// connection (it can say offline on a network that works, or miss the change back).
const tryNowListeners = new Set<() => void>();

/** Asks for the waiting photos to be read now. */
export function tryWaitingReceiptsNow(): void {
  tryNowListeners.forEach((listener) => listener());
}

export function onTryWaitingReceiptsNow(listener: () => void): () => void {
  tryNowListeners.add(listener);
  return () => tryNowListeners.delete(listener);
}
