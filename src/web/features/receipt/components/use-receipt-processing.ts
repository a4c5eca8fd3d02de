import { useSyncExternalStore } from 'react';
import { NetworkError } from '../../../lib/api';
import { scanSlotStorage } from '../../../entities/bill/draft/draft-bill';
import { scanReceipt } from '../api/scan-receipt';
import {
  createProcessingStore,
  timeLeft,
  type ProcessingState,
  type ReceiptSource,
} from '../model/processing-state';
import { classifyScanError } from '../model/scan-messages';

/** The page's one receipt processing state, kept in the draft bill's scan slot (entities/bill/draft). */
const processingStore = createProcessingStore({
  storage: scanSlotStorage(),
  now: () => Date.now(),
});

/** The receipt processing state, re-rendering on every change (polled every 200 ms while pending). */
export function useReceiptProcessing(): ProcessingState {
  return useSyncExternalStore(processingStore.subscribe, processingStore.get, processingStore.get);
}

// How far the current scan has got. Memory only: after a reload the request is gone and the
// stored pending state can only wait for its time-out.
type ScanStage = 'uploading' | 'reading';
export interface ScanProgress {
  stage: ScanStage;
  /** Percent of the image sent, while uploading; null when the size is not known. */
  percent: number | null;
}

let progress: ScanProgress | null = null;
const progressListeners = new Set<() => void>();
function setProgress(next: ScanProgress | null) {
  progress = next;
  progressListeners.forEach((listener) => listener());
}

export function useScanProgress(): ScanProgress | null {
  return useSyncExternalStore(
    (listener) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    () => progress,
    () => null,
  );
}

/** The words for a stage, for the processing screen and anything else showing progress. */
export function stageText(p: ScanProgress | null): string {
  if (!p) return 'Reading your receipt...';
  if (p.stage === 'uploading')
    return p.percent === null ? 'Uploading your photo...' : `Uploading your photo... ${p.percent}%`;
  return 'Reading the items and prices...';
}

let inFlight: AbortController | null = null;

/** Whether this page is running a reading (a stored pending state may be an earlier load's). */
export const isReadingHere = (): boolean => inFlight !== null;

interface ReadingOptions {
  /**
   * Called once the reading is over for good: read, refused by the server, timed out, or replaced
   * by another (everything but a network failure, when onNetworkFailure is given).
   */
  onSettled?: () => void;
  /**
   * Called instead of recording a failure when the photo never reached the server (no
   * connection): the state goes back to idle so the caller can keep the photo for later.
   */
  onNetworkFailure?: () => void;
}

/**
 * Starts reading `file` at once (spec §2): the state becomes pending and the scan call runs in the
 * background, settling the state when it answers. A new reading replaces one still running. The
 * call is abandoned at the 15 s time-out, which the stored state reports by itself.
 */
export function startReading(
  file: File,
  source: ReceiptSource,
  { onSettled, onNetworkFailure }: ReadingOptions = {},
): void {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const startTime = processingStore.start(source);
  setProgress({ stage: 'uploading', percent: null });
  const deadline = setTimeout(
    () => controller.abort(),
    timeLeft(processingStore.get(), Date.now()) + 50,
  );

  scanReceipt(file, {
    signal: controller.signal,
    onUploadProgress: (sent, total) => {
      if (inFlight !== controller) return;
      setProgress({
        stage: 'uploading',
        percent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : null,
      });
    },
    onUploaded: () => {
      if (inFlight === controller) setProgress({ stage: 'reading', percent: null });
    },
  })
    .then((data) => {
      processingStore.settle(startTime, { data });
      onSettled?.();
    })
    .catch((err: unknown) => {
      const failure = classifyScanError(err);
      // Aborted: replaced by a newer reading, cleared, or timed out (which the state says itself).
      if (failure.kind === 'aborted') {
        onSettled?.();
        return;
      }
      if (err instanceof NetworkError && onNetworkFailure) {
        const current = processingStore.get();
        if (current.status === 'pending' && current.startTime === startTime)
          processingStore.clear();
        onNetworkFailure();
        return;
      }
      processingStore.settle(startTime, {
        error: failure.message ?? '',
        kind: failure.kind === 'unavailable' ? 'unavailable' : 'failed',
      });
      onSettled?.();
    })
    .finally(() => {
      clearTimeout(deadline);
      if (inFlight === controller) {
        inFlight = null;
        setProgress(null);
      }
    });
}

/** Stops any reading and returns the state to idle. */
export function clearReading(): void {
  inFlight?.abort();
  inFlight = null;
  setProgress(null);
  processingStore.clear();
}
