import { useEffect, useRef } from 'react';

// One EventSource per stream address, shared by every component that watches it (a bill's detail
// and its links dialog open one connection, not two: a browser allows only six per site over
// HTTP/1.1). Each event, and each (re)connection, tells the watchers to refetch what they show;
// the browser resumes a dropped stream with Last-Event-ID by itself. Where the stream cannot be
// had (no EventSource, or the server refused it), the watchers are told every POLL_MS instead.

/** How often to refetch when streaming fails. */
export const POLL_MS = 5000;

/** Events closer together than this are told once (a burst of picks is one refetch). */
const GATHER_MS = 150;

interface Shared {
  source: EventSource | null;
  watchers: Set<() => void>;
  poll: ReturnType<typeof setInterval> | null;
  pending: ReturnType<typeof setTimeout> | null;
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

function open(url: string): Shared {
  const shared: Shared = { source: null, watchers: new Set(), poll: null, pending: null };
  if (typeof EventSource === 'undefined') {
    startPolling(shared);
    return shared;
  }
  const source = new EventSource(url);
  shared.source = source;
  // On every connection: what happened before this stream began is read by the refetch.
  source.onopen = () => {
    if (shared.poll) clearInterval(shared.poll);
    shared.poll = null;
    tell(shared);
  };
  source.onmessage = () => tell(shared);
  source.onerror = () => {
    // CONNECTING: the browser tries again by itself. CLOSED: refused (404, 401, 503): poll.
    if (source.readyState === EventSource.CLOSED) startPolling(shared);
  };
  return shared;
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
    const shared = streams.get(url) ?? open(url);
    streams.set(url, shared);
    const watcher = () => latest.current();
    shared.watchers.add(watcher);
    return () => {
      shared.watchers.delete(watcher);
      if (shared.watchers.size) return;
      shared.source?.close();
      if (shared.poll) clearInterval(shared.poll);
      if (shared.pending) clearTimeout(shared.pending);
      streams.delete(url);
    };
  }, [url]);
}
