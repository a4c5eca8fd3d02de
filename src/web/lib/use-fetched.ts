import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { isOnline } from './use-online';

// A small read-and-write layer for the pages a friend opens without an account (the payer's and
// the join pages): their entry loads without TanStack Query, 10 KB gzip of their first load
// (docs/decisions/023). It keeps what those pages used of it: one fetch per key however many
// components read it, the answer kept while it is asked again, refetch on demand and on a live
// event, nothing asked while offline and errors asked again when the connection returns, no retry
// (the spec's default), and the same isPending / isError / isSuccess / isFetching states.

type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

interface Snapshot<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
}

interface Entry<T> {
  fetcher: Fetcher<T>;
  snapshot: Snapshot<T>;
  listeners: Set<() => void>;
  running: Promise<void> | null;
  /** Asked again while a fetch was under way: its answer may predate the change. */
  again: boolean;
  /** Asked while offline: runs when the connection returns. */
  waiting: boolean;
  /** Read early by the page's entry (`prefetch`), for the first screen that shows it. */
  prefetched: boolean;
}

const entries = new Map<string, Entry<unknown>>();

function entryFor<T>(key: string, fetcher: Fetcher<T>): Entry<T> {
  let entry = entries.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = {
      fetcher,
      snapshot: { status: 'pending', data: undefined, error: null, isFetching: false },
      listeners: new Set(),
      running: null,
      again: false,
      waiting: false,
      prefetched: false,
    };
    entries.set(key, entry as Entry<unknown>);
  }
  entry.fetcher = fetcher;
  return entry;
}

function update<T>(entry: Entry<T>, change: Partial<Snapshot<T>>) {
  entry.snapshot = { ...entry.snapshot, ...change };
  for (const listener of entry.listeners) listener();
}

function run<T>(entry: Entry<T>): Promise<void> {
  if (entry.running) {
    entry.again = true;
    return entry.running;
  }
  if (!isOnline()) {
    entry.waiting = true;
    return Promise.resolve();
  }
  entry.waiting = false;
  update(entry, { isFetching: true });
  const controller = new AbortController();
  entry.running = entry
    .fetcher(controller.signal)
    .then(
      (data) => update(entry, { status: 'success', data, error: null, isFetching: false }),
      (err: unknown) =>
        update(entry, {
          status: 'error',
          error: err instanceof Error ? err : new Error(String(err)),
          isFetching: false,
        }),
    )
    .finally(() => {
      entry.running = null;
      if (entry.again) {
        entry.again = false;
        void run(entry);
      }
    });
  return entry.running;
}

if (typeof window !== 'undefined')
  window.addEventListener('online', () => {
    // What waited for the network, and what failed for want of it, is asked again by itself.
    for (const entry of entries.values())
      if (entry.listeners.size && (entry.waiting || entry.snapshot.status === 'error'))
        void run(entry);
  });

/**
 * A screen starts showing `entry`: it is asked for, unless a fetch is under way or the page's early
 * read (`prefetch`) has just answered it. Only the first screen takes that answer as it is: any
 * later one asks again.
 */
function askOnMount<T>(entry: Entry<T>) {
  const early = entry.prefetched;
  entry.prefetched = false;
  if (entry.running || (early && entry.snapshot.status === 'success')) return;
  void run(entry);
}

/**
 * Asks again for what `key` holds, where a screen shows it (a live event said it changed); the
 * promise settles when the answer is in.
 */
export function refetchFetched(key: string): Promise<void> {
  const entry = entries.get(key);
  return entry?.listeners.size ? run(entry) : Promise.resolve();
}

/** Starts fetching `key` before any screen asks for it (the page's own data, beside its scripts). */
export function prefetch<T>(key: string, fetcher: Fetcher<T>): void {
  const entry = entryFor(key, fetcher);
  if (entry.snapshot.status === 'pending' && !entry.running) {
    entry.prefetched = true;
    void run(entry);
  }
}

/**
 * Watches `key` as a screen does (the hook's subscription, outside React): `listener` hears every
 * change. Returns the function that stops watching.
 */
export function watchFetched<T>(key: string, fetcher: Fetcher<T>, listener: () => void) {
  const entry = entryFor(key, fetcher);
  entry.listeners.add(listener);
  askOnMount(entry);
  return {
    snapshot: () => entry.snapshot,
    stop: () => {
      entry.listeners.delete(listener);
    },
  };
}

/** Forgets every answer (tests). */
export function clearFetched(): void {
  entries.clear();
}

type Common = { isFetching: boolean; refetch: () => Promise<void> };
export type Fetched<T> = Common &
  (
    | {
        status: 'pending';
        isPending: true;
        isError: false;
        isSuccess: false;
        data: undefined;
        error: null;
      }
    | {
        status: 'error';
        isPending: false;
        isError: true;
        isSuccess: false;
        data: T | undefined;
        error: Error;
      }
    | { status: 'success'; isPending: false; isError: false; isSuccess: true; data: T; error: null }
  );

const IDLE: Snapshot<never> = {
  status: 'pending',
  data: undefined,
  error: null,
  isFetching: false,
};

/**
 * What the server answers for `key`, fetched when a component first shows it and kept current
 * while shown: asked on every mount (never served stale), and again by `refetch` or
 * `refetchFetched`. A null key asks nothing and stays pending.
 */
export function useFetched<T>(key: string | null, fetcher: Fetcher<T>): Fetched<T> {
  const entry = key ? entryFor(key, fetcher) : null;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!entry) return () => undefined;
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
      };
    },
    [entry],
  );
  const snapshot = useSyncExternalStore(subscribe, () => (entry?.snapshot ?? IDLE) as Snapshot<T>);
  // A fetch already under way (the page's prefetch, another reader) answers this mount too, and
  // so does the prefetch's answer if it came first: the page asks once at start, not twice.
  useEffect(() => {
    if (entry) askOnMount(entry);
  }, [entry]);
  const refetch = useCallback(() => (entry ? run(entry) : Promise.resolve()), [entry]);
  return {
    ...snapshot,
    isPending: snapshot.status === 'pending',
    isError: snapshot.status === 'error',
    isSuccess: snapshot.status === 'success',
    refetch,
  } as Fetched<T>;
}

type ActionState<R> =
  | { status: 'idle'; data: undefined; error: null }
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: R; error: null }
  | { status: 'error'; data: undefined; error: Error };

/**
 * A write (POST, PUT): its state for the screen, `mutateAsync` to await its answer, `mutate` with
 * callbacks. No retry: the user asks again.
 */
export function useAction<A, R>(action: (arg: A) => Promise<R>) {
  const [state, setState] = useState<ActionState<R>>({
    status: 'idle',
    data: undefined,
    error: null,
  });
  const mutateAsync = async (arg: A): Promise<R> => {
    setState({ status: 'pending', data: undefined, error: null });
    try {
      const data = await action(arg);
      setState({ status: 'success', data, error: null });
      return data;
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      setState({ status: 'error', data: undefined, error });
      throw error;
    }
  };
  const mutate = (
    arg: A,
    on: { onSuccess?: (data: R) => void; onError?: (error: Error) => void } = {},
  ) => {
    mutateAsync(arg).then(on.onSuccess, (err: Error) => on.onError?.(err));
  };
  return { ...state, isPending: state.status === 'pending', mutate, mutateAsync };
}
