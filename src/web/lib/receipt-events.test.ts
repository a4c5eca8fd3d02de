import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A window of its own for each test: the module keeps a receipt chosen before anyone listens.
beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => vi.unstubAllGlobals());

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('receipt events', () => {
  it('hands a receipt chosen before anyone listened to the first listener, once', async () => {
    const { announceReceipt, onReceiptCaptured } = await import('./receipt-events');
    announceReceipt(photo('early.jpg'));
    const first = vi.fn();
    const second = vi.fn();
    onReceiptCaptured(first);
    onReceiptCaptured(second);
    await Promise.resolve();
    expect(first.mock.calls.map(([f]) => (f as File).name)).toEqual(['early.jpg']);
    expect(second).not.toHaveBeenCalled();
  });

  it('delivers to listeners as the event, and holds nothing back while someone listens', async () => {
    const { announceReceipt, onReceiptCaptured } = await import('./receipt-events');
    const listener = vi.fn();
    const stop = onReceiptCaptured(listener);
    announceReceipt(photo('now.jpg'));
    expect(listener.mock.calls.map(([f]) => (f as File).name)).toEqual(['now.jpg']);
    stop();
    const later = vi.fn();
    onReceiptCaptured(later);
    await Promise.resolve();
    expect(later).not.toHaveBeenCalled();
  });
});
