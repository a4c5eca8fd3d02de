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
  close(): Promise<void>;
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

/** Starts PGlite in its own thread: on `dataDir`, else in memory; a new one from `loadDataDir`. */
export async function startPgliteThread(data: PgliteWorkerData): Promise<PgliteThread> {
  const { filename, execArgv } = workerModule(
    new URL('./pglite-worker.js', import.meta.url),
    new URL('./pglite-worker.ts', import.meta.url),
  );
  const worker = filename.endsWith('.ts')
    ? new Worker(throughTsx(filename), { eval: true, workerData: data, execArgv })
    : new Worker(filename, { workerData: data, execArgv });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let nextTx = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(errorOf(reply.error));
  });
  const failAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) =>
    failAll(new Error(`the database thread stopped (exit code ${code})`)),
  );

  function call(
    req: Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never,
  ): Promise<unknown> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...req, id });
    });
  }

  const queryOn =
    (tx?: number): PgliteThread['query'] =>
    (sql, params, opts) =>
      call({ op: 'query', tx, sql, params, opts: optsOf(opts) }) as never;
  const execOn = (tx?: number) => (sql: string) =>
    call({ op: 'exec', tx, sql }) as Promise<unknown[]>;

  await ready;

  return {
    query: queryOn(),
    exec: execOn(),
    async transaction(fn) {
      const tx = nextTx++;
      await call({ op: 'begin', tx });
      let rolledBack = false;
      const handle: PgliteThreadTx = {
        query: queryOn(tx),
        exec: execOn(tx),
        async rollback() {
          rolledBack = true;
          await call({ op: 'rollback', tx });
        },
      };
      try {
        const result = await fn(handle);
        if (!rolledBack) await call({ op: 'commit', tx });
        return result;
      } catch (err) {
        if (!rolledBack) await call({ op: 'rollback', tx }).catch(() => {});
        throw err;
      }
    },
    async close() {
      if (!failure) await call({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}
