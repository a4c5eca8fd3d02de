import { useEffect, useRef } from 'react';

// One EventSource per stream address, shared by every component that watches it (a bill's detail
// and its links dialog open one connection, not two: a browser allows only six per site over
// HTTP/1.1). Each event, and each (re)connection, tells the watchers to refetch what they show;
// the browser resumes a dropped stream with Last-Event-ID by itself. Whenever the stream is not
// open (no EventSource, refused by the server, or failing to connect while the browser retries),
// the watchers are told every POLL_MS instead; a refused stream is tried again every REOPEN_MS.

/** How often to refetch while streaming fails. */
export const POLL_MS = 5000;

/** How long a refused stream (404, 401, 503: closed for good by the browser) waits to reopen. */
export const REOPEN_MS = 30_000;

/** Events closer together than this are told once (a burst of picks is one refetch). */
const GATHER_MS = 150;

interface Shared {
  url: string;
  source: EventSource | null;
  watchers: Set<() => void>;
  poll: ReturnType<typeof setInterval> | null;
  pending: ReturnType<typeof setTimeout> | null;
  reopen: ReturnType<typeof setTimeout> | null;
}

const streams = new Map<string, Shared>();

function tell(shared: Shared) {
  shared.pending ??= setTimeout(() => {
    shared.pending = null;
    for (const w of shared.watchers) w();
  }, GATHER_MS);
}

function startPolling(shared: Shared) {
  shared.poll ??= setInterval(() => tell(shared), POLL_MS);
}

function stopPolling(shared: Shared) {
  if (shared.poll) clearInterval(shared.poll);
  shared.poll = null;
}

function connect(shared: Shared) {
  const source = new EventSource(shared.url);
  shared.source = source;
  // On every connection: what happened before this stream began is read by the refetch.
  source.onopen = () => {
    stopPolling(shared);
    tell(shared);
  };
  source.onmessage = () => tell(shared);
  source.onerror = () => {
    // CONNECTING: the browser tries again by itself; until it is back, poll. CLOSED: refused
    // (404, 401, 503): poll, and try the stream again later.
    startPolling(shared);
    if (source.readyState === EventSource.CLOSED && shared.source === source) {
      shared.source = null;
      shared.reopen ??= setTimeout(() => {
        shared.reopen = null;
        if (shared.watchers.size) connect(shared);
      }, REOPEN_MS);
    }
  };
}

function open(url: string): Shared {
  const shared: Shared = {
    url,
    source: null,
    watchers: new Set(),
    poll: null,
    pending: null,
    reopen: null,
  };
  if (typeof EventSource === 'undefined') startPolling(shared);
  else connect(shared);
  return shared;
}

/**
 * Calls `onChange` whenever the stream at `url` carries an event (or reconnects), or every
 * POLL_MS while it cannot be had. Returns the function that stops watching.
 */
export function watchLiveEvents(url: string, onChange: () => void): () => void {
  const shared = streams.get(url) ?? open(url);
  streams.set(url, shared);
  const watcher = () => onChange();
  shared.watchers.add(watcher);
  return () => {
    shared.watchers.delete(watcher);
    if (shared.watchers.size) return;
    shared.source?.close();
    stopPolling(shared);
    if (shared.pending) clearTimeout(shared.pending);
    if (shared.reopen) clearTimeout(shared.reopen);
    streams.delete(url);
  };
}

/**
 * Calls `onChange` whenever the stream at `url` carries an event (or reconnects), or every few
 * seconds where streaming fails; nothing while `url` is null.
 */
export function useLiveEvents(url: string | null, onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!url) return;
    return watchLiveEvents(url, () => latest.current());
  }, [url]);
}
