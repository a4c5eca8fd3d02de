import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a worker thread's module is: the built file beside the server bundle (dist/server/*.js,
 * see scripts/build-server.mjs) when there is one, else its TypeScript source, run through tsx.
 * Both URLs are relative to the caller's `import.meta.url`.
 */
export function workerModule(built: URL, source: URL): { filename: string; execArgv: string[] } {
  if (built.protocol === 'file:' && fs.existsSync(fileURLToPath(built))) {
    return { filename: fileURLToPath(built), execArgv: [] };
  }
  return { filename: fileURLToPath(source), execArgv: ['--import', 'tsx'] };
}

/**
 * A thread pool's own failures, those of no task (a thread that throws between tasks, a close that
 * times out), reach it as 'error' events, and an 'error' no one listens to ends the process: every
 * scan and request under way with it. They are reported as process warnings (stderr) instead; the
 * pool starts a new thread for the next task.
 */
export function reportPoolErrors(pool: EventEmitter, name: string): void {
  pool.on('error', (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.emitWarning(`${name}: ${message}`, 'ThreadPoolWarning');
  });
}
