import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { describe, expect, it } from 'vitest';
import { reportPoolErrors } from './worker-module';

describe('reportPoolErrors', () => {
  it("reports a pool's failure outside any task as a warning rather than ending the process", async () => {
    const pool = new Piscina<number, string>({
      filename: fileURLToPath(new URL('../testing/fixtures/sleeps.mjs', import.meta.url)),
      maxThreads: 1,
      closeTimeout: 50,
    });
    reportPoolErrors(pool, 'test threads');
    const task = pool.run(2_000).catch((err: unknown) => err);
    const warned = once(process, 'warning');
    // A close that outlasts its timeout is an 'error' event of the pool, no task's: unheard, it
    // would end the process.
    await pool.close();
    const [warning] = (await warned) as [Error];
    expect(warning.name).toBe('ThreadPoolWarning');
    expect(warning.message).toBe('test threads: Close operation timed out');
    expect(await task).toMatchObject({ message: 'Terminating worker thread' });
  });
});
