import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME = '#0f766e';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // The service worker is our own code (src/web/sw.ts); the plugin builds it to /sw.js, writes
    // the list of built files into it, and writes the web manifest. The page registers it itself
    // (src/web/pwa/register.ts), after the first paint.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Icons for the home screen only: the worker has no use for them offline.
        globIgnores: ['icons/apple-touch-icon.png', 'icons/icon-512.png', 'icons/maskable-512.png'],
        rollupFormat: 'iife',
      },
      manifest: {
        id: '/',
        name: 'Fairshare',
        short_name: 'Fairshare',
        description: 'Split bills with friends effortlessly. Free bill splitting for UK users.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME,
        background_color: '#ffffff',
        categories: ['finance', 'food'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the app supports preloads modules itself; the polyfill would ride in every
    // route's first load.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
