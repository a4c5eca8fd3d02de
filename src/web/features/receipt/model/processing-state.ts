import { z } from 'zod';
import { receiptReadingSchema } from '../../../../contracts/receipts';

// The receipt processing state kept in session storage, in the draft bill's scan slot (entities/bill/draft;
// capture-split-history.md §3, §4, §9): idle; pending from the moment a file is submitted (its start
// time recorded); then complete with the reading, or error. A pending state older than 15 s is an error on reload, and while pending the
// stored state is polled every 200 ms. Everything here is pure: storage and clock are passed in.

/** The name the state is stored under in the storage it is given (the page's: the draft's slot). */
export const RECEIPT_PROCESSING_KEY = 'fairshare.receiptProcessing';
/** Spec §9: receipt processing time-out. */
export const PROCESSING_TIMEOUT_MS = 15_000;
/** Spec §9: how often the stored state is read while pending. */
export const POLL_INTERVAL_MS = 200;
/** Spec §9: the pause on the processing screen before moving on, after success and after failure. */
export const SUCCESS_DELAY_MS = 800;
export const FAILURE_DELAY_MS = 1000;
export const TIMED_OUT_MESSAGE = 'Processing timed out. Please try again.';
/** Spec §8: the background processing's default error. */
export const DEFAULT_PROCESSING_ERROR = 'Processing failed';

/** Who started the reading, which decides the toasts (spec §8 has one set per entry point). */
export type ReceiptSource = 'capture' | 'editor';

/**
 * The part of a reading kept for the editor: rawText and timings stay out of session storage. The
 * tax added on top is null in a reading stored (or answered) before it was read.
 */
export const receiptDataSchema = receiptReadingSchema.pick({
  receiptId: true,
  items: true,
  subtotal: true,
  tax: true,
  addedTax: true,
  serviceCharge: true,
  serviceChargePercent: true,
  tip: true,
  total: true,
  establishmentName: true,
  checks: true,
  unusedLines: true,
  message: true,
});
export type ReceiptData = z.infer<typeof receiptDataSchema>;

/** Why the reading failed: the service could not take it (offer manual entry), or anything else. */
export type FailureKind = 'unavailable' | 'failed' | 'timeout';

export type ProcessingState =
  | { status: 'idle' }
  | { status: 'pending'; startTime: number; source: ReceiptSource }
  | { status: 'complete'; startTime: number; source: ReceiptSource; data: ReceiptData }
  | {
      status: 'error';
      startTime: number;
      source: ReceiptSource;
      error: string;
      kind: FailureKind;
    };

export const IDLE: ProcessingState = { status: 'idle' };

/**
 * Whether the state keeps a photo taken offline from being read now: a reading this page is
 * running (one at a time), or one read and not yet opened (a new one would replace it). A pending
 * reading left by an earlier load of the page is not one: its request ended with that page, and it
 * could only wait for its time-out while the photos waited too; nor is a failed one.
 */
export function holdsWaitingReceipts(state: ProcessingState, readingHere: boolean): boolean {
  if (state.status === 'pending') return readingHere;
  return state.status === 'complete';
}

const sourceSchema = z.enum(['capture', 'editor']);
const storedSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle') }),
  z.object({ status: z.literal('pending'), startTime: z.number(), source: sourceSchema }),
  z.object({
    status: z.literal('complete'),
    startTime: z.number(),
    source: sourceSchema,
    data: receiptDataSchema,
  }),
  z.object({
    status: z.literal('error'),
    startTime: z.number(),
    source: sourceSchema,
    error: z.string(),
    kind: z.enum(['unavailable', 'failed', 'timeout']),
  }),
]);

/**
 * The state as stored, checked, with the time-out applied: anything unreadable (another deploy's
 * shape, a hand edit) is idle, and a pending state started more than 15 s before `now` is the
 * time-out error, since the request that was to finish it is gone or too late.
 */
export function readProcessingState(raw: unknown, now: number): ProcessingState {
  const parsed = storedSchema.safeParse(raw);
  if (!parsed.success) return IDLE;
  return expirePending(parsed.data, now);
}

function expirePending(state: ProcessingState, now: number): ProcessingState {
  if (state.status !== 'pending' || now - state.startTime <= PROCESSING_TIMEOUT_MS) return state;
  return {
    status: 'error',
    startTime: state.startTime,
    source: state.source,
    error: TIMED_OUT_MESSAGE,
    kind: 'timeout',
  };
}

export function pending(now: number, source: ReceiptSource): ProcessingState {
  return { status: 'pending', startTime: now, source };
}

/**
 * The reading started at `startTime` finished. It lands only if that reading is still the pending
 * one: a later submission, a clear or the time-out has already decided otherwise.
 */
export function settle(
  current: ProcessingState,
  startTime: number,
  outcome: { data: ReceiptData } | { error: string; kind: FailureKind },
): ProcessingState {
  if (current.status !== 'pending' || current.startTime !== startTime) return current;
  const base = { startTime, source: current.source };
  return 'data' in outcome
    ? { status: 'complete', ...base, data: outcome.data }
    : {
        status: 'error',
        ...base,
        error: outcome.error || DEFAULT_PROCESSING_ERROR,
        kind: outcome.kind,
      };
}

/** Milliseconds left before a pending state times out (0 when it already has). */
export function timeLeft(state: ProcessingState, now: number): number {
  if (state.status !== 'pending') return 0;
  return Math.max(0, state.startTime + PROCESSING_TIMEOUT_MS - now);
}

/** Session storage, or anything shaped like it (tests pass a Map-backed one). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface ProcessingStore {
  get(): ProcessingState;
  /** Records a new submission; returns its start time, which identifies it. */
  start(source: ReceiptSource): number;
  settle(startTime: number, outcome: Parameters<typeof settle>[2]): void;
  /** Back to idle (spec §4 "Clearing returns to idle"). */
  clear(): void;
  /**
   * Calls `listener` whenever the state changes. While it is pending the stored state is read every
   * 200 ms, so a change written by another tab of the app, or the time-out, is noticed too.
   */
  subscribe(listener: () => void): () => void;
}

/** The processing state over a storage and a clock; one per page (see use-receipt-processing). */
export function createProcessingStore({
  storage,
  now,
  setInterval: every = globalThis.setInterval,
  clearInterval: stop = globalThis.clearInterval,
}: {
  storage: KeyValueStorage | null;
  now: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: never) => void;
}): ProcessingStore {
  const listeners = new Set<() => void>();
  let snapshot: ProcessingState = IDLE;
  let snapshotRaw: string | null | undefined;
  let timer: unknown = null;

  const readRaw = (): string | null => {
    try {
      return storage?.getItem(RECEIPT_PROCESSING_KEY) ?? null;
    } catch {
      return null;
    }
  };
  const write = (state: ProcessingState) => {
    try {
      if (state.status === 'idle') storage?.removeItem(RECEIPT_PROCESSING_KEY);
      else storage?.setItem(RECEIPT_PROCESSING_KEY, JSON.stringify(state));
    } catch {
      // Storage full or disabled: the state lives in memory for this page only.
    }
    snapshot = state;
    snapshotRaw = readRaw();
    notify();
  };

  // The same object while nothing changed, as useSyncExternalStore needs.
  const get = (): ProcessingState => {
    const raw = readRaw();
    if (raw !== snapshotRaw) {
      snapshotRaw = raw;
      let parsed: unknown = null;
      try {
        parsed = raw === null ? null : JSON.parse(raw);
      } catch {
        parsed = null;
      }
      // Storage that cannot be written keeps the in-memory state rather than forgetting it.
      snapshot = raw === null && storage === null ? snapshot : readProcessingState(parsed, now());
    }
    const expired = expirePending(snapshot, now());
    if (expired !== snapshot) write(expired);
    return snapshot;
  };

  const syncTimer = () => {
    const polling = snapshot.status === 'pending' && listeners.size > 0;
    if (polling && timer === null) {
      timer = every(() => {
        const before = snapshot;
        if (get() !== before) notify();
      }, POLL_INTERVAL_MS);
    } else if (!polling && timer !== null) {
      stop(timer as never);
      timer = null;
    }
  };

  function notify() {
    syncTimer();
    listeners.forEach((listener) => listener());
  }

  return {
    get,
    start(source) {
      const startTime = now();
      write(pending(startTime, source));
      return startTime;
    },
    settle(startTime, outcome) {
      const next = settle(get(), startTime, outcome);
      if (next !== snapshot) write(next);
    },
    clear() {
      write(IDLE);
    },
    subscribe(listener) {
      listeners.add(listener);
      get();
      syncTimer();
      return () => {
        listeners.delete(listener);
        syncTimer();
      };
    },
  };
}
