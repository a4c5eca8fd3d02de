import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/errors';
import { startPgliteThread, type PgliteThread } from './pglite-thread';

const dirs: string[] = [];
const threads: PgliteThread[] = [];
afterAll(async () => {
  for (const t of threads) await t.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function onDisk(onRestart?: (reason: Error) => void) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-thread-'));
  dirs.push(dir);
  const thread = await startPgliteThread({ dataDir: path.join(dir, 'pglite') }, { onRestart });
  threads.push(thread);
  return thread;
}

// Each test starts PostgreSQL in a thread on a fresh directory (an initdb) and then again after
// the stop: two starts of the embedded database, which on a busy 2-core machine running the rest
// of the suite took over 30 s. What is asserted is behaviour, not time.
describe('the embedded database thread', { timeout: 120_000 }, () => {
  it('starts again on its directory after it stops, keeping what was committed', async () => {
    const reasons: Error[] = [];
    const db = await onDisk((r) => reasons.push(r));
    await db.exec('create table t (n int)');
    await db.query('insert into t values ($1)', [1]);
    const first = db.worker;

    const stopped = first.terminate();
    const inFlight = db.query('select pg_sleep(0.2)');
    await stopped;
    const err = await inFlight.then(
      () => null,
      (e: unknown) => e,
    );
    // The call that was running when the thread stopped fails as "database unavailable" (503).
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(true);

    const { rows } = await db.query<{ n: number }>('select n from t');
    expect(rows).toEqual([{ n: 1 }]);
    expect(db.worker).not.toBe(first);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]!.message).toMatch(/the database thread stopped/);
  });

  it('a transaction open in a thread that stopped fails whole, and nothing of it is kept', async () => {
    const db = await onDisk();
    await db.exec('create table t (n int)');
    const result = db.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      await db.worker.terminate();
      await tx.query('insert into t values (2)');
    });
    await expect(result).rejects.toThrow(/the database thread stopped/);
    const { rows } = await db.query('select n from t');
    expect(rows).toEqual([]);
    // and the restarted thread takes new transactions
    await db.transaction(async (tx) => {
      await tx.query('insert into t values (3)');
    });
    expect((await db.query('select n from t')).rows).toEqual([{ n: 3 }]);
  });

  it('an in-memory database is not started again: its data went with the thread', async () => {
    const db = await startPgliteThread({});
    threads.push(db);
    await db.exec('create table t (n int)');
    await db.worker.terminate();
    await expect(db.query('select n from t')).rejects.toThrow(/the database thread stopped/);
  });
});
