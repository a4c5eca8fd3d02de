// Bundles the server's own TypeScript into dist/server/main.js (packages stay external), so a start
// is plain Node: no TypeScript compiling while the user waits.
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
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
