/// <reference lib="webworker" />
// Fairshare's service worker, built by vite-plugin-pwa (injectManifest) to /sw.js. It keeps the
// app shell (every built file) so that the app opens offline, and answers the page's messages
// (payments-accounts.md §7). It never stores an API answer or a payment page: those always go to
// the network (worker-logic.ts). It shows the creator's push messages ("Sam paid you ...") and
// opens the bill when one is tapped.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { GET_CACHE_SIZE, SKIP_WAITING, type CacheSizeReply } from './pwa/constants';
import { cacheSize, notificationOfPush, pageOfThisSite, servesShell } from './pwa/worker-logic';

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

// A push message from Fairshare's server (modules/notifications): shown as a notification.
self.addEventListener('push', (event) => {
  const shown = event.data ? notificationOfPush(event.data.text(), self.location.origin) : null;
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

// Tapped: the app's page it names, in a window of the app already open if there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path =
    (typeof data?.url === 'string' && pageOfThisSite(data.url, self.location.origin)) || '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // navigate() works only on a window this worker controls; otherwise a new one opens.
      const moved = open ? await open.navigate(target).catch(() => null) : null;
      if (moved) {
        await moved.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
