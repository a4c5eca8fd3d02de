import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');

/** Saves a 390 x 844 screenshot to e2e/screenshots/<name>.png for a person to look at. */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Every page: baseURL from the global setup, the splash marked as already seen (tests that want the
 * splash clear it), and any console error or uncaught exception fails the test.
 */
export const test = base.extend<{ skipSplash: boolean; expectedServerErrors: number[] }>({
  skipSplash: [true, { option: true }],
  // 5xx statuses a test provokes on purpose (a stubbed busy service): their console line is expected.
  expectedServerErrors: [[], { option: true }],
  // Playwright's fixture syntax needs the (empty) destructuring.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  page: async ({ page, skipSplash, expectedServerErrors }, use) => {
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
      problems.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    if (skipSplash) {
      await page.addInitScript(() => sessionStorage.setItem('fairshare.splashShown', '1'));
    }
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };
