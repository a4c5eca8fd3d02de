import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { useCallback, useSyncExternalStore } from 'react';

// What the app keeps on the device while offline (a receipt photo to read, a bill to save), in
// IndexedDB so it survives closing the tab or the phone dropping it. One small key-value store;
// each kind of entry is a collection of its own, keyed `<kind>:<id>`, and each entry belongs to
// the user who made it (another account signing in on the device never sees or sends it).

export interface KeptEntry {
  id: string;
  userId: string;
  /** ms since the epoch: collections list oldest first. */
  createdAt: number;
}

/** The key-value operations a collection needs (IndexedDB in the app, a Map in unit tests). */
export interface KeyValueBackend {
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  entries(): Promise<[string, unknown][]>;
}

export function memoryBackend(): KeyValueBackend {
  const map = new Map<string, unknown>();
  return {
    set: async (key, value) => void map.set(key, value),
    del: async (key) => void map.delete(key),
    entries: async () => [...map.entries()],
  };
}

let idbStore: UseStore | null = null;
/**
 * IndexedDB through idb-keyval; memory when the browser has none (some private modes), so the
 * app still works for as long as the tab stays open.
 */
export function deviceBackend(): KeyValueBackend {
  if (typeof indexedDB === 'undefined') return memoryBackend();
  idbStore ??= createStore('fairshare-offline', 'kept');
  const store = idbStore;
  return {
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    entries: () => entries<string, unknown>(store),
  };
}

export interface DeviceCollection<T extends KeptEntry> {
  put(entry: T): Promise<void>;
  remove(id: string): Promise<void>;
  /** This user's entries, oldest first; entries that do not pass `isEntry` are left out. */
  list(userId: string): Promise<T[]>;
  /** Called after every change made through any collection of this kind, in any tab. */
  subscribe(listener: () => void): () => void;
  /** One user's entries kept current, shared by everyone watching them (`useKeptEntries`). */
  view(userId: string): KeptView<T>;
}

/**
 * A user's entries as the page shows them: read once for every screen that watches them, again
 * after every change, and, when a reading failed, again when the connection returns.
 */
export interface KeptView<T extends KeptEntry> {
  /** The entries, oldest first; null until the first read answers. The same array until a change. */
  get(): readonly T[] | null;
  /** Watches the entries; the first watcher starts the reading. */
  subscribe(listener: () => void): () => void;
  /** Reads the entries again if the last reading failed (as the view does itself back online). */
  refresh(): void;
}

export function deviceCollection<T extends KeptEntry>(
  kind: string,
  isEntry: (value: unknown) => value is T,
  backend: KeyValueBackend = deviceBackend(),
): DeviceCollection<T> {
  const prefix = `${kind}:`;
  const listeners = new Set<() => void>();
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`fairshare-${kind}`);
  const notifyHere = () => listeners.forEach((listener) => listener());
  channel?.addEventListener('message', notifyHere);
  const changed = () => {
    notifyHere();
    channel?.postMessage('changed');
  };
  const list = async (userId: string) => {
    const all = await backend.entries();
    return all
      .filter(([key]) => key.startsWith(prefix))
      .map(([, value]) => value)
      .filter(isEntry)
      .filter((entry) => entry.userId === userId)
      .sort((a, b) => a.createdAt - b.createdAt);
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const views = new Map<string, KeptView<T>>();
  return {
    async put(entry) {
      await backend.set(prefix + entry.id, entry);
      changed();
    },
    async remove(id) {
      await backend.del(prefix + id);
      changed();
    },
    list,
    subscribe,
    view(userId) {
      let view = views.get(userId);
      if (!view) views.set(userId, (view = keptView(() => list(userId), subscribe)));
      return view;
    },
  };
}

/**
 * A view over `list` (one user's entries), read again whenever `onChange` says the collection
 * changed, while anyone watches.
 */
function keptView<T extends KeptEntry>(
  list: () => Promise<T[]>,
  onChange: (listener: () => void) => () => void,
): KeptView<T> {
  let entries: readonly T[] | null = null;
  let latest = 0;
  let failed = false;
  const watchers = new Set<() => void>();
  let stop: (() => void) | null = null;
  const show = (next: readonly T[]) => {
    entries = next;
    watchers.forEach((watcher) => watcher());
  };
  const read = () => {
    const n = ++latest;
    list().then(
      (found) => {
        if (n !== latest) return;
        failed = false;
        show(found);
      },
      // Storage that cannot be read holds nothing we could show, until it is read again.
      () => {
        if (n !== latest) return;
        failed = true;
        show([]);
      },
    );
  };
  // Only a reading that failed is tried again when the connection returns: a new reading gives
  // new objects (a photo's Blob too), which would make every screen showing them start over.
  const readIfFailed = () => failed && read();
  return {
    get: () => entries,
    subscribe(watcher) {
      watchers.add(watcher);
      if (!stop) {
        const unsubscribe = onChange(read);
        const online = typeof window === 'undefined' ? null : window;
        online?.addEventListener('online', readIfFailed);
        stop = () => {
          unsubscribe();
          online?.removeEventListener('online', readIfFailed);
        };
        read();
      }
      return () => {
        watchers.delete(watcher);
        if (watchers.size > 0) return;
        stop?.();
        stop = null;
        // Changes are no longer read: the next watcher waits for a fresh reading.
        entries = null;
        latest++;
      };
    },
    refresh: () => void readIfFailed(),
  };
}

const NOTHING: readonly never[] = [];
const unwatched = () => () => {};

/** A user's entries in a collection, kept current; empty until the first read answers. */
export function useKeptEntries<T extends KeptEntry>(
  collection: DeviceCollection<T>,
  userId: string | null | undefined,
): readonly T[] {
  const view = userId ? collection.view(userId) : null;
  const subscribe = useCallback(
    (listener: () => void) => (view ? view.subscribe(listener) : unwatched()),
    [view],
  );
  return useSyncExternalStore(
    subscribe,
    () => view?.get() ?? NOTHING,
    () => NOTHING,
  );
}
