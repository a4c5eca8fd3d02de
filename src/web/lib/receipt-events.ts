// The add tab announces a chosen receipt image to the rest of the app (capture-split-history.md §2
// Bottom navigation): a window event named receiptCaptured that carries the file.
export const RECEIPT_CAPTURED_EVENT = 'receiptCaptured';

export interface ReceiptCapturedDetail {
  file: File;
}

export function announceReceipt(file: File) {
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
  return () => window.removeEventListener(RECEIPT_CAPTURED_EVENT, handler);
}
