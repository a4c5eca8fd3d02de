import { describe, expect, it } from 'vitest';
import { MAX_RECEIPT_BYTES, receiptItemSchema } from '../../../../contracts/receipts';
import { ApiError, NetworkError } from '../../../lib/api';
import type { ProcessingState, ReceiptData } from './processing-state';
import {
  classifyScanError,
  IMAGE_TOO_LARGE,
  INVALID_FILE_TYPE,
  outcomeToast,
  readingFromAnswer,
  receiptFileProblem,
  scanFailureToast,
} from './scan-messages';

/** An item the reading is sure of, with every other field as the scan answer defaults it. */
const sure = (name: string, amount: string) => receiptItemSchema.parse({ name, amount });

const data = (items: ReceiptData['items']): ReceiptData => ({
  receiptId: 'r',
  items,
  subtotal: null,
  tax: null,
  addedTax: null,
  serviceCharge: null,
  serviceChargePercent: null,
  tip: null,
  total: null,
  establishmentName: null,
  checks: { itemsMatchTotal: true, difference: '0.00', against: null, figure: null, label: null },
  unusedLines: [],
  message: `${items.length} items found`,
});

describe('receiptFileProblem', () => {
  it('takes images up to 15 MB', () => {
    expect(receiptFileProblem({ type: 'image/jpeg', name: 'a.jpg', size: 10 })).toBeNull();
    expect(
      receiptFileProblem({ type: 'image/png', name: 'a.png', size: MAX_RECEIPT_BYTES }),
    ).toBeNull();
    // iPhone HEIC sometimes arrives untyped; the server sniffs the bytes.
    expect(receiptFileProblem({ type: '', name: 'IMG_1.HEIC', size: 10 })).toBeNull();
  });

  it('refuses anything else with the spec words, and too-large files clearly', () => {
    expect(receiptFileProblem({ type: 'application/pdf', name: 'a.jpg', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file',
    });
    expect(receiptFileProblem({ type: '', name: 'notes.txt', size: 10 })).toBe(INVALID_FILE_TYPE);
    expect(
      receiptFileProblem({ type: 'image/jpeg', name: 'a.jpg', size: MAX_RECEIPT_BYTES + 1 }),
    ).toBe(IMAGE_TOO_LARGE);
    expect(IMAGE_TOO_LARGE.description).toContain('15 MB');
    expect(receiptFileProblem({ type: 'image/jpeg', name: 'a.jpg', size: 0 })?.title).toBe(
      'Empty file',
    );
  });
});

describe('readingFromAnswer', () => {
  it('keeps what the editor needs of a contract-shaped answer', () => {
    const answer = {
      ...data([
        {
          name: 'Coke',
          amount: '2.50',
          unsure: true,
          unsureWhy: ['between rows'],
          box: null,
          quantity: null,
          note: null,
        },
      ]),
      error: null,
      rawText: 'COKE 2.50',
      timings: { imageMs: 1, queueMs: 0, ocrMs: 5, parseMs: 1, totalMs: 7 },
    };
    expect(readingFromAnswer(answer)).toEqual(
      data([
        {
          name: 'Coke',
          amount: '2.50',
          unsure: true,
          unsureWhy: ['between rows'],
          box: null,
          quantity: null,
          note: null,
        },
      ]),
    );
  });
  it('reads an item without `unsure` (an answer or stored scan from before it) as sure', () => {
    const answer = {
      ...data([]),
      items: [{ name: 'Coke', amount: '2.50' }],
      error: null,
      rawText: 'COKE 2.50',
      timings: { imageMs: 1, queueMs: 0, ocrMs: 5, parseMs: 1, totalMs: 7 },
    };
    expect(readingFromAnswer(answer)?.items).toEqual([
      {
        name: 'Coke',
        amount: '2.50',
        unsure: false,
        unsureWhy: [],
        box: null,
        quantity: null,
        note: null,
      },
    ]);
  });
  it('refuses anything else', () => {
    expect(readingFromAnswer({ items: [] })).toBeNull();
    expect(readingFromAnswer(null)).toBeNull();
  });
});

describe('classifyScanError', () => {
  const api = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), body);

  it('names the service as unavailable when it is busy, down or unreachable', () => {
    expect(
      classifyScanError(
        api(503, {
          error: 'Service Unavailable',
          message: 'Service temporarily unavailable - please try again',
          code: 'OCR_BUSY',
        }),
      ),
    ).toEqual({
      kind: 'unavailable',
      message: 'Service temporarily unavailable - please try again',
    });
    expect(classifyScanError(new ApiError(502, 'Bad Gateway', null))).toEqual({
      kind: 'unavailable',
      message: null,
    });
    expect(classifyScanError(new NetworkError()).kind).toBe('unavailable');
  });

  it('passes on a refused image with the server words', () => {
    expect(
      classifyScanError(
        api(413, { error: 'Payload Too Large', message: 'Images can be 15 MB at most', code: 'X' }),
      ),
    ).toEqual({ kind: 'failed', message: 'Images can be 15 MB at most' });
    expect(classifyScanError(new Error('boom'))).toEqual({ kind: 'failed', message: null });
  });

  it('knows an abort and a 401 are nobody else’s business', () => {
    expect(classifyScanError(new DOMException('x', 'AbortError')).kind).toBe('aborted');
    expect(classifyScanError(new ApiError(401, '', null)).kind).toBe('unauthorized');
    expect(scanFailureToast({ kind: 'aborted', message: null })).toBeNull();
    expect(scanFailureToast({ kind: 'unauthorized', message: null })).toBeNull();
  });
});

describe('toasts', () => {
  const complete = (items: ReceiptData['items']): ProcessingState => ({
    status: 'complete',
    startTime: 1,
    source: 'capture',
    data: data(items),
  });
  const error = (kind: 'unavailable' | 'failed' | 'timeout', message: string): ProcessingState => ({
    status: 'error',
    startTime: 1,
    source: 'capture',
    error: message,
    kind,
  });

  it('scan flow: success counts the items; none found says how to do better', () => {
    expect(outcomeToast(complete([sure('A', '1.00'), sure('B', '2.00')]), 'scan')).toEqual({
      title: 'Receipt Analyzed Successfully',
      description: '2 items found on your receipt!',
      variant: 'success',
    });
    expect(outcomeToast(complete([]), 'scan')).toMatchObject({
      title: 'No Items Found',
      description:
        "We couldn't detect any items on this receipt. Try a clearer image or with better lighting.",
    });
  });

  it('scan flow failures: the service by name with its words, else the processing default', () => {
    expect(
      outcomeToast(
        error('unavailable', 'Service temporarily unavailable - please try again'),
        'scan',
      ),
    ).toEqual({
      title: 'OCR Service Unavailable',
      description: 'Service temporarily unavailable - please try again',
      variant: 'destructive',
    });
    expect(outcomeToast(error('failed', 'Processing failed'), 'scan')).toMatchObject({
      title: 'Failed to process receipt',
      description: 'Processing failed',
    });
    expect(
      outcomeToast(error('timeout', 'Processing timed out. Please try again.'), 'scan'),
    ).toMatchObject({
      title: 'Failed to process receipt',
      description: 'Processing timed out. Please try again.',
    });
  });

  it('upload-and-preview flow: items can be added by hand next', () => {
    expect(outcomeToast(complete([]), 'preview')).toMatchObject({
      title: 'No items detected',
      description: 'You can add items manually on the next screen',
    });
    expect(outcomeToast(error('failed', 'x'), 'preview')).toMatchObject({
      title: 'Processing failed',
      description: 'You can add items manually on the next screen',
    });
    expect(outcomeToast({ status: 'idle' }, 'preview')).toBeNull();
  });

  it('take-photo dialog failures', () => {
    expect(scanFailureToast({ kind: 'failed', message: null })).toEqual({
      title: 'Scanning Failed',
      description: "We couldn't process your receipt. Please try again.",
      variant: 'destructive',
    });
    expect(scanFailureToast({ kind: 'unavailable', message: 'Busy' })).toMatchObject({
      title: 'OCR Service Unavailable',
      description: 'Busy',
    });
  });
});

describe('readingFromAnswer and the tax added on top', () => {
  const answer = {
    ...data([sure('Bagel', '2.25')]),
    error: null,
    rawText: '',
    timings: { imageMs: 1, queueMs: 0, ocrMs: 1, parseMs: 1, totalMs: 3 },
  };
  it('keeps the tax a receipt added on top', () => {
    expect(readingFromAnswer({ ...answer, addedTax: '0.24' })?.addedTax).toBe('0.24');
  });
  it('reads an answer without the field (an older server) as no tax on top', () => {
    const { addedTax: _dropped, ...older } = answer;
    expect(readingFromAnswer(older)?.addedTax).toBeNull();
  });
});
