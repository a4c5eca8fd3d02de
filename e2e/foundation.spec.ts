import { expect, snap, test } from './support/fixtures';
import { ensureSignedIn } from './support/session';

test.describe('foundation screens at 390 x 844', () => {
  test('landing: tagline, three features, and Get Started leading to /auth', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Split bills with friends effortlessly' }),
    ).toBeVisible();
    await expect(page.getByText('Free bill splitting for UK users')).toBeVisible();
    const features = page.getByRole('list', { name: 'Features' }).getByRole('listitem');
    await expect(features).toHaveCount(3);
    await expect(features.nth(0)).toContainText('Scan receipts with AI');
    await expect(features.nth(1)).toContainText('Split with friends');
    await expect(features.nth(2)).toContainText('Pay with UK banking');
    await snap(page, 'landing');
    const getStarted = page.getByRole('link', { name: 'Get Started' });
    const box = await getStarted.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await getStarted.click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('unknown route: the not-found screen', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    // DECISIONS.md "The 404 page": words for the user, not the router's developer.
    await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
    await expect(
      page.getByText("This page doesn't exist. It may have moved, or the link may be wrong.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByText(/router/)).toHaveCount(0);
    await snap(page, 'not-found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('splash', () => {
  test.use({ skipSplash: false });

  test('shows once per browser session, for 2 s, then fades out', async ({ page }) => {
    // It is painted from the page itself, as it arrives: looked for from then, not from the load.
    await page.goto('/', { waitUntil: 'commit' });
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    await expect(splash).toContainText('Fairshare');
    await snap(page, 'splash');
    await expect(splash).toBeHidden({ timeout: 5000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(splash).toHaveCount(0);
  });

  test('the bottom bar pulses once, 1.5 s after the splash has gone, for 1 s', async ({ page }) => {
    await ensureSignedIn(page);
    // When the splash leaves the page and when the bar starts and stops pulsing, as they happen.
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const now = performance.now();
        if (document.getElementById('splash')) seen.splashFrom ??= now;
        else if (seen.splashFrom !== undefined) seen.splashGone ??= now;
        const nav = document.querySelector('nav[aria-label="Main"]');
        if (nav?.hasAttribute('data-pulsing')) seen.pulseFrom ??= now;
        else if (seen.pulseFrom !== undefined) seen.pulseTo ??= now;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: object }).seen), {
        timeout: 10_000,
      })
      .toHaveProperty('pulseTo');
    const seen = await page.evaluate(
      () => (window as unknown as { seen: Record<string, number> }).seen,
    );
    // Timers never fire early: a pulse begun under the splash would start before it went.
    expect(seen.pulseFrom! - seen.splashGone!).toBeGreaterThanOrEqual(1400);
    expect(seen.pulseTo! - seen.pulseFrom!).toBeGreaterThanOrEqual(900);
  });
});
