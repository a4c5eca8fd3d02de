import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { EMBEDDED_TEMPLATE, MIGRATIONS_FOLDER } from '../paths';
import { acquireDirLock, type DirLock } from './dir-lock';
import { startPgliteThread, type PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle every repo takes: the same API on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'embedded' | 'postgres';

/** Counts the statements sent through Drizzle (tests hold queries per request; bench/api prints it). */
export interface QueryCounter {
  count: number;
}

/** Drizzle's logger hook, used only to count: it sees every statement the app's handle sends. */
function countingLogger(counter: QueryCounter) {
  return {
    logQuery() {
      counter.count++;
    },
  };
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Statements sent through `db` so far. */
  queries: QueryCounter;
  /** The PostgreSQL server's pool (not the embedded database): for stores that share state. */
  pool?: pg.Pool;
  /**
   * Listens on a NOTIFY channel: `onNotify` gets each payload, after the sender's commit. On
   * PostgreSQL this opens one connection of its own, opened again if it drops: `onResync` is
   * called once it listens again, since what was sent meanwhile is lost.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onResync?(): void;
}

export class DatabaseStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartError';
  }
}

/**
 * Opens (creating if needed) the embedded database in `dataDir/pglite`, guarded by a lock file.
 * A new directory is unpacked from the build's template when there is one: PGlite's own initdb
 * takes 4-8 s on this machine, unpacking about 1.5 s. Migrations still run after either.
 */
export async function openEmbedded(
  dataDir: string,
  template = EMBEDDED_TEMPLATE,
): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: DirLock = acquireDirLock(path.join(dataDir, 'fairshare.lock'), dataDir);
  try {
    const pgDir = path.join(dataDir, 'pglite');
    const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
    const loadDataDir = fresh && fs.existsSync(template) ? template : undefined;
    if (fresh) fs.rmSync(pgDir, { recursive: true, force: true });
    // In its own thread, so HTTP is answered while queries run (db/pglite-thread.ts).
    const client = await startPgliteThread(
      { dataDir: pgDir, loadDataDir },
      {
        onRestart: (reason) =>
          process.emitWarning(
            `${reason.message}; starting it again on ${pgDir}`,
            'DatabaseWarning',
          ),
      },
    );
    return fromPglite(client, async () => {
      await client.close();
      lock.release();
    });
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Wraps an already-open PGlite (a test clone, an in-memory instance), or one in its own thread. */
export function fromPglite(
  client: PGlite | PgliteThread,
  close: () => Promise<void> = () => client.close(),
): Database {
  const queries: QueryCounter = { count: 0 };
  const db = drizzlePglite({
    client: client as PGlite,
    schema,
    logger: countingLogger(queries),
  }) as unknown as Db;
  return {
    db,
    kind: 'embedded',
    queries,
    close,
    // One process holds the embedded database (the lock file): its notifications stay in it.
    async listen(channel, handlers) {
      const stop = await client.listen(channel, handlers.onNotify);
      return { close: () => stop() };
    },
  };
}

/** Connects to a PostgreSQL server; fails with a message naming DATABASE_URL when it cannot. */
export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // A server that is down answers 503 within 5 s (http/errors.ts), not after a long wait.
    connectionTimeoutMillis: 4000,
    keepAlive: true,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => {});
    const reason =
      err instanceof Error ? err.message || (err as NodeJS.ErrnoException).code : String(err);
    throw new DatabaseStartError(`DATABASE_URL: cannot connect to ${describeUrl(url)} (${reason})`);
  }
  const queries: QueryCounter = { count: 0 };
  const db = drizzleNodePg({
    client: pool,
    schema,
    logger: countingLogger(queries),
  }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    queries,
    close: () => pool.end(),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
  };
}

/** The wait before listening again after the listening connection dropped, growing to 5 s. */
const RELISTEN_MS = [100, 500, 1000, 2000, 5000];

/** LISTEN on a connection of its own (not the pool's), opened again whenever it drops. */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.Client | null = null;
  let failures = 0;
  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 4000,
    });
    c.on('notification', (m) => {
      if (m.channel === channel) handlers.onNotify(m.payload ?? '');
    });
    c.on('error', () => {}); // followed by 'end', which listens again
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    c.once('end', () => {
      if (client === c) client = null;
      if (!closed) void again();
    });
    client = c;
    failures = 0;
  };
  const again = async () => {
    while (!closed && !client) {
      await new Promise((r) =>
        setTimeout(r, RELISTEN_MS[Math.min(failures, RELISTEN_MS.length - 1)]),
      );
      failures++;
      if (closed) return;
      try {
        await connect();
        handlers.onResync?.();
      } catch {
        // tried again after the next wait
      }
    }
  };
  await connect();
  return {
    async close() {
      closed = true;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/** Applies the committed SQL migrations; on PostgreSQL under an advisory lock so two starts do not race. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'embedded') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  await database.db.execute(sql`select pg_advisory_lock(727274)`);
  try {
    await migrateNodePg(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(727274)`);
  }
}

export interface MigrationLevel {
  applied: number;
  available: number;
  latest: string | null;
}

/** How many of the committed migrations this database has. */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const result = (await db.execute(
    sql`select hash from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { hash: string }[];
  };
  const applied = new Set(result.rows.map((r) => r.hash));
  const count = files.filter((f) => applied.has(f.hash)).length;
  return {
    applied: count,
    available: files.length,
    latest: journal.entries[count - 1]?.tag ?? null,
  };
}
