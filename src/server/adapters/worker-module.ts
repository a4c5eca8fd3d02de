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
