import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProcessingStore,
  holdsWaitingReceipts,
  IDLE,
  POLL_INTERVAL_MS,
  PROCESSING_TIMEOUT_MS,
  readProcessingState,
  RECEIPT_PROCESSING_KEY,
  settle,
  TIMED_OUT_MESSAGE,
  type KeyValueStorage,
  type ReceiptData,
} from './processing-state';

const reading: ReceiptData = {
  receiptId: 'r1',
  items: [
    {
      name: 'Fish & Chips',
      amount: '14.50',
      unsure: false,
      unsureWhy: [],
      box: null,
      quantity: null,
      note: null,
    },
  ],
  subtotal: '14.50',
  tax: null,
  addedTax: null,
  serviceCharge: '1.81',
  serviceChargePercent: '12.5',
  tip: null,
  total: '16.31',
  establishmentName: 'The Crown',
  checks: {
    itemsMatchTotal: true,
    difference: '0.00',
    against: 'subtotal',
    figure: '12.00',
    label: 'Subtotal',
  },
  unusedLines: [],
  message: '1 items found',
};

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('holdsWaitingReceipts', () => {
  const pending = { status: 'pending', startTime: 1, source: 'capture' } as const;
  it('waits for a reading this page runs, and for one read and not yet opened', () => {
    expect(holdsWaitingReceipts(pending, true)).toBe(true);
    expect(
      holdsWaitingReceipts(
        { status: 'complete', startTime: 1, source: 'capture', data: reading },
        false,
      ),
    ).toBe(true);
  });
  it('does not wait for a pending reading left by an earlier load of the page, nor a failed one', () => {
    expect(holdsWaitingReceipts(pending, false)).toBe(false);
    expect(holdsWaitingReceipts(IDLE, false)).toBe(false);
    expect(
      holdsWaitingReceipts(
        {
          status: 'error',
          startTime: 1,
          source: 'capture',
          error: TIMED_OUT_MESSAGE,
          kind: 'timeout',
        },
        false,
      ),
    ).toBe(false);
  });
});

describe('readProcessingState', () => {
  it('reads each stored status', () => {
    expect(readProcessingState({ status: 'idle' }, 0)).toEqual(IDLE);
    const pending = { status: 'pending', startTime: 1000, source: 'capture' };
    expect(readProcessingState(pending, 2000)).toEqual(pending);
    const complete = { status: 'complete', startTime: 1, source: 'editor', data: reading };
    expect(readProcessingState(complete, 99_999)).toEqual(complete);
    const error = {
      status: 'error',
      startTime: 1,
      source: 'capture',
      error: 'Busy',
      kind: 'unavailable',
    };
    expect(readProcessingState(error, 99_999)).toEqual(error);
  });

  it('treats missing or damaged state as idle', () => {
    expect(readProcessingState(null, 0)).toEqual(IDLE);
    expect(readProcessingState('pending', 0)).toEqual(IDLE);
    expect(readProcessingState({ status: 'pending' }, 0)).toEqual(IDLE);
    expect(
      readProcessingState(
        { status: 'complete', startTime: 1, source: 'capture', data: { items: 'x' } },
        0,
      ),
    ).toEqual(IDLE);
  });

  it('turns a pending state older than 15 s into the time-out error on reload', () => {
    const pending = { status: 'pending', startTime: 10_000, source: 'capture' } as const;
    expect(readProcessingState(pending, 10_000 + PROCESSING_TIMEOUT_MS)).toEqual(pending);
    expect(readProcessingState(pending, 10_000 + PROCESSING_TIMEOUT_MS + 1)).toEqual({
      status: 'error',
      startTime: 10_000,
      source: 'capture',
      error: TIMED_OUT_MESSAGE,
      kind: 'timeout',
    });
    expect(TIMED_OUT_MESSAGE).toBe('Processing timed out. Please try again.');
  });
});

describe('settle', () => {
  const pending = { status: 'pending', startTime: 5, source: 'capture' } as const;

  it('completes or fails the pending reading it belongs to', () => {
    expect(settle(pending, 5, { data: reading })).toEqual({
      status: 'complete',
      startTime: 5,
      source: 'capture',
      data: reading,
    });
    expect(settle(pending, 5, { error: '', kind: 'failed' })).toMatchObject({
      status: 'error',
      error: 'Processing failed',
    });
  });

  it('leaves a newer reading, a cleared state and a timed-out state alone', () => {
    expect(settle(pending, 4, { data: reading })).toBe(pending);
    expect(settle(IDLE, 5, { data: reading })).toBe(IDLE);
    const timedOut = readProcessingState(pending, 5 + PROCESSING_TIMEOUT_MS + 1);
    expect(settle(timedOut, 5, { data: reading })).toBe(timedOut);
  });
});

describe('createProcessingStore', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
  });
  afterEach(() => vi.useRealTimers());

  const make = (storage: KeyValueStorage | null = memoryStorage()) =>
    createProcessingStore({
      storage,
      now: () => clock,
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (handle) => clearInterval(handle),
    });

  it('keeps the state in storage: pending, complete, cleared', () => {
    const storage = memoryStorage();
    const store = make(storage);
    const start = store.start('capture');
    expect(JSON.parse(storage.map.get(RECEIPT_PROCESSING_KEY)!)).toEqual({
      status: 'pending',
      startTime: clock,
      source: 'capture',
    });
    store.settle(start, { data: reading });
    expect(store.get()).toMatchObject({ status: 'complete', data: reading });
    // A second store (the page after a reload) reads the same state.
    expect(make(storage).get()).toEqual(store.get());
    store.clear();
    expect(store.get()).toEqual(IDLE);
    expect(storage.map.has(RECEIPT_PROCESSING_KEY)).toBe(false);
  });

  it('returns the same snapshot while nothing changes', () => {
    const store = make();
    store.start('editor');
    expect(store.get()).toBe(store.get());
  });

  it('polls every 200 ms while pending and reports the time-out', () => {
    const storage = memoryStorage();
    const store = make(storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.start('capture');
    listener.mockClear();

    // Nothing changes: polls report nothing.
    clock += POLL_INTERVAL_MS;
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    expect(listener).not.toHaveBeenCalled();

    // Something else writes the stored state: the next poll, 200 ms on, sees it.
    const changed = JSON.stringify({ status: 'pending', startTime: clock, source: 'editor' });
    storage.setItem(RECEIPT_PROCESSING_KEY, changed);
    vi.advanceTimersByTime(POLL_INTERVAL_MS - 1);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalled();
    expect(store.get()).toMatchObject({ status: 'pending', source: 'editor' });

    // 15 s with no answer: a poll turns it into the time-out error, and polling stops.
    listener.mockClear();
    clock += PROCESSING_TIMEOUT_MS + 1;
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    expect(listener).toHaveBeenCalled();
    expect(store.get()).toMatchObject({ status: 'error', error: TIMED_OUT_MESSAGE });
    expect(JSON.parse(storage.map.get(RECEIPT_PROCESSING_KEY)!)).toMatchObject({
      status: 'error',
    });
    expect(vi.getTimerCount()).toBe(0);
    unsubscribe();
  });

  it('does not poll when nobody listens or nothing is pending', () => {
    const store = make();
    store.start('capture');
    expect(vi.getTimerCount()).toBe(0);
    const unsubscribe = store.subscribe(() => {});
    expect(vi.getTimerCount()).toBe(1);
    store.settle(store.get().status === 'pending' ? clock : 0, { data: reading });
    expect(vi.getTimerCount()).toBe(0);
    unsubscribe();
  });

  it('a late answer after the time-out does not overwrite it', () => {
    const store = make();
    const start = store.start('capture');
    clock += PROCESSING_TIMEOUT_MS + 1;
    store.settle(start, { data: reading });
    expect(store.get()).toMatchObject({ status: 'error', kind: 'timeout' });
  });

  it('works in memory when storage is unavailable', () => {
    const store = make(null);
    const start = store.start('capture');
    expect(store.get()).toMatchObject({ status: 'pending' });
    store.settle(start, { error: 'Service temporarily unavailable', kind: 'unavailable' });
    expect(store.get()).toMatchObject({ status: 'error', kind: 'unavailable' });
  });
});
