import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.mjs';

// CHROMIUM_PATH, else Debian's Chromium, else Playwright's own if it was installed; never a browser
// downloaded by the tests (scripts/find-chromium.mjs; with none, global setup stops with one line).
// The app is started by e2e/global-setup.ts on a free port with a temporary DATA_DIR, from the
// build (`npm run build`).
const chromium = findChromium();
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Each screen a journey shows is also checked with axe (a second or two on this machine).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '.test-output/e2e.json' }]]
    : [['list'], ['json', { outputFile: '.test-output/e2e.json' }]],
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A failed journey keeps its trace: actions, DOM snapshots, network and console. Without the
    // screencast: recording every frame of every journey, to keep only a failure's, cost a good
    // share of the run's CPU. None in CI: its clone is thrown away with the traces, and only the
    // printed output is kept.
    trace:
      process.env.CI && process.env.CI !== 'false'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: chromium?.executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'phone' }],
});
