import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { billEventSchema, lastEventIdSchema, type BillEvent } from '../../../contracts/live';
import { AppError } from '../../http/errors';
import type { LiveBus, Subscription } from './bus';

export interface LiveStreamOptions {
  /** A comment line this often keeps proxies and phones from closing an idle stream. */
  heartbeatMs: number;
  /** What the browser waits before reconnecting after a drop. */
  retryMs: number;
  /** A client that reads slower than events come: past this many bytes unread, it is dropped. */
  maxBufferedBytes: number;
}

export const DEFAULT_LIVE_STREAM_OPTIONS: LiveStreamOptions = {
  heartbeatMs: 15_000,
  retryMs: 3_000,
  maxBufferedBytes: 1024 * 1024,
};

/** Route options every event stream needs: the compressor would hold events back to fill blocks. */
export const eventStreamRouteOptions = { compress: false } as const;

/** The last event a reconnecting client has: `Last-Event-ID`, or `?lastEventId=` for a first connection. */
export function lastEventIdOf(req: FastifyRequest): number | null {
  const header = req.headers['last-event-id'];
  const query = (req.query as Record<string, unknown> | undefined)?.lastEventId;
  const raw = typeof header === 'string' && header !== '' ? header : query;
  if (raw === undefined || raw === '') return null;
  const parsed = lastEventIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Each event's frame, written once however many streams send it (one event, 500 streams). */
const frames = new WeakMap<BillEvent, string>();
function frame(e: BillEvent): string {
  let text = frames.get(e);
  if (text === undefined) {
    text = `id: ${e.id}\ndata: ${JSON.stringify(billEventSchema.parse(e))}\n\n`;
    frames.set(e, text);
  }
  return text;
}

/**
 * The `text/event-stream` of bill events, for any route that has already decided who may watch
 * which bill (the creator's, a payer's, a friend's join link): `streams.send(req, reply, billId)`.
 * Each event goes out with its `id:`; a client that comes back with `Last-Event-ID` gets what it
 * missed from the log, then the live ones, with no gap and no repeat. Streams end when the client
 * goes, and all of them when the server closes (`closeAll`, in preClose).
 */
export function createLiveStreams(bus: LiveBus, options: Partial<LiveStreamOptions> = {}) {
  const opts = { ...DEFAULT_LIVE_STREAM_OPTIONS, ...options };
  const open = new Set<PassThrough>();
  let closing = false;

  return {
    /**
     * Answers `req` with the bill's events, those `keep` accepts (all by default). Resolves with
     * the reply once the stream is open; a database failure before that is thrown (503).
     */
    async send(
      req: FastifyRequest,
      reply: FastifyReply,
      billId: string,
      keep: (e: BillEvent) => boolean = () => true,
    ): Promise<FastifyReply> {
      const stream = new PassThrough();
      let subscription: Subscription | null = null;
      const end = () => {
        clearInterval(heartbeat);
        subscription?.close();
        subscription = null;
        open.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      const write = (text: string) => {
        if (stream.writableEnded) return;
        stream.write(text);
        // A client that stopped reading: dropped, and it resumes from its Last-Event-ID.
        if (stream.writableLength > opts.maxBufferedBytes) end();
      };
      const heartbeat = setInterval(() => write(': ping\n\n'), opts.heartbeatMs);
      heartbeat.unref();
      // Events delivered during the catch-up wait here until the stream is answered.
      write(`retry: ${opts.retryMs}\n\n`);
      try {
        subscription = await bus.subscribe(billId, lastEventIdOf(req), (events) => {
          const text = events.filter(keep).map(frame).join('');
          if (text) write(text);
        });
      } catch (err) {
        end();
        throw err;
      }
      if (closing) {
        end();
        throw new AppError(503, 'unavailable', 'The server is restarting: try again in a moment');
      }
      // The client went while its catch-up was read.
      if (reply.raw.destroyed || req.socket.destroyed) end();
      open.add(stream);
      reply.raw.once('close', end);
      stream.once('close', end);
      return reply
        .code(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },

    /** Streams open now. */
    get open() {
      return open.size;
    },

    /** Ends every stream: the server is going away (clients reconnect to another process). */
    closeAll() {
      closing = true;
      for (const s of [...open]) s.end();
      open.clear();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
