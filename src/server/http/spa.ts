import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFriendPage, isPaymentPage } from '../../contracts/pages';

export type SendIndex = (req: FastifyRequest, reply: FastifyReply) => FastifyReply;

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send, from a request's Accept-Encoding and the encodings we hold: brotli, then
 * gzip, then none. A coding listed with q=0 is refused; `*` stands for any coding not listed.
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  for (const coding of ['br', 'gzip'] as const)
    if (available.includes(coding) && accepts(coding)) return coding;
  return 'identity';
}

/** A built HTML page, as is and in each encoding the build wrote beside it. */
function readPage(file: string): Partial<Record<Encoding, Buffer>> {
  const page: Partial<Record<Encoding, Buffer>> = { identity: fs.readFileSync(file) };
  for (const [coding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (fs.existsSync(file + ext)) page[coding] = fs.readFileSync(file + ext);
  }
  return page;
}

/**
 * Serves the built SPA from `webRoot`: the brotli or gzip file the build made beside each asset
 * (by Accept-Encoding), hashed assets cached for a year as immutable, everything else (index.html,
 * sw.js, the manifest) revalidated on every use, and payment pages never stored at all. Returns the
 * function that answers a client route with index.html, or friend.html for the pages a friend opens
 * without an account (null when there is no build).
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string,
): Promise<SendIndex | null> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webRoot }, 'web build not found: run `npm run build` to serve the app');
    return null;
  }
  const index = readPage(indexFile);
  // The pages a friend opens without an account have an entry of their own (a build without one
  // answers them with the whole app).
  const friendFile = path.join(webRoot, 'friend.html');
  const friend = fs.existsSync(friendFile) ? readPage(friendFile) : index;

  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex: SendIndex = (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const page = isFriendPage(pathname) ? friend : index;
    const coding = pickEncoding(req.headers['accept-encoding'], Object.keys(page) as Encoding[]);
    reply
      .header('cache-control', isPaymentPage(pathname) ? 'no-store' : 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (coding !== 'identity') reply.header('content-encoding', coding);
    return reply.send(page[coding]);
  };
  app.get('/', (req, reply) => sendIndex(req, reply));
  return sendIndex;
}
