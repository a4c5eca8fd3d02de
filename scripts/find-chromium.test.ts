import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { findChromium } from './find-chromium.mjs';

const only =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, and only if it exists', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/c' }, only('/opt/c', '/usr/bin/chromium'))).toEqual({
      executablePath: '/opt/c',
      source: 'CHROMIUM_PATH',
    });
    expect(findChromium({ CHROMIUM_PATH: '/opt/c' }, only('/usr/bin/chromium'))).toBeNull();
  });

  it("then Debian's, then Playwright's own, then none", () => {
    expect(findChromium({}, only('/usr/bin/chromium'))).toEqual({
      executablePath: '/usr/bin/chromium',
      source: 'debian',
    });
    expect(findChromium({}, only(chromium.executablePath()))).toEqual({
      executablePath: undefined,
      source: 'playwright',
    });
    expect(findChromium({}, only())).toBeNull();
  });
});
