import { useSyncExternalStore } from 'react';

// Whether the browser says it has a connection (navigator.onLine, with its online and offline
// events). "Online" can still mean a network that does not reach us, so callers also treat a
// failed request as offline; "offline" is reliable.

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
