import type { FastifyInstance } from 'fastify';

/** How long a connection idle when the server closes is kept for one more request. */
export const DRAIN_GRACE_MS = 1000;

/**
 * A clean close (main.ts on SIGTERM): the server stops taking connections and answers every request
 * it has started, on every connection it has accepted; each connection closes after its answer.
 *
 * Node's server.close() (and Fastify's `forceCloseConnections: 'idle'`) drops the connections idle
 * at that moment, but a client may have written its next request on one just before: that request
 * is lost with a reset (2 saves of 100 busy connections). Answers started before the close went
 * out keep-alive, and requests arriving after it got a 503. Instead (both options off in app.ts):
 * - every answer sent from now on says `Connection: close` (Fastify adds it to requests that begin
 *   after the close; this hook to those already running), so Node ends the connection after it;
 * - a request arriving on an open connection is answered as usual, not refused with a 503;
 * - a connection still idle `graceMs` after the close, with nothing read from it, is closed
 *   (checked after the event loop's poll phase, so bytes that have arrived are read first), and
 *   again every `graceMs` (a live stream ended by the close leaves its connection idle).
 */
export function drainOnClose(app: FastifyInstance, graceMs = DRAIN_GRACE_MS) {
  let draining = false;
  app.addHook('onSend', async (req, reply, payload) => {
    if (draining && req.raw.httpVersionMajor === 1 && !reply.raw.headersSent)
      reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => {
    draining = true;
    const server = app.server;
    if (!server.listening) return;
    const closeIdle = server.closeIdleConnections.bind(server);
    // server.close() calls this at once: held back for the grace, then run by the sweep.
    server.closeIdleConnections = () => {};
    const sweep = setInterval(() => setImmediate(closeIdle), graceMs);
    server.once('close', () => clearInterval(sweep));
  });
}
