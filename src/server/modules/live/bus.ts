import type { FastifyBaseLogger } from 'fastify';
import type { BillEvent } from '../../../contracts/live';
import type { Database } from '../../db/client';
import { BILL_EVENTS_CHANNEL, createLiveRepo } from './repo';

/** Events read from the log at once; a longer catch-up reads page after page. */
const PAGE = 500;
/** After a failed read (the database away), the next try. */
const RETRY_MS = 1000;

interface Subscriber {
  /** The number of the last event this subscriber has (or needs nothing up to). */
  last: number;
  /** While its catch-up is read: the live events that arrived meanwhile, delivered after it. */
  held: BillEvent[] | null;
  deliver(events: BillEvent[]): void;
}

interface BillChannel {
  subs: Set<Subscriber>;
  reading: boolean;
  /** A notification came while a read was running: read again after it. */
  again: boolean;
  /** The least number a notification since the last read named, minus one. */
  floor: number;
  retry?: NodeJS.Timeout;
}

export interface Subscription {
  close(): void;
}

/**
 * The process's end of the bill event log (decision 017). One LISTEN per process, opened at the
 * first subscription; a notification names a bill and an event number, and the bill's channel then
 * reads the log after what its subscribers have, once for all of them, and hands each subscriber
 * only events after its own last one. The log, not the notification, is what is delivered: a
 * notification lost (a dropped listening connection) or repeated changes nothing but timing.
 */
export function createLiveBus(database: Database, log?: FastifyBaseLogger) {
  const repo = createLiveRepo(database.db);
  const channels = new Map<string, BillChannel>();
  let listening: Promise<{ close(): Promise<void> }> | null = null;
  let closed = false;

  function ensureListening() {
    listening ??= database
      .listen(BILL_EVENTS_CHANNEL, {
        onNotify,
        // Notifications sent while the connection was down are lost: read every watched bill.
        onResync: () => {
          for (const [billId, ch] of channels) {
            ch.floor = Math.min(ch.floor, ...[...ch.subs].map((s) => s.last));
            void read(billId, ch);
          }
        },
      })
      .catch((err: unknown) => {
        listening = null;
        throw err;
      });
    return listening;
  }

  function onNotify(payload: string) {
    const at = payload.lastIndexOf(':');
    const billId = payload.slice(0, at);
    const seq = Number(payload.slice(at + 1));
    const ch = channels.get(billId);
    if (!ch || !Number.isInteger(seq)) return;
    // Every subscriber has it already (their catch-up read it): nothing to read.
    if ([...ch.subs].every((s) => s.held === null && s.last >= seq)) return;
    ch.floor = Math.min(ch.floor, seq - 1);
    void read(billId, ch);
  }

  function handTo(sub: Subscriber, events: BillEvent[]) {
    if (sub.held) {
      sub.held.push(...events);
      return;
    }
    const fresh = events.filter((e) => e.id > sub.last);
    if (!fresh.length) return;
    sub.last = fresh.at(-1)!.id;
    sub.deliver(fresh);
  }

  /** Reads the bill's log after the least any subscriber has, and hands it out: one at a time. */
  async function read(billId: string, ch: BillChannel) {
    if (ch.reading) {
      ch.again = true;
      return;
    }
    ch.reading = true;
    let from = Infinity;
    try {
      do {
        ch.again = false;
        if (!ch.subs.size || closed) break;
        // Subscribers still reading their catch-up need only what commits after it: what the
        // notifications since the last read name (`floor`).
        from = Math.min(
          ch.floor,
          ...[...ch.subs].filter((s) => s.held === null).map((s) => s.last),
        );
        ch.floor = Infinity;
        if (from === Infinity) continue;
        const events = await repo.eventsAfter(billId, from, PAGE);
        for (const sub of ch.subs) handTo(sub, events);
        if (events.length === PAGE) ch.again = true;
      } while (ch.again);
    } catch (err) {
      log?.warn({ err, billId }, 'could not read bill events; trying again');
      ch.floor = Math.min(ch.floor, from);
      clearTimeout(ch.retry);
      ch.retry = setTimeout(() => void read(billId, ch), RETRY_MS);
      ch.retry.unref();
    } finally {
      ch.reading = false;
    }
  }

  return {
    /**
     * Delivers the bill's events after `after` (null: after the last one now), then every new one
     * as it commits, in order, each once. Resolves once the catch-up has been delivered.
     */
    async subscribe(
      billId: string,
      after: number | null,
      deliver: (events: BillEvent[]) => void,
    ): Promise<Subscription> {
      if (closed) throw new Error('the live bus is closed');
      // Listening before the catch-up is read: an event committed after that read is notified.
      await ensureListening();
      const start = after ?? (await repo.lastSeq(billId));
      let ch = channels.get(billId);
      if (!ch) {
        ch = { subs: new Set(), reading: false, again: false, floor: Infinity };
        channels.set(billId, ch);
      }
      const channel = ch;
      const sub: Subscriber = { last: start, held: [], deliver };
      channel.subs.add(sub);
      const close = () => {
        channel.subs.delete(sub);
        if (!channel.subs.size && channels.get(billId) === channel) {
          clearTimeout(channel.retry);
          channels.delete(billId);
        }
      };
      try {
        // Registered first, read second: whatever commits from now on is either in this read or
        // held from a live read, and handTo drops what both have.
        for (;;) {
          const page = await repo.eventsAfter(billId, sub.last, PAGE);
          const held = sub.held!;
          sub.held = null;
          handTo(sub, page);
          sub.held = held;
          if (page.length < PAGE) break;
        }
        const held = sub.held!.sort((a, b) => a.id - b.id);
        sub.held = null;
        handTo(sub, held);
      } catch (err) {
        close();
        throw err;
      }
      return { close };
    },

    /** Subscribers per bill now (tests and the bench read it). */
    get watched() {
      let n = 0;
      for (const ch of channels.values()) n += ch.subs.size;
      return n;
    },

    async close() {
      closed = true;
      for (const ch of channels.values()) clearTimeout(ch.retry);
      channels.clear();
      const l = await listening?.catch(() => null);
      await l?.close();
    },
  };
}

export type LiveBus = ReturnType<typeof createLiveBus>;
