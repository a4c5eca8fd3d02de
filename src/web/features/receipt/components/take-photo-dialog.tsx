import { PencilLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PhotoSourceButtons } from '../../../components/photo-source-buttons';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { scanReceipt } from '../api/scan-receipt';
import {
  PROCESSING_TIMEOUT_MS,
  TIMED_OUT_MESSAGE,
  type ReceiptData,
} from '../model/processing-state';
import {
  ANALYZED_TITLE,
  classifyScanError,
  itemsFoundText,
  NO_ITEMS_FOUND,
  receiptFileProblem,
  scanFailureToast,
  type ScanFailure,
} from '../model/scan-messages';
import { stageText, type ScanProgress } from './use-receipt-processing';

const TAKE_PHOTO_TITLE = 'Scan a Receipt';
const PHOTO_HINT = 'Keep the receipt flat, well-lit and legible, with every line in view.';

interface TakePhotoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A reading with items: they replace the bill's items. */
  onRead: (reading: ReceiptData) => void;
  /** Offered when the receipt could not be read or held no items. */
  onEnterManually: () => void;
}

/**
 * Receipt scan dialog, variant B (spec §2): 'Take Photo' (rear camera) and 'Upload', with the hint to
 * keep the receipt flat, well-lit and legible. It reads the receipt itself, showing progress, and
 * stays open on failure so another photo, or manual entry, is one tap away.
 */
export function TakePhotoDialog({
  open,
  onOpenChange,
  onRead,
  onEnterManually,
}: TakePhotoDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={TAKE_PHOTO_TITLE}
      description={PHOTO_HINT}
    >
      <TakePhoto onRead={onRead} onEnterManually={onEnterManually} />
    </Dialog>
  );
}

function TakePhoto({
  onRead,
  onEnterManually,
}: Pick<TakePhotoDialogProps, 'onRead' | 'onEnterManually'>) {
  const running = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<ScanProgress | null>(null);
  const [offerManual, setOfferManual] = useState(false);

  // Closing the dialog abandons a scan still running.
  useEffect(() => () => running.current?.abort(), []);

  const scan = async (file: File) => {
    const controller = new AbortController();
    running.current = controller;
    // A reading gets 15 s, as from home (spec §9); hanging up also frees the server's queue.
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, PROCESSING_TIMEOUT_MS);
    setProgress({ stage: 'uploading', percent: null });
    try {
      const reading = await scanReceipt(file, {
        signal: controller.signal,
        onUploadProgress: (sent, total) =>
          setProgress({
            stage: 'uploading',
            percent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : null,
          }),
        onUploaded: () => setProgress({ stage: 'reading', percent: null }),
      });
      if (reading.items.length === 0) {
        toast({ ...NO_ITEMS_FOUND });
        setOfferManual(true);
        return;
      }
      toast({
        title: ANALYZED_TITLE,
        description: itemsFoundText(reading.items.length),
        variant: 'success',
      });
      onRead(reading);
    } catch (err) {
      const failure: ScanFailure = timedOut
        ? { kind: 'failed', message: TIMED_OUT_MESSAGE }
        : classifyScanError(err);
      const message = scanFailureToast(failure);
      if (message) toast(message);
      if (failure.kind === 'unavailable' || timedOut) setOfferManual(true);
    } finally {
      clearTimeout(deadline);
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  };

  const pick = (file: File) => {
    const problem = receiptFileProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    void scan(file);
  };

  const busy = progress !== null;
  return (
    <div className="flex flex-col gap-4 pt-2">
      <PhotoSourceButtons
        cameraLabel="Take Photo"
        libraryLabel="Upload"
        onFile={pick}
        disabled={busy}
        libraryTestId="receipt-photo-input"
      />
      <p
        role="status"
        aria-live="polite"
        className={
          busy
            ? 'flex items-center gap-3 rounded-2xl bg-brand-50 px-4 py-3 font-medium text-brand-900'
            : 'sr-only'
        }
      >
        {busy && (
          <span
            aria-hidden
            className="size-5 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
          />
        )}
        {busy ? stageText(progress) : ''}
      </p>
      {offerManual && !busy && (
        <Button variant="secondary" size="lg" block onClick={onEnterManually}>
          <PencilLine aria-hidden className="size-5" />
          Enter Items Manually
        </Button>
      )}
    </div>
  );
}
