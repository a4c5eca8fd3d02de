// Bundles the server's own TypeScript into dist/server/main.js (packages stay external), so a start
// is plain Node: no TypeScript compiling while the user waits.
import { build } from 'esbuild';

const started = performance.now();
await build({
  // Worker threads are their own entries, beside main.js: the OCR worker, the HEIC decoder and the
  // embedded database.
  entryPoints: {
    main: 'src/server/main.ts',
    'ocr-worker': 'src/server/adapters/ocr/worker.ts',
    'heic-worker': 'src/server/adapters/image/heic-worker.ts',
    'pglite-worker': 'src/server/db/pglite-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
if (process.argv.includes('--verbose')) {
  console.log(`server bundled in ${Math.round(performance.now() - started)} ms`);
}
