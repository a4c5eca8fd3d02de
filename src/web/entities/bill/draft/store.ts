import { DRAFT_STORAGE_KEY } from './draft-key';
import { parseStoredDraft, type StoredDraft } from './schema';

// The one store of the bill being made: one session storage key, one value checked by zod on the
// way in (schema.ts), a small get/update/subscribe API for React's useSyncExternalStore. Session
// storage because the bill belongs to this tab until it is saved: a reload or the phone dropping
// the tab loses nothing, and two tabs never share (or fight over) one draft.

export { DRAFT_STORAGE_KEY };

/**
 * The keys the bill was spread over before this store; any still in a tab is removed on the first
 * read. Their shapes (amounts as typed text) are not read: a draft under them is dropped.
 */
export const OLD_DRAFT_KEYS = [
  'fairshare.splitEditor',
  'fairshare.parkedDraft',
  'fairshare.summary',
  'fairshare.summaryClientKey',
  'fairshare.participantNames',
  'fairshare.receiptProcessing',
] as const;

/** Session storage, or anything shaped like it (tests pass a Map-backed one). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface DraftStore {
  /** The stored draft; the same object while nothing changed, as useSyncExternalStore needs. */
  get(): StoredDraft;
  /** Replaces the draft with `change(draft)` (unchanged when it returns the same object). */
  update(change: (draft: StoredDraft) => StoredDraft): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The draft over a storage. Storage that throws (private modes, full, disabled) or is missing costs
 * persistence only: the draft then lives in memory for this page.
 */
export function createDraftStore(storage: KeyValueStorage | null): DraftStore {
  const listeners = new Set<() => void>();
  let snapshot: StoredDraft | null = null;
  let snapshotRaw: string | null = null;

  const readRaw = (): string | null => {
    try {
      return storage?.getItem(DRAFT_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  };

  const dropOldKeys = () => {
    for (const key of OLD_DRAFT_KEYS) {
      try {
        storage?.removeItem(key);
      } catch {
        // nothing stored that could be read back either
      }
    }
  };

  const get = (): StoredDraft => {
    if (snapshot === null) dropOldKeys();
    const raw = readRaw();
    // Storage that cannot be read keeps the draft in memory rather than forgetting it.
    if (snapshot === null || raw !== snapshotRaw) {
      snapshotRaw = raw;
      snapshot = parseStoredDraft(raw);
    }
    return snapshot;
  };

  return {
    get,
    update(change) {
      const current = get();
      const next = change(current);
      if (next === current) return;
      const raw = JSON.stringify(next);
      try {
        storage?.setItem(DRAFT_STORAGE_KEY, raw);
      } catch {
        // see above: the draft simply does not survive a reload
      }
      snapshot = next;
      snapshotRaw = readRaw();
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The page's one draft, in this tab's session storage. */
export const draftStore = createDraftStore(sessionStorageOrNull());
