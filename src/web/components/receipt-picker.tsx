import { useRef } from 'react';
import { announceReceipt } from '../lib/receipt-events';

/**
 * How a new bill starts from anywhere (capture-split-history.md §2 Bottom navigation): the device
 * camera or file picker for an image, rear camera preferred, and the chosen file announced to the
 * rest of the app. The bottom nav's add button and the Payments tab's 'New Bill Split' share it.
 * Render `input` once; call `open` from a click.
 */
export function useReceiptPicker() {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      capture="environment"
      className="hidden"
      tabIndex={-1}
      aria-hidden
      onChange={(e) => {
        const file = e.target.files?.[0];
        if (file) announceReceipt(file);
        e.target.value = '';
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
