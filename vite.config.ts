import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = path.resolve('dist/web');
const MAPS_DIR = path.resolve('dist/web-maps');

/**
 * Source maps are made for us, not published: 'hidden' leaves no sourceMappingURL in the bundles,
 * and this moves the .map files out of the served folder into dist/web-maps/ after the build.
 */
function keepSourceMapsPrivate(): Plugin {
  return {
    name: 'fairshare:keep-source-maps-private',
    apply: 'build',
    closeBundle() {
      fs.rmSync(MAPS_DIR, { recursive: true, force: true });
      for (const entry of fs.readdirSync(OUT_DIR, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
        const from = path.join(entry.parentPath, entry.name);
        const to = path.join(MAPS_DIR, path.relative(OUT_DIR, from));
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.renameSync(from, to);
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), keepSourceMapsPrivate()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
