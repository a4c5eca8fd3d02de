import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Methods that change nothing: never checked. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused';

export const crossSite = () => new AppError(403, 'cross_site_request', CROSS_SITE_MESSAGE);

export interface OriginCheckOptions {
  /** Origins the app's pages are served from: PUBLIC_URL's and TRUSTED_ORIGINS. */
  trusted: readonly string[];
  /** Paths that take a POST from another site by design, with the one origin each may come from. */
  crossSitePosts?: Readonly<Record<string, string>>;
  /** Paths exempt from the check: they are authenticated by other means (a webhook's signature). */
  exempt?: readonly string[];
}

function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Where a request says it comes from: its Origin, else its Referer's origin. `undefined` when it
 * names neither (not a browser: every browser in use sends Origin on a POST, PUT, PATCH or DELETE);
 * `null` when what it names is not an origin ('Origin: null' from a sandboxed frame or a data: URL).
 */
export function claimedOrigin(req: FastifyRequest): string | null | undefined {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') return originOf(origin);
  const referer = req.headers.referer;
  if (typeof referer === 'string' && referer !== '') return originOf(referer);
  return undefined;
}

/**
 * Refuses state-changing requests sent by pages of other sites (cross-site request forgery), before
 * any session is read or any body validated. The session cookie is SameSite=Lax, which stops other
 * sites' POSTs carrying it; this stops what Lax lets through (a sibling subdomain is the same site)
 * and what a browser without SameSite would send. A request with a bearer token is exempt: another
 * site's page cannot set that header without a CORS preflight, which this server never grants.
 */
export function registerOriginCheck(app: FastifyInstance, opts: OriginCheckOptions) {
  const trusted = new Set(opts.trusted);
  const exempt = new Set(opts.exempt ?? []);
  const crossSitePosts = new Map(Object.entries(opts.crossSitePosts ?? {}));
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method)) return;
    const path = req.url.split('?')[0] ?? '';
    if (exempt.has(path)) return;
    const authorization = req.headers.authorization;
    if (typeof authorization === 'string' && /^bearer\s/i.test(authorization)) return;
    const claimed = claimedOrigin(req);
    if (claimed === undefined) {
      // Neither header: a script or a tool, not a page; unless the browser's own Fetch Metadata
      // says the request crossed sites (a browser that stripped both headers).
      const site = req.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') throw crossSite();
      return;
    }
    if (claimed !== null && trusted.has(claimed)) return;
    if (claimed !== null && req.method === 'POST' && crossSitePosts.get(path) === claimed) return;
    throw crossSite();
  });
}
