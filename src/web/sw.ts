/// <reference lib="webworker" />
// Fairshare's service worker, built by vite-plugin-pwa (injectManifest) to /sw.js. It keeps the
// app shell (every built file) so that the app opens offline, and answers the page's messages
// (payments-accounts.md §7). It never stores an API answer or a payment page: those always go to
// the network (worker-logic.ts).
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { GET_CACHE_SIZE, SKIP_WAITING, type CacheSizeReply } from './pwa/constants';
import { cacheSize, servesShell } from './pwa/worker-logic';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The list of built files is written in here by the build (with a revision for each).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the same shell; the router in the page picks the screen.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && servesShell(url, self.location.origin),
  createHandlerBoundToURL('/index.html'),
);

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING) {
    // The page saw this version installed while an older one controls it: take over now; the
    // page reloads once when control changes.
    void self.skipWaiting();
  } else if (type === GET_CACHE_SIZE) {
    event.waitUntil(
      cacheSize(self.caches).then((size) => {
        const reply: CacheSizeReply = { cacheSize: size };
        if (event.ports[0]) event.ports[0].postMessage(reply);
        else (event.source as Client | null)?.postMessage(reply);
      }),
    );
  }
});
