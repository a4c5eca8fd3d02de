// The add tab announces a chosen receipt image to the rest of the app (capture-split-history.md §2
// Bottom navigation): a window event named receiptCaptured that carries the file.
export const RECEIPT_CAPTURED_EVENT = 'receiptCaptured';

export interface ReceiptCapturedDetail {
  file: File;
}

// Who listens loads after the first screen (app/signed-in-host.tsx): a receipt chosen before then
// is held here and handed to the first listener, rather than lost.
let listeners = 0;
let unclaimed: File | null = null;

export function announceReceipt(file: File) {
  if (listeners === 0) unclaimed = file;
  window.dispatchEvent(
    new CustomEvent<ReceiptCapturedDetail>(RECEIPT_CAPTURED_EVENT, { detail: { file } }),
  );
}

/** Subscribes to chosen receipt images; returns the unsubscribe function. */
export function onReceiptCaptured(listener: (file: File) => void): () => void {
  const handler = (e: Event) => {
    const file = (e as CustomEvent<ReceiptCapturedDetail>).detail?.file;
    if (file) listener(file);
  };
  window.addEventListener(RECEIPT_CAPTURED_EVENT, handler);
  listeners++;
  const held = unclaimed;
  unclaimed = null;
  if (held) queueMicrotask(() => listener(held));
  return () => {
    window.removeEventListener(RECEIPT_CAPTURED_EVENT, handler);
    listeners--;
  };
}
