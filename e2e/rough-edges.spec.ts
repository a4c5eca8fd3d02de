import sharp from 'sharp';
import { expect, snap, test } from './support/fixtures';
import { ensureSignedIn } from './support/session';

// Rough edges a new user hit walking the app (issue 54), each at 390 x 844.

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, 'Morgan', 'Reed');
});

test("the bottom navigation's + announces one photo once", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { captured: number };
    w.captured = 0;
    window.addEventListener('receiptCaptured', () => w.captured++);
  });
  // The reading itself is not what this checks: the scan answers at once, with nothing found.
  await page.route('**/api/ocr/scan-receipt', (route) =>
    route.fulfill({
      status: 200,
      json: {
        receiptId: 'e2e',
        items: [],
        subtotal: null,
        tax: null,
        serviceCharge: null,
        serviceChargePercent: null,
        tip: null,
        total: null,
        establishmentName: null,
        checks: { itemsMatchTotal: true, difference: '0.00', against: null },
        message: 'No items found',
        error: null,
        rawText: '',
        timings: { imageMs: 1, queueMs: 0, ocrMs: 1, parseMs: 1, totalMs: 3 },
      },
    }),
  );
  const photo = await sharp({
    create: { width: 600, height: 900, channels: 3, background: '#ffffff' },
  })
    .jpeg()
    .toBuffer();
  await page.goto('/');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add a receipt' }).click();
  await (await chooser).setFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('dialog', { name: 'Add Friends to Split With' })).toBeVisible();
  await snap(page, 'rough-edges-add-tab-friends');
  expect(await page.evaluate(() => (window as unknown as { captured: number }).captured)).toBe(1);
});
