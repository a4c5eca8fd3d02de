// The service worker's constants (payments-accounts.md §4, §7, §9), in one place for the page and
// the worker.

export const SW_URL = '/sw.js';

/** Messages the page sends the worker (§7). */
export const SKIP_WAITING = 'SKIP_WAITING';
export const GET_CACHE_SIZE = 'GET_CACHE_SIZE';
export type PageToWorkerMessage = { type: typeof SKIP_WAITING } | { type: typeof GET_CACHE_SIZE };
/** The worker's answer to GET_CACHE_SIZE: bytes held in its caches. */
export interface CacheSizeReply {
  cacheSize: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const MB = 1024 * 1024;

/** §9: look for a new version 10 s after start, then every 30 minutes, and when the tab shows. */
export const FIRST_UPDATE_CHECK_MS = 10 * SECOND;
export const UPDATE_CHECK_INTERVAL_MS = 30 * MINUTE;
/** §9: measure the caches 5 s after start, then every 5 minutes. */
export const FIRST_CACHE_SIZE_CHECK_MS = 5 * SECOND;
export const CACHE_SIZE_CHECK_INTERVAL_MS = 5 * MINUTE;
/** §9: the caches may hold 50 MB; above 45 MB a warning is logged. */
export const CACHE_LIMIT_BYTES = 50 * MB;
export const CACHE_WARNING_BYTES = 45 * MB;
/** §8, §9: a failed registration is tried again after 5 s (a few times, then left until the next start). */
export const REGISTRATION_RETRY_MS = 5 * SECOND;
export const REGISTRATION_ATTEMPTS = 4;
