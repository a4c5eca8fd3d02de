/**
 * A short-lived, in-process memory of the sessions better-auth has just confirmed (decision 013).
 *
 * Checking a session costs better-auth two queries, its endpoint context and an HMAC of the signed
 * cookie: more than half of a small request's CPU. A request carrying exactly the same session
 * credentials (the session cookie, or the bearer header) as one confirmed in the last few seconds is
 * let through as that user without asking again.
 *
 * - Sign-out, revocation, a password change or reset (any POST to better-auth other than signing in
 *   or up) empties this process's memory at once: the next request is checked against the database.
 *   A generation counter keeps a check that started before the change from storing its answer after.
 * - Another process (WEB_CONCURRENCY workers, another server) learns of a revocation within
 *   `ttlMs`: its memory forgets every session that old.
 * - Only confirmed sessions are remembered, never a refusal; an entry never outlives its session.
 */
export interface SessionCacheOptions {
  /** How long a confirmed session is remembered; 0 turns the memory off. */
  ttlMs?: number;
  /** At most this many sessions are remembered; the oldest is forgotten first. */
  maxEntries?: number;
  now?: () => number;
}

export const SESSION_CACHE_TTL_MS = 5000;

interface Entry {
  userId: string;
  until: number;
}

export function createSessionCache(opts: SessionCacheOptions = {}) {
  const ttlMs = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();
  let generation = 0;

  return {
    ttlMs,
    /** Read before a check starts; hand it back to `remember`. */
    get generation() {
      return generation;
    },
    /** The user of a session confirmed within the last `ttlMs`, if any. */
    lookup(key: string): string | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.userId;
    },
    /** Remembers a session better-auth confirmed, unless the memory was emptied since `gen`. */
    remember(key: string, userId: string, expiresAt: Date, gen: number) {
      if (ttlMs <= 0 || gen !== generation) return;
      const until = Math.min(now() + ttlMs, expiresAt.getTime());
      if (until <= now()) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.delete(key);
      entries.set(key, { userId, until });
    },
    /** Forgets every session: called after anything that may have ended one. */
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

// better-auth's session cookie, with the __Secure- prefix under https.
const SESSION_COOKIE = /(?:^|;)\s*((?:__Secure-)?better-auth\.session_token=[^;]*)/g;

/**
 * What identifies a request's session: its session cookie(s) and its Authorization header, exactly
 * as sent; null when it carries neither (nobody is signed in).
 */
export function sessionKeyOf(headers: {
  cookie?: string | undefined;
  authorization?: string | undefined;
}): string | null {
  const cookie = headers.cookie;
  let key = '';
  if (cookie && cookie.includes('session_token=')) {
    for (const m of cookie.matchAll(SESSION_COOKIE)) key += `${m[1]};`;
  }
  const authz = headers.authorization;
  if (authz) key += `|${authz}`;
  return key || null;
}
