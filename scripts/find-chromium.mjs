// Which Chromium the browser tests (and bench/web) use: CHROMIUM_PATH when set, else Debian's
// /usr/bin/chromium, else Playwright's own Chromium when `npx playwright install chromium` has put
// one in its cache. Null when there is none: the caller says how to get one instead of failing
// every test.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

export const NO_BROWSER_MESSAGE =
  'Browser tests skipped: no Chromium found. Install one with `apt-get install chromium` or `npx playwright install chromium`, or set CHROMIUM_PATH.';

/** @returns {{ executablePath: string | undefined, source: string } | null} */
export function findChromium(env = process.env, exists = fs.existsSync) {
  if (env.CHROMIUM_PATH)
    return exists(env.CHROMIUM_PATH)
      ? { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' }
      : null;
  if (exists('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', source: 'debian' };
  let own = '';
  try {
    own = chromium.executablePath();
  } catch {
    // this Playwright version has no Chromium of its own for this platform
  }
  // Playwright finds its own browser itself: no executablePath.
  return own && exists(own) ? { executablePath: undefined, source: 'playwright' } : null;
}
