// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built web app,
// once, at the best settings, so the server sends them by Accept-Encoding without compressing
// anything per request (src/server/http/spa.ts). Images that are compressed already are left alone.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const ROOT = process.argv[2] ?? 'dist/web';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const started = performance.now();
let count = 0;
await Promise.all(
  [...files(ROOT)].map(async (file) => {
    const data = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    count++;
  }),
);
if (process.argv.includes('--verbose'))
  console.log(`compressed ${count} files in ${Math.round(performance.now() - started)} ms`);
