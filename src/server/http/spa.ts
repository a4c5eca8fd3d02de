import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type SendIndex = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built SPA from `webRoot`: hashed assets cached for a year, everything else revalidated.
 * Returns the function that answers a client route with index.html (null when there is no build).
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
  const indexHtml = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex: SendIndex = (reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', (_req, reply) => sendIndex(reply));
  return sendIndex;
}
