// Where to go after signing in: the page that was asked for, carried as /auth?next=<path>. Only a
// path of this site is ever followed; anything that could leave it (an open redirect: '//evil.com',
// '/\evil.com', 'https://evil.com', 'javascript:...') is dropped, and the app goes home instead.

export const RETURN_PARAM = 'next';

const BASE = 'https://fairshare.invalid';
const MAX_LENGTH = 2000;

/**
 * The same-site path (with its query and hash) `raw` names, or null when it is not one to follow:
 * not a path starting with one '/', holding a backslash or a control character, or pointing back
 * into sign-in itself.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read '\' as '/' in a URL ('/\evil.com' is '//evil.com'); no path of ours has one.
  if (/[\\\p{Cc}]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `to` with `?next=<path>` when there is a path worth coming back to (home is where one lands). */
export function withReturnPath(to: string, path: string | null): string {
  const safe = safeReturnPath(path);
  if (!safe || safe === '/') return to;
  const joiner = to.includes('?') ? '&' : '?';
  return `${to}${joiner}${RETURN_PARAM}=${encodeURIComponent(safe)}`;
}

/** The path carried in a query string's `next`, if it is one to follow. */
export function returnPathOf(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}
