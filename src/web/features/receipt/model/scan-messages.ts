import { MAX_RECEIPT_BYTES, receiptReadingSchema } from '../../../../contracts/receipts';
import { ApiError, NetworkError } from '../../../lib/api';
import {
  DEFAULT_PROCESSING_ERROR,
  receiptDataSchema,
  type FailureKind,
  type ProcessingState,
  type ReceiptData,
} from './processing-state';

// The words of receipt reading (capture-split-history.md §5 image rules, §8 scan toasts), and the
// pure decisions about which to show. Texts are the spec's, exactly.

interface Message {
  title: string;
  description: string;
}

export const INVALID_FILE_TYPE: Message = {
  title: 'Invalid file type',
  description: 'Please select an image file',
};
export const NO_IMAGE_SELECTED: Message = {
  title: 'No Image Selected',
  description: 'Please upload an image of your receipt.',
};
export const IMAGE_TOO_LARGE: Message = {
  title: 'Image too large',
  description: `Please choose an image under ${MAX_RECEIPT_BYTES / 1024 / 1024} MB, or take a new photo.`,
};
const EMPTY_IMAGE: Message = {
  title: 'Empty file',
  description: 'That file has nothing in it. Please choose a photo of your receipt.',
};

const SCANNING_FAILED: Message = {
  title: 'Scanning Failed',
  description: "We couldn't process your receipt. Please try again.",
};
const OCR_UNAVAILABLE_TITLE = 'OCR Service Unavailable';
export const NO_ITEMS_FOUND: Message = {
  title: 'No Items Found',
  description:
    "We couldn't detect any items on this receipt. Try a clearer image or with better lighting.",
};
export const ANALYZED_TITLE = 'Receipt Analyzed Successfully';
export const itemsFoundText = (count: number) =>
  `${count} ${count === 1 ? 'item' : 'items'} found on your receipt!`;

/** Variant A (upload and preview) continues to the editor either way, with these. */
const MANUAL_NEXT = 'You can add items manually on the next screen';
const NO_ITEMS_DETECTED: Message = { title: 'No items detected', description: MANUAL_NEXT };
const PROCESSING_FAILED: Message = { title: 'Processing failed', description: MANUAL_NEXT };
const FAILED_TO_PROCESS_TITLE = 'Failed to process receipt';

/** HEIC photos from some iPhones arrive with no type at all; the server sniffs the bytes anyway. */
const UNTYPED_IMAGE_NAME = /\.(heic|heif)$/i;

/** Why a chosen file cannot be sent for reading, or null when it can (spec §5). */
export function receiptFileProblem(file: Pick<File, 'type' | 'name' | 'size'>): Message | null {
  const isImage =
    file.type.startsWith('image/') || (file.type === '' && UNTYPED_IMAGE_NAME.test(file.name));
  if (!isImage) return INVALID_FILE_TYPE;
  if (file.size === 0) return EMPTY_IMAGE;
  if (file.size > MAX_RECEIPT_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** A successful answer, checked against the contract; null when it does not fit. */
export function readingFromAnswer(answer: unknown): ReceiptData | null {
  const parsed = receiptReadingSchema.safeParse(answer);
  if (!parsed.success) return null;
  return receiptDataSchema.parse(parsed.data);
}

export interface ScanFailure {
  kind: FailureKind | 'aborted' | 'unauthorized';
  /** The server's own words when it gave some, for the toast. */
  message: string | null;
}

/**
 * What went wrong with a scan call. 'unavailable' is the service being unable to take the scan now
 * (busy, down, unreachable): the spec then names the service and offers manual entry. A 401 is
 * already handled app-wide (sign in again), and an abort was asked for.
 */
export function classifyScanError(err: unknown): ScanFailure {
  if (err instanceof DOMException && err.name === 'AbortError')
    return { kind: 'aborted', message: null };
  if (err instanceof NetworkError) return { kind: 'unavailable', message: err.message };
  if (err instanceof ApiError) {
    if (err.status === 401) return { kind: 'unauthorized', message: null };
    const message = err.serverMessage ?? null;
    if (err.status === 404 || err.status >= 500)
      return {
        kind: 'unavailable',
        message:
          err.status === 503
            ? (message ?? 'Service temporarily unavailable - please try again')
            : message,
      };
    return { kind: 'failed', message };
  }
  return { kind: 'failed', message: null };
}

type ToastMessage = Message & { variant: 'default' | 'destructive' | 'success' };

/**
 * The toast for a finished reading, by where it was started (spec §8): the capture from home and
 * the editor's Take Photo / Upload dialog use the scan toasts; the upload-and-preview dialog says
 * the items can be added by hand next. Null for an idle or pending state, and for a sign-in lapse.
 */
export function outcomeToast(
  state: ProcessingState,
  variant: 'scan' | 'preview',
): ToastMessage | null {
  if (state.status === 'complete') {
    const count = state.data.items.length;
    if (count === 0)
      return {
        ...(variant === 'preview' ? NO_ITEMS_DETECTED : NO_ITEMS_FOUND),
        variant: 'default',
      };
    return { title: ANALYZED_TITLE, description: itemsFoundText(count), variant: 'success' };
  }
  if (state.status === 'error') {
    if (variant === 'preview') return { ...PROCESSING_FAILED, variant: 'destructive' };
    if (state.kind === 'unavailable')
      return {
        title: OCR_UNAVAILABLE_TITLE,
        description: state.error,
        variant: 'destructive',
      };
    return {
      title: FAILED_TO_PROCESS_TITLE,
      description: state.error || DEFAULT_PROCESSING_ERROR,
      variant: 'destructive',
    };
  }
  return null;
}

/** The toast for the Take Photo / Upload dialog's own failed scan (it stays open to retry). */
export function scanFailureToast(failure: ScanFailure): ToastMessage | null {
  if (failure.kind === 'aborted' || failure.kind === 'unauthorized') return null;
  if (failure.kind === 'unavailable')
    return {
      title: OCR_UNAVAILABLE_TITLE,
      description: failure.message ?? SCANNING_FAILED.description,
      variant: 'destructive',
    };
  return {
    title: SCANNING_FAILED.title,
    description: failure.message ?? SCANNING_FAILED.description,
    variant: 'destructive',
  };
}
