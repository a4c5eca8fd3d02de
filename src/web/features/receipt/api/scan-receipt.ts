import { RECEIPT_FIELD } from '../../../../contracts/receipts';
import { apiUpload, type UploadOptions } from '../../../lib/api';
import type { ReceiptData } from '../model/processing-state';
import { readingFromAnswer } from '../model/scan-messages';

const SCAN_RECEIPT_URL = '/api/ocr/scan-receipt';

/** Thrown when the server answered 2xx with something that is not a receipt reading. */
class UnreadableAnswerError extends Error {
  constructor() {
    super('The receipt reading could not be understood');
    this.name = 'UnreadableAnswerError';
  }
}

/** POST /api/ocr/scan-receipt (spec §7): the image as multipart field `receipt`, the reading back. */
export async function scanReceipt(file: File, options: UploadOptions = {}): Promise<ReceiptData> {
  const form = new FormData();
  form.append(RECEIPT_FIELD, file, file.name || 'receipt');
  const answer = await apiUpload<unknown>(SCAN_RECEIPT_URL, form, options);
  const reading = readingFromAnswer(answer);
  if (!reading) throw new UnreadableAnswerError();
  return reading;
}
