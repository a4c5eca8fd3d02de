import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { useEffect, useState } from 'react';

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
  return {
    async put(entry) {
      await backend.set(prefix + entry.id, entry);
      changed();
    },
    async remove(id) {
      await backend.del(prefix + id);
      changed();
    },
    async list(userId) {
      const all = await backend.entries();
      return all
        .filter(([key]) => key.startsWith(prefix))
        .map(([, value]) => value)
        .filter(isEntry)
        .filter((entry) => entry.userId === userId)
        .sort((a, b) => a.createdAt - b.createdAt);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A user's entries in a collection, kept current; empty until the first read answers. */
export function useKeptEntries<T extends KeptEntry>(
  collection: DeviceCollection<T>,
  userId: string | null | undefined,
): T[] {
  const [kept, setKept] = useState<{ userId: string; entries: T[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () =>
      collection.list(userId).then(
        (entries) => live && setKept({ userId, entries }),
        // Storage that cannot be read holds nothing we could show.
        () => live && setKept({ userId, entries: [] }),
      );
    void read();
    const unsubscribe = collection.subscribe(() => void read());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [collection, userId]);
  return kept && kept.userId === userId ? kept.entries : [];
}
