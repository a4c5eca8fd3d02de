import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
      // The whole app is built first, into an emptied folder; the friend pages after it, beside.
      if (this.environment.name === 'client') fs.rmSync(MAPS_DIR, { recursive: true, force: true });
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

/** `from` and everything it imports, directly or not; `imports` gives what one of them imports. */
function reachable(from: string, imports: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const next = [from];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    next.push(...imports(id));
  }
  return seen;
}

/** The modules both the payer's and the join screen import (statically), found once built. */
const payAndJoin = new Set<string>();

function findWhatPayAndJoinShare(): Plugin {
  const screen = (name: string) => path.resolve(`src/web/app/screens/${name}-screen.tsx`);
  return {
    name: 'fairshare:find-what-pay-and-join-share',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'friend',
    buildEnd() {
      const reach = (from: string) =>
        reachable(from, (id) => this.getModuleInfo(id)?.importedIds ?? []);
      const join = reach(screen('join'));
      payAndJoin.clear();
      for (const id of reach(screen('pay'))) if (join.has(id)) payAndJoin.add(id);
    },
  };
}

/**
 * What home's first load needs beyond the entry: the modules home and the signed-in user's
 * background work import (statically), less what the entry, the landing page or the sign-in page
 * import. Found once the whole app is built, and made one chunk rather than one per module.
 */
const homeFirstLoad = new Set<string>();

const LUCIDE_BARREL = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

function findWhatHomeLoads(): Plugin {
  const web = (file: string) => path.resolve('src/web', file);
  return {
    name: 'fairshare:find-what-home-loads',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      // lucide-react's index imports every icon: a module that imports one from it reaches the
      // icons it names, not the index's two thousand.
      const barrel = [...this.getModuleIds()].find((id) => LUCIDE_BARREL.test(id));
      const iconByName = new Map<string, string>();
      if (barrel) {
        const index = fs.readFileSync(barrel, 'utf8');
        for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '([^']+)'/g))
          for (const name of names!.split(','))
            iconByName.set(
              name.trim().replace(/^default as /, ''),
              path.resolve(path.dirname(barrel), file!),
            );
      }
      const iconsNamedIn = (id: string) =>
        [...fs.readFileSync(id, 'utf8').matchAll(/import \{([^}]*)\} from 'lucide-react'/g)]
          .flatMap(([, names]) => names!.split(','))
          .map((name) => iconByName.get(name.trim().split(/\s+as\s+/)[0]!))
          .filter((icon): icon is string => icon !== undefined);
      const reach = (from: string) =>
        reachable(from, (id) =>
          (this.getModuleInfo(id)?.importedIds ?? []).flatMap((imported) =>
            imported === barrel ? iconsNamedIn(id) : [imported],
          ),
        );
      const elsewhere = new Set([
        ...reach(web('main.tsx')),
        ...reach(web('app/screens/landing-screen.tsx')),
        ...reach(web('features/account/components/auth-screen.tsx')),
      ]);
      homeFirstLoad.clear();
      for (const from of ['app/screens/home-screen.tsx', 'app/signed-in-host.tsx'])
        for (const id of reach(web(from))) if (!elsewhere.has(id)) homeFirstLoad.add(id);
    },
    // The home chunk is for the signed-in: the entry, the landing page and the sign-in page must
    // not load it (it would be their first load too). Checked on what was built.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const starts = chunks.filter(
        (chunk) =>
          chunk.isEntry ||
          [
            web('app/screens/landing-screen.tsx'),
            web('features/account/components/auth-screen.tsx'),
          ].includes(chunk.facadeModuleId ?? ''),
      );
      for (const start of starts)
        for (const file of reachable(start.fileName, (f) => byName.get(f)?.imports ?? []))
          if (byName.get(file)?.name === 'home')
            throw new Error(`${start.fileName} loads the home chunk: see findWhatHomeLoads`);
    },
  };
}

/**
 * A page's style sheet and scripts, moved from its head into its <template id="app-assets">, which
 * the page's own script adds once its first frame is painted (src/web/friend.html): a friend's
 * first frame never waits for them. A page without that template keeps them in its head: index.html,
 * whose splash is painted with its own styles anyway (docs/decisions/023).
 */
function loadAssetsAfterFirstPaint(): Plugin {
  const TAG =
    /\s*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;
  const PLACE = '<template id="app-assets"></template>';
  return {
    name: 'fairshare:load-assets-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        if (!html.includes(PLACE)) return html;
        // The links first, so that the module script's imports are already on their way.
        const tags = (html.match(TAG) ?? [])
          .map((tag) => tag.trim())
          .sort((a, b) => Number(a.startsWith('<script')) - Number(b.startsWith('<script')));
        if (!tags.some((tag) => tag.startsWith('<script')))
          throw new Error(`${filename}: no module script to load after the first paint`);
        return html
          .replace(TAG, '')
          .replace(PLACE, `<template id="app-assets">${tags.join('')}</template>`);
      },
    },
  };
}

const THEME = '#0f766e';
const LUCIDE_ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve('src/web/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    // The service worker is our own code (src/web/sw.ts); the plugin builds it to /sw.js, writes
    // the list of built files into it, and writes the web manifest. The page registers it itself
    // (src/web/pwa/register.ts), after the first paint. The whole app's alone: the friend pages,
    // built after it, register none (docs/decisions/011), and the worker does not keep them.
    ...VitePWA({
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
        // The worker is built after the app, beside keepSourceMapsPrivate rather than before it:
        // no map for it, so none is left in the served folder.
        sourcemap: false,
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
    }).map((plugin) => ({
      ...plugin,
      applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    })),
    // After the service worker's build, so that its map leaves the served folder too.
    keepSourceMapsPrivate(),
    findWhatHomeLoads(),
    findWhatPayAndJoinShare(),
    loadAssetsAfterFirstPaint(),
  ],
  build: {
    outDir: '../../dist/web',
    sourcemap: 'hidden',
    // Every browser the app supports preloads modules itself; the polyfill would ride in every
    // route's first load.
    modulePreload: { polyfill: false },
  },
  // Two builds into one folder (docs/decisions/023): the whole app, then the pages a friend opens
  // without an account (a payer's link, a join link, the checkout), which the server answers with
  // friend.html. Built on their own, the friend pages share no chunk with the whole app, so their
  // first load is a few files holding only what they use, not the dozens of small chunks the two
  // pages' common modules were split into.
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.friend!);
    },
  },
  environments: {
    client: {
      build: {
        emptyOutDir: true,
        rolldownOptions: {
          input: { index: path.resolve('src/web/index.html') },
          output: {
            codeSplitting: {
              groups: [
                // React and TanStack Query, each one chunk.
                { name: 'react', test: REACT, priority: 2 },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
                // Home and the signed-in user's background work: one chunk, not dozens.
                { name: 'home', test: (id) => homeFirstLoad.has(id) },
              ],
              includeDependenciesRecursively: false,
            },
          },
        },
      },
    },
    friend: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        rolldownOptions: {
          input: { friend: path.resolve('src/web/friend.html') },
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: REACT, priority: 2 },
                // What both the payer's and the join page use beyond the entry (the payer's frame
                // and states, the checkout, the money rules): one chunk, not one per module.
                {
                  name: 'friend-shared',
                  test: (id) => payAndJoin.has(id) && !LUCIDE_ICON.test(id),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
