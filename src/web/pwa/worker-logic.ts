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
