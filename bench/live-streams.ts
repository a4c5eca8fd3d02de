// bench/live's stream reader, a process of its own (started by bench/live.ts): it holds every
// event stream and reads them, so that reading 500 streams never delays the picks the bench sends
// or the time it takes of their answers. It times each event's arrival on the same clock as the
// sender (performance.timeOrigin + performance.now(), wall-clock based in every process).
//
// Messages (IPC): in { open: StreamSpec[] } -> out { opened: true };
// in { finish: { sentAt, expected, waitMs } } -> out { result: StreamsResult }.
import http from 'node:http';

export interface StreamSpec {
  port: number;
  path: string;
  cookie: string;
}

export interface StreamsResult {
  /** Every event's time from its pick's request to its arrival, ms, sorted. */
  latencies: number[];
  /** Events each stream should have had and did not. */
  lost: number;
  /** Events out of order or repeated (a stream's ids are not 1 apart). */
  problems: string[];
  /** Pick events with no request they answer (a friend's event beyond their picks sent). */
  unmatched: number;
  delivered: number;
  firstIds: number[];
  /** CPU this reader used while the picks were sent, s. */
  cpuSeconds: number;
}

const now = () => performance.timeOrigin + performance.now();

interface Stream {
  ids: number[];
  problems: string[];
  /** Arrival times of pick events, by friend. */
  arrivals: Map<string, number[]>;
  req: http.ClientRequest;
}

const PARTICIPANT = '"participantId":"';

/** A lean text/event-stream reader: an event's id and friend found without parsing its JSON. */
function openStream(spec: StreamSpec): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: '127.0.0.1',
      port: spec.port,
      path: spec.path,
      headers: { ...(spec.cookie ? { cookie: spec.cookie } : {}), accept: 'text/event-stream' },
      agent: false,
    });
    const stream: Stream = { ids: [], problems: [], arrivals: new Map(), req };
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('id: ')) continue;
          const nl = block.indexOf('\n');
          const id = Number(block.slice(4, nl));
          const data = block.slice(nl + 1);
          if (!data.startsWith(`data: {"id":${id},`))
            stream.problems.push(`id line ${id} for ${data.slice(0, 40)}`);
          const last = stream.ids.at(-1);
          if (last !== undefined && id !== last + 1)
            stream.problems.push(`event ${id} after ${last}`);
          stream.ids.push(id);
          const p = data.indexOf(PARTICIPANT);
          if (p === -1 || !data.includes('"type":"pick"')) continue;
          const from = p + PARTICIPANT.length;
          const participantId = data.slice(from, data.indexOf('"', from));
          let list = stream.arrivals.get(participantId);
          if (!list) stream.arrivals.set(participantId, (list = []));
          list.push(at);
        }
      });
      resolve(stream);
    });
  });
}

const streams: Stream[] = [];
let cpuAtOpen: NodeJS.CpuUsage | undefined;

async function finish(sentAt: Record<string, number[]>, expected: number, waitMs: number) {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline && streams.some((s) => s.ids.length < expected))
    await new Promise((r) => setTimeout(r, 50));
  const cpu = process.cpuUsage(cpuAtOpen);
  const latencies: number[] = [];
  let unmatched = 0;
  for (const s of streams) {
    for (const [participantId, arrivals] of s.arrivals) {
      const sent = sentAt[participantId] ?? [];
      // A friend's n-th pick event answers their n-th request (a second apart, committed in order).
      arrivals.forEach((at, n) => {
        const from = sent[n];
        if (from === undefined) unmatched++;
        else latencies.push(at - from);
      });
    }
    s.req.destroy();
  }
  latencies.sort((a, b) => a - b);
  const result: StreamsResult = {
    latencies,
    lost: streams.reduce((n, s) => n + Math.max(0, expected - s.ids.length), 0),
    problems: streams.flatMap((s) => s.problems),
    unmatched,
    delivered: streams.reduce((n, s) => n + s.ids.length, 0),
    firstIds: [...new Set(streams.map((s) => s.ids[0] ?? 0))],
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
  return result;
}

process.on(
  'message',
  (
    msg:
      | { open: StreamSpec[] }
      | { finish: { sentAt: Record<string, number[]>; expected: number; waitMs: number } },
  ) => {
    if ('open' in msg) {
      void (async () => {
        // One after another, as phones come: 500 at once would only measure the accept queue.
        for (const spec of msg.open) streams.push(await openStream(spec));
        cpuAtOpen = process.cpuUsage();
        process.send!({ opened: true });
      })().catch((err: Error) => {
        process.send!({ error: err.message });
      });
    } else {
      void finish(msg.finish.sentAt, msg.finish.expected, msg.finish.waitMs).then((result) => {
        process.send!({ result }, () => process.exit(0));
      });
    }
  },
);
