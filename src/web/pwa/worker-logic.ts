import { isPaymentPage } from '../../contracts/pages';

// The service worker's decisions, kept apart from the worker itself (sw.ts) so they can be tested.

/**
 * Whether a navigation is answered with the precached app shell (so the app opens offline).
 * Payment pages always go to the network (never a stored page, payments-accounts.md §7); so do
 * /api/ navigations (sign-out, OAuth callbacks) and anything that is not a page of this origin.
 */
export function servesShell(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return false;
  return !isPaymentPage(url.pathname);
}

/** The parts of CacheStorage the size count needs. */
export interface CacheStorageLike {
  keys(): Promise<string[]>;
  open(name: string): Promise<{
    keys(): Promise<readonly Request[]>;
    match(request: Request): Promise<Response | undefined>;
  }>;
}

/** Bytes held in every cache of this origin (GET_CACHE_SIZE, payments-accounts.md §7). */
export async function cacheSize(storage: CacheStorageLike): Promise<number> {
  let total = 0;
  for (const name of await storage.keys()) {
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response) total += (await response.clone().arrayBuffer()).byteLength;
    }
  }
  return total;
}

/** What a push message from Fairshare asks the worker to show (contracts/notifications.ts). */
export interface ShownNotification {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; data: { url: string } };
}

/**
 * The notification for a push message's JSON text: its title and words, and the page of this
 * site that tapping it opens. Anything else (not JSON, a missing field, a link elsewhere) shows
 * nothing.
 */
export function notificationOfPush(text: string, origin: string): ShownNotification | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  const path = typeof url === 'string' ? pageOfThisSite(url, origin) : null;
  if (!title || !path) return null;
  return {
    title,
    options: {
      body,
      tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: path },
    },
  };
}

/** A path of this site ("/bill/1?x=y"), or null for anything that would leave it. */
export function pageOfThisSite(url: string, origin: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const parsed = new URL(url, origin);
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
}
