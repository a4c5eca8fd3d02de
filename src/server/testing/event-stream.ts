import http from 'node:http';
import { billEventSchema, type BillEvent } from '../../contracts/live';

/** An open `text/event-stream` as a test (or bench/live) reads it: the events so far, in order. */
export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: BillEvent[];
  /** Comment lines (heartbeats) seen. */
  comments: number;
  /** Everything the stream sent, as sent (to check what it never shows). */
  raw: string;
  /** Called with each event as it arrives. */
  onEvent?: (e: BillEvent) => void;
  /** Resolves once `n` events have arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<BillEvent[]>;
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `url` (http://127.0.0.1:port/...) as an EventSource would, with `headers` (a cookie, a
 * Last-Event-ID). Resolves once the answer's head arrived; a non-200 answer's body is in `body`.
 */
export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<EventStreamClient & { body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent });
    req.on('error', reject);
    req.on('response', (res) => {
      let buffer = '';
      const waiters: { n: number; done: () => void }[] = [];
      let endedResolve!: () => void;
      const client: EventStreamClient & { body: string } = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: 0,
        raw: '',
        body: '',
        waitFor(n, timeoutMs = 10_000) {
          if (client.events.length >= n) return Promise.resolve(client.events);
          return new Promise((ok, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`${client.events.length} of ${n} events in ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.push({
              n,
              done: () => {
                clearTimeout(timer);
                ok(client.events);
              },
            });
          });
        },
        ended: new Promise((r) => (endedResolve = r)),
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (client.status !== 200) {
          client.body += chunk;
          return;
        }
        client.raw += chunk;
        buffer += chunk;
        let at;
        while ((at = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (block.startsWith(':')) client.comments++;
          if (!data) continue;
          const event = billEventSchema.parse(JSON.parse(data));
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (Number(id) !== event.id) throw new Error(`id line ${id} for event ${event.id}`);
          client.events.push(event);
          client.onEvent?.(event);
        }
        for (const w of waiters.filter((w) => client.events.length >= w.n)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.done();
        }
      });
      res.on('close', () => endedResolve());
      res.on('error', () => endedResolve());
      resolve(client);
    });
  });
}
