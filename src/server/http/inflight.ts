import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no handler is running (or after `timeoutMs`), for a clean shutdown. */
    whenIdle(timeoutMs: number): Promise<void>;
  }
  interface FastifyRequest {
    countedInFlight?: boolean;
  }
}

/**
 * Counts requests whose handlers are still running. Fastify's close() returns once every socket is
 * closed, but a handler whose client went away keeps running (onResponse never fires for it) and
 * would find the database closed under it. onSend fires for every reply, aborted or not.
 */
export function trackInFlight(app: FastifyInstance) {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  app.addHook('onRequest', async (req) => {
    req.countedInFlight = true;
    inFlight++;
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.countedInFlight) {
      req.countedInFlight = false;
      inFlight--;
      if (inFlight === 0) waiters.splice(0).forEach((w) => w());
    }
    return payload;
  });
  app.decorate('whenIdle', (timeoutMs: number) => {
    if (inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waiters = waiters.filter((w) => w !== done);
        resolve();
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      waiters.push(done);
    });
  });
}
