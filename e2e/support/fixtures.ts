import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');

/**
 * The screenshots are for a person to look at, so CI (a fresh clone, thrown away after) does not
 * write them unless E2E_SCREENSHOTS=1; elsewhere they are written unless E2E_SCREENSHOTS=0. They
 * check nothing: every screen's accessibility check runs either way.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS !== '0'
  : !process.env.CI || process.env.CI === 'false';

/**
 * Saves a 390 x 844 screenshot to e2e/screenshots/<name>.png for a person to look at, and checks
 * the screen with axe: every screen the journeys show is checked, and a violation fails the test.
 */
export async function snap(page: Page, name: string) {
  await shot(page, name);
  await expectAccessible(page, name);
}

/**
 * The screenshot alone, for a screen that must be left quickly (a reading held back against the
 * app's 15 s time-out) and whose accessibility another test checks in the same state.
 */
export async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * axe-core on the page as it is (WCAG 2.2 A and AA, and axe's best practices), once the running
 * fades and slides are over (half-faded text would read as poor contrast). A violation fails the
 * test (softly: the journey goes on, so one run lists every screen's problems).
 */
export async function expectAccessible(page: Page, screen: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode: axe.run in the page itself. The default runs axe in each frame, then again in a
  // blank page it opens for the purpose: the same rules and results for these pages, which have no
  // frames, at the cost of a page and axe's 650 kB loaded once more on every check.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect
    .soft(
      violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      })),
      `axe found accessibility problems on the screen '${screen}'`,
    )
    .toEqual([]);
}

/**
 * Every page: baseURL from the global setup, the splash marked as already seen (tests that want the
 * splash clear it), and any console error or uncaught exception fails the test.
 */
export const test = base.extend<{
  skipSplash: boolean;
  expectedServerErrors: number[];
  offlineExpected: boolean;
}>({
  skipSplash: [true, { option: true }],
  // Tests that take the browser offline: requests failing for want of a network are expected.
  offlineExpected: [false, { option: true }],
  // 5xx statuses a test provokes on purpose (a stubbed busy service): their console line is expected.
  expectedServerErrors: [[], { option: true }],
  // Playwright's fixture syntax needs the (empty) destructuring.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  page: async ({ page, skipSplash, expectedServerErrors, offlineExpected }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      // Chromium logs every 4xx answer as a console error; those are answers the app expects and
      // handles (a 401 when signed out, a 404 for a missing bill). 5xx and script errors still fail.
      if (msg.type() !== 'error') return;
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()))
        return;
      const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(
        msg.text(),
      )?.[1];
      if (status && expectedServerErrors.includes(Number(status))) return;
      if (offlineExpected && /net::ERR_INTERNET_DISCONNECTED/.test(msg.text())) return;
      problems.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    if (skipSplash) {
      await page.addInitScript(() => {
        // Not on the browser's own error page (a navigation that failed offline): no storage there.
        if (location.protocol.startsWith('http'))
          sessionStorage.setItem('fairshare.splashShown', '1');
      });
    }
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };
