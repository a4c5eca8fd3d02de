import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { onReceiptCaptured } from '../../../lib/receipt-events';
import { receiptFileProblem } from '../model/scan-messages';
import { clearReading, startReading } from './use-receipt-processing';

/**
 * Listens for receipt images chosen anywhere (Home's buttons, the add tab: the receiptCaptured
 * event), checks each, and starts reading it at once (spec §2 "After a file is chosen, receipt
 * reading starts at once and the friends dialog opens"). `open` says when the friends dialog should
 * show; dismissing it abandons the reading.
 */
export function useReceiptCapture() {
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      onReceiptCaptured((file) => {
        const problem = receiptFileProblem(file);
        if (problem) {
          toast({ ...problem, variant: 'destructive' });
          return;
        }
        startReading(file, 'capture');
        setOpen(true);
      }),
    [],
  );

  return {
    open,
    /** The friends dialog was dismissed: the user changed their mind, so the reading stops. */
    dismiss: () => {
      setOpen(false);
      clearReading();
    },
    /** Friends confirmed: the dialog closes and the reading carries on. */
    close: () => setOpen(false),
  };
}
