// bench/web: the JavaScript each route loads at start, against its budget (issues 24, 50 and 54):
// the landing page, /auth, home (signed in), a payer's page (/pay/<token>) and a friend's join page
// (/join/<token>), in Chromium against the built app, with the sizes of the gzip and brotli files
// the server sends. A route over its budget prints FAIL and the run exits 1.
//
//   npm run build && npm run bench:web [-- --serve]
//
// Every script the page fetches until the network is quiet counts (the route's own chunks, the
// shared ones, and anything loaded after the first paint), except what the service worker caches
// for offline use: the bench blocks the worker. `--serve` then keeps the app running with its data
// and prints the Lighthouse commands for the same five pages (docs/decisions/011).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  chromium,
  request,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { findChromium, NO_BROWSER_MESSAGE } from '../scripts/find-chromium.mjs';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
  },
});
const WEB_ROOT = 'dist/web';
const KB = 1024;

interface Route {
  name: string;
  path: string;
  signedIn: boolean;
  /** Initial JavaScript allowed, gzip; null where the issue sets none (Lighthouse only). */
  budgetGzip: number | null;
  /** What shows once the route is on screen. */
  ready: (page: Page) => Locator;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startApp(): Promise<{ baseUrl: string; child: ChildProcess; dataDir: string }> {
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync(`${WEB_ROOT}/index.html`))
    throw new Error('The app is not built: run `npm run build` first.');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the app did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, child, dataDir };
}

async function ok(what: string, res: Awaited<ReturnType<APIRequestContext['post']>>) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res;
}

/** A creator with a connected sandbox bank, a saved bill and its payment links. */
async function seed(baseUrl: string) {
  const creator = await request.newContext({ baseURL: baseUrl });
  const email = `bench.${Date.now().toString(36)}@example.com`;
  await ok(
    'sign-up',
    await creator.post('/api/auth/sign-up/email', {
      data: { email, password: 'bench password 123' },
    }),
  );
  await ok(
    'profile',
    await creator.patch('/api/auth/user', { data: { firstName: 'Alex', lastName: 'Morgan' } }),
  );
  await ok(
    'bank',
    await creator.post('/api/sandbox/connect', {
      data: { accountHolderName: 'Alex Morgan', sortCode: '20-00-00', accountNumber: '55779911' },
    }),
  );
  const people = [
    { key: 'me', name: 'Alex' },
    { key: 'p', name: 'Priya' },
    { key: 'j', name: 'Jordan' },
  ];
  let billId = '';
  for (const name of ['Dishoom', 'Padella', 'Honest Burgers']) {
    const saved = await ok(
      'bill',
      await creator.post('/api/bills', {
        data: {
          name,
          tipPercent: 10,
          serviceCharge: '3.00',
          participants: people,
          items: [
            { name: 'Black Daal', amount: '8.90', splitMode: 'equally', assignments: [] },
            {
              name: 'Lamb Raan',
              amount: '17.50',
              assignments: [{ participant: 'j', portions: 1 }],
            },
            { name: 'Chai', amount: '3.50', assignments: [{ participant: 'p', portions: 1 }] },
          ],
        },
      }),
    );
    billId = ((await saved.json()) as { id: string }).id;
  }
  const links = await ok('links', await creator.post('/api/payment-links', { data: { billId } }));
  const { paymentLinks } = (await links.json()) as { paymentLinks: { token: string }[] };
  // A bill friends pick, with its join link: what a friend opens from the QR code at the table.
  const picking = await ok(
    'picking bill',
    await creator.post('/api/bills', {
      data: {
        name: 'Flat Iron',
        status: 'picking',
        mode: 'byItem',
        tipPercent: 10,
        serviceCharge: '3.00',
        participants: people,
        items: ['Steak', 'Fries', 'Salad', 'Ice Cream', 'Wine'].map((name, i) => ({
          name,
          amount: `${6 + i * 3}.50`,
          splitMode: 'manual',
          assignments: [],
        })),
      },
    }),
  );
  const pickingId = ((await picking.json()) as { id: string }).id;
  const join = await ok('join link', await creator.post(`/api/bills/${pickingId}/join-link`));
  const joinToken = ((await join.json()) as { token: string }).token;
  const state = await creator.storageState();
  await creator.dispose();
  return { token: paymentLinks[0]!.token, joinToken, state };
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
const sizeOf = (file: string): Sizes => ({
  raw: fs.statSync(file).size,
  gzip: fs.statSync(`${file}.gz`).size,
  brotli: fs.statSync(`${file}.br`).size,
});
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function main() {
  const browserFound = findChromium();
  if (!browserFound) {
    console.log(NO_BROWSER_MESSAGE);
    process.exit(1);
  }
  const app = await startApp();
  const { token, joinToken, state } = await seed(app.baseUrl);
  const routes: Route[] = [
    {
      name: 'landing',
      path: '/',
      signedIn: false,
      budgetGzip: 100 * KB,
      ready: (p) => p.getByRole('heading', { name: 'Split bills with friends effortlessly' }),
    },
    {
      name: '/auth',
      path: '/auth',
      signedIn: false,
      budgetGzip: null,
      ready: (p) => p.getByRole('button', { name: 'Continue', exact: true }),
    },
    {
      name: 'home',
      path: '/',
      signedIn: true,
      budgetGzip: 120 * KB,
      ready: (p) => p.getByRole('link', { name: /Honest Burgers/ }),
    },
    {
      name: 'payer (/pay/:token)',
      path: `/pay/${token}`,
      signedIn: false,
      budgetGzip: 90 * KB,
      ready: (p) => p.getByRole('region', { name: 'Amount to pay' }),
    },
    {
      name: 'join (/join/:token)',
      path: `/join/${joinToken}`,
      signedIn: false,
      budgetGzip: 90 * KB,
      ready: (p) => p.getByRole('heading', { name: 'Who are you?' }),
    },
  ];

  const browser = await chromium.launch({
    executablePath: browserFound.executablePath,
    args: CHROMIUM_ARGS,
  });
  let over = 0;
  try {
    console.log(
      `bench/web: initial JavaScript per route (${app.baseUrl}, service worker blocked)\n`,
    );
    console.log(
      `${'route'.padEnd(22)}${'files'.padStart(6)}${'raw'.padStart(11)}${'gzip'.padStart(11)}${'brotli'.padStart(11)}${'budget (gzip)'.padStart(15)}`,
    );
    for (const route of routes) {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 390, height: 844 },
        ...(route.signedIn ? { storageState: state } : {}),
      });
      // The splash is a matter of time, not of script; skip it so every run waits the same.
      await context.addInitScript(() => sessionStorage.setItem('fairshare.splashShown', '1'));
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.origin === app.baseUrl && url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      await page.goto(app.baseUrl + route.path, { waitUntil: 'networkidle' });
      await route.ready(page).first().waitFor();
      await page.waitForLoadState('networkidle');
      await context.close();

      const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
      const files: [string, Sizes][] = [];
      for (const script of scripts) {
        const s = sizeOf(path.join(WEB_ROOT, script));
        files.push([script, s]);
        total.raw += s.raw;
        total.gzip += s.gzip;
        total.brotli += s.brotli;
      }
      const within = route.budgetGzip === null || total.gzip <= route.budgetGzip;
      if (!within) over++;
      const budget =
        route.budgetGzip === null ? '-' : `${kb(route.budgetGzip)} ${within ? 'ok' : 'FAIL'}`;
      console.log(
        `${route.name.padEnd(22)}${String(files.length).padStart(6)}${kb(total.raw).padStart(11)}${kb(total.gzip).padStart(11)}${kb(total.brotli).padStart(11)}${budget.padStart(15)}`,
      );
      // --files: which files, largest first.
      if (args.files)
        for (const [file, s] of files.sort((a, b) => b[1].gzip - a[1].gzip))
          console.log(`${''.padEnd(4)}${file.padEnd(50)}${kb(s.gzip).padStart(11)}`);
    }
  } finally {
    await browser.close();
  }

  if (args.serve) {
    const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const flags =
      '--chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"';
    const lh = `CHROME_PATH=${browserFound.executablePath ?? '/usr/bin/chromium'} npx --yes lighthouse@12.8.2`;
    const out = '--quiet --output=json --output-path';
    console.log(`\nServing ${app.baseUrl} until Ctrl-C. Lighthouse (mobile, its defaults):\n`);
    console.log(`${lh} ${app.baseUrl}/ ${flags} ${out}=lh-landing.json`);
    console.log(`${lh} ${app.baseUrl}/auth ${flags} ${out}=lh-auth.json`);
    console.log(
      `${lh} ${app.baseUrl}/ ${flags} --extra-headers='${JSON.stringify({ Cookie: cookie })}' ${out}=lh-home.json`,
    );
    console.log(`${lh} ${app.baseUrl}/pay/${token} ${flags} ${out}=lh-payer.json`);
    console.log(`${lh} ${app.baseUrl}/join/${joinToken} ${flags} ${out}=lh-join.json`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  }
  app.child.kill('SIGTERM');
  await new Promise((r) => app.child.once('exit', r));
  fs.rmSync(app.dataDir, { recursive: true, force: true });
  if (over > 0) {
    console.log(`\nFAIL: ${over} route(s) over budget`);
    process.exitCode = 1;
  }
}

await main();
