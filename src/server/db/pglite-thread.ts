import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerModule } from '../adapters/worker-module';
import type { PgliteWorkerData, QueryOpts, Reply, Request } from './pglite-worker';

/**
 * The embedded database in a worker thread (decision 013). PGlite runs each query synchronously in
 * its thread, about 1-10 ms for the API's reads: on the HTTP thread nothing else (not even reading a
 * new connection) happens meanwhile. This object stands in for PGlite where Drizzle uses it
 * (`query` and `transaction`); PGlite, in its thread, still runs one query at a time and holds every
 * other query back while a transaction is open, exactly as it does on the main thread.
 */
export interface PgliteThread {
  query<T = unknown>(
    sql: string,
    params?: unknown[],
    opts?: { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> },
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown[]>;
  transaction<T>(fn: (tx: PgliteThreadTx) => Promise<T>): Promise<T>;
  /** PGlite's LISTEN: `onNotify` gets each payload sent on `channel`, after the sender's commit. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The thread running PGlite now (a test stops it to see the next call start a new one). */
  readonly worker: Worker;
}

export type PgliteThreadTx = Pick<PgliteThread, 'query' | 'exec'> & {
  rollback(): Promise<void>;
};

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** Drizzle passes parsers that keep some types as text; the thread is told which. */
function optsOf(opts?: { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> }) {
  if (!opts) return undefined;
  const out: QueryOpts = {};
  if (opts.rowMode) out.rowMode = opts.rowMode;
  if (opts.parsers) out.rawTypes = Object.keys(opts.parsers).map(Number);
  return out;
}

function errorOf(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message ?? 'database error'));
  Object.assign(err, data);
  if (typeof data.stack === 'string') err.stack = data.stack;
  return err;
}

/**
 * A worker's code that loads a TypeScript module (in tests and under tsx, before a build): it
 * registers tsx's hooks in the thread first; `--import tsx` in execArgv does not reach it.
 */
function throughTsx(filename: string): string {
  const tsx = path.join(
    path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/esm/api/index.mjs',
  );
  const api = JSON.stringify(pathToFileURL(tsx).href);
  const entry = JSON.stringify(pathToFileURL(filename).href);
  return `import(${api}).then((tsx) => { tsx.register(); return import(${entry}); })`;
}

/** Why the thread went away, as PostgreSQL's crash_shutdown: the API answers 503 (http/errors.ts). */
function threadStopped(detail: string): Error {
  return Object.assign(new Error(`the database thread stopped (${detail})`), { code: '57P02' });
}

/** One worker thread running PGlite, with its own queue of calls waiting for an answer. */
function spawnThread(data: PgliteWorkerData, onNotify: (channel: string, payload: string) => void) {
  const { filename, execArgv } = workerModule(
    new URL('./pglite-worker.js', import.meta.url),
    new URL('./pglite-worker.ts', import.meta.url),
  );
  const worker = filename.endsWith('.ts')
    ? new Worker(throughTsx(filename), { eval: true, workerData: data, execArgv })
    : new Worker(filename, { workerData: data, execArgv });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  const state = { failure: null as Error | null };

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: Reply) => {
    if ('notify' in reply) return onNotify(reply.notify.channel, reply.notify.payload);
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(errorOf(reply.error));
  });
  const failAll = (err: Error) => {
    state.failure ??= err;
    for (const p of pending.values()) p.reject(state.failure);
    pending.clear();
  };
  worker.on('error', (err) => failAll(threadStopped(err.message)));
  worker.on('exit', (code) => failAll(threadStopped(`exit code ${code}`)));

  function call(req: CallRequest): Promise<unknown> {
    if (state.failure) return Promise.reject(state.failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...req, id });
    });
  }
  return { worker, ready, call, state };
}

type CallRequest = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** The least time between two restarts of a thread that keeps dying. */
const RESTART_GAP_MS = 1000;

/**
 * Starts PGlite in its own thread: on `dataDir`, else in memory; a new one from `loadDataDir`.
 * A thread on a directory that stops unexpectedly (PGlite aborted, out of memory) fails the calls
 * in flight and any transaction open in it (answered 503), and the next call starts a new thread on
 * the same directory: PostgreSQL's own recovery replays what was committed. An in-memory database
 * is not restarted (its data went with the thread).
 */
export async function startPgliteThread(
  data: PgliteWorkerData,
  opts: { onRestart?: (reason: Error) => void } = {},
): Promise<PgliteThread> {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const notify = (channel: string, payload: string) => {
    for (const l of listeners.get(channel) ?? []) l(payload);
  };
  let current = spawnThread(data, notify);
  let restarting: Promise<void> | null = null;
  let lastRestart = 0;
  let closed = false;
  let nextTx = 1;
  /** Transactions are numbered per thread: one begun in a thread that died is never found again. */
  const txThread = new Map<number, ReturnType<typeof spawnThread>>();

  await current.ready;

  async function restart(reason: Error) {
    const wait = lastRestart + RESTART_GAP_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastRestart = Date.now();
    opts.onRestart?.(reason);
    const next = spawnThread({ dataDir: data.dataDir }, notify);
    try {
      await next.ready;
      for (const channel of listeners.keys()) await next.call({ op: 'listen', channel });
      current = next;
    } catch (err) {
      void next.worker.terminate();
      throw err;
    }
  }

  async function call(req: CallRequest): Promise<unknown> {
    const failure = current.state.failure;
    if (failure && !closed && data.dataDir) {
      restarting ??= restart(failure).finally(() => (restarting = null));
      await restarting;
    }
    return current.call(req);
  }
  /** A call inside a transaction goes to the thread it began in, even after a restart. */
  const callIn = (tx: number | undefined) => (req: CallRequest) => {
    if (tx === undefined) return call(req);
    const thread = txThread.get(tx);
    return thread ? thread.call(req) : Promise.reject(threadStopped('transaction lost'));
  };

  const queryOn =
    (tx?: number): PgliteThread['query'] =>
    (sql, params, opts) =>
      callIn(tx)({ op: 'query', tx, sql, params, opts: optsOf(opts) }) as never;
  const execOn = (tx?: number) => (sql: string) =>
    callIn(tx)({ op: 'exec', tx, sql }) as Promise<unknown[]>;

  return {
    query: queryOn(),
    exec: execOn(),
    async transaction(fn) {
      const tx = nextTx++;
      await call({ op: 'begin', tx });
      txThread.set(tx, current);
      let rolledBack = false;
      const handle: PgliteThreadTx = {
        query: queryOn(tx),
        exec: execOn(tx),
        async rollback() {
          rolledBack = true;
          await callIn(tx)({ op: 'rollback', tx });
        },
      };
      try {
        const result = await fn(handle);
        if (!rolledBack) await callIn(tx)({ op: 'commit', tx });
        return result;
      } catch (err) {
        if (!rolledBack) await callIn(tx)({ op: 'rollback', tx }).catch(() => {});
        throw err;
      } finally {
        txThread.delete(tx);
      }
    },
    async listen(channel, onNotify) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(onNotify);
      await call({ op: 'listen', channel });
      return async () => {
        set.delete(onNotify);
        if (set.size || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await call({ op: 'unlisten', channel }).catch(() => {});
      };
    },
    get worker() {
      return current.worker;
    },
    async close() {
      closed = true;
      await restarting?.catch(() => {});
      if (!current.state.failure) await current.call({ op: 'close' }).catch(() => {});
      await current.worker.terminate();
    },
  };
}
