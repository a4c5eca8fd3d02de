// The embedded database's own thread (db/pglite-thread.ts, decision 013): PGlite runs its queries
// here, so the HTTP thread keeps reading connections and answering while a query runs.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';

export interface PgliteWorkerData {
  /** PGlite's directory; undefined for an in-memory database. */
  dataDir?: string;
  /** A dump (tar.gz) to start a new database from. */
  loadDataDir?: string;
}

export type Request =
  | { id: number; op: 'query'; tx?: number; sql: string; params?: unknown[]; opts?: QueryOpts }
  | { id: number; op: 'exec'; tx?: number; sql: string }
  | { id: number; op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** PGlite's query options, without functions: `rawTypes` are read as text (drizzle's parsers). */
export interface QueryOpts {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
}

export type Reply =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  /** A NOTIFY on a channel listened to, delivered by PGlite at the sender's commit. */
  | { id: -1; notify: { channel: string; payload: string } };

const data = workerData as PgliteWorkerData;
const port = parentPort!;

const db = await PGlite.create({
  ...(data.dataDir ? { dataDir: data.dataDir } : {}),
  ...(data.loadDataDir ? { loadDataDir: new Blob([fs.readFileSync(data.loadDataDir)]) } : {}),
});

interface OpenTx {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<void>;
}
const open = new Map<number, OpenTx>();
const listening = new Map<string, () => Promise<void>>();

const identity = (v: string) => v;
function optionsOf(opts: QueryOpts | undefined) {
  if (!opts) return undefined;
  const parsers = Object.fromEntries((opts.rawTypes ?? []).map((t) => [t, identity]));
  return { rowMode: opts.rowMode, parsers };
}

/** An error as plain data: its message, name, stack and PostgreSQL's fields (code, detail, ...). */
function plain(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error' };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err))
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  out.message = err.message;
  out.name = err.name;
  out.stack = err.stack;
  return out;
}

function target(tx: number | undefined) {
  if (tx === undefined) return db;
  const t = open.get(tx);
  if (!t) throw new Error(`transaction ${tx} is not open`);
  return t.tx;
}

async function handle(m: Request): Promise<unknown> {
  switch (m.op) {
    case 'query': {
      const r = await target(m.tx).query(m.sql, m.params, optionsOf(m.opts));
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec':
      return (await target(m.tx).exec(m.sql)).map((r) => ({
        rows: r.rows,
        fields: r.fields,
        affectedRows: r.affectedRows,
      }));
    case 'begin':
      return new Promise<void>((begun, failed) => {
        let finish!: (commit: boolean) => void;
        const decided = new Promise<boolean>((r) => (finish = r));
        // PGlite holds every other query back until this transaction ends.
        const done = db
          .transaction(async (tx) => {
            open.set(m.tx, { tx, finish, done });
            begun();
            if (!(await decided)) await tx.rollback();
          })
          .then(() => undefined)
          .finally(() => open.delete(m.tx));
        done.catch(failed);
      });
    case 'commit':
    case 'rollback': {
      const t = open.get(m.tx);
      if (!t) throw new Error(`transaction ${m.tx} is not open`);
      t.finish(m.op === 'commit');
      await t.done;
      return undefined;
    }
    case 'listen':
      if (!listening.has(m.channel)) {
        const channel = m.channel;
        listening.set(
          channel,
          await db.listen(channel, (payload) =>
            port.postMessage({ id: -1, notify: { channel, payload } } satisfies Reply),
          ),
        );
      }
      return undefined;
    case 'unlisten':
      await listening.get(m.channel)?.();
      listening.delete(m.channel);
      return undefined;
    case 'close':
      await db.close();
      return undefined;
  }
}

port.on('message', (m: Request) => {
  handle(m).then(
    (value) => port.postMessage({ id: m.id, ok: true, value } satisfies Reply),
    (err: unknown) => port.postMessage({ id: m.id, ok: false, error: plain(err) } satisfies Reply),
  );
});
port.postMessage({ id: 0, ok: true } satisfies Reply);
