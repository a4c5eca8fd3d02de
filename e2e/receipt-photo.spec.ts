import type { Page } from '@playwright/test';
import { formatPence } from '../src/domain/money';
import { phonePhoto, renderReceipt } from '../src/server/testing/receipt-fixtures';
import { expect, snap, test } from './support/fixtures';
import { item } from './support/locators';
import { ensureSignedIn } from './support/session';

// The receipt photo beside the items, at 390 x 844: an item's line cut from the photo, and a line
// the reading left out added from the photo. The photo is read by the real OCR.

/**
 * A tea room's receipt whose subtotal leaves one line out (a pot of jam the till printed but did
 * not count): the reading drops the item that breaks the subtotal, so the jam is a priced line no
 * item used.
 */
const TEA_ROOM = [
  { left: 'THE TEA ROOM', center: true },
  { left: '4 Mill Lane, York', center: true },
  { left: '' },
  { left: 'Cream Tea', right: '£6.50' },
  { left: 'Cheese Scone', right: '£3.00' },
  { left: 'Pot of Jam', right: '£0.80' },
  { left: '' },
  { left: 'SUBTOTAL', right: '£9.50' },
  { left: 'TOTAL', right: '£9.50' },
  { left: '' },
  { left: 'Thank you', center: true },
];

const libraryInput = (page: Page) => page.locator('main input[type=file]:not([capture])');

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, 'Morgan', 'Reed');
});

test('a line the reading left out is added from the photo; an item shows its line', async ({
  page,
}) => {
  // A real reading and three screens checked with axe: more than the default 90 s on a busy machine.
  test.setTimeout(180_000);
  // Photographed as a phone does: sideways with an EXIF orientation, tilted 4 degrees on a table
  // (the OCR turns it straight; the boxes come back on the photo as stored).
  const image = await phonePhoto(await renderReceipt(TEA_ROOM));
  await page.goto('/');
  const scanned = page.waitForResponse((r) => r.url().endsWith('/api/ocr/scan-receipt'));
  await libraryInput(page).setInputFiles({
    name: 'tea.jpg',
    mimeType: 'image/jpeg',
    buffer: image,
  });
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await friends.getByRole('textbox').first().fill('Alex');
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });
  const reading = (await (await scanned).json()) as {
    items: { name: string; box: unknown }[];
    unusedLines: { name: string; amount: string }[];
  };
  expect(reading.items.map((i) => i.name)).toEqual(['Cream Tea', 'Cheese Scone']);
  expect(reading.items.every((i) => i.box !== null)).toBe(true);
  expect(reading.unusedLines).toEqual([
    expect.objectContaining({ name: 'Pot of Jam', amount: '0.80' }),
  ]);
  const prices = page.getByLabel('Price in pounds');
  await expect(prices).toHaveCount(2);

  // An item's line, cut from the photo, on demand.
  const scone = item(page, 'Cheese Scone');
  const show = scone.getByRole('button', { name: 'Show on receipt: Cheese Scone' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  const hide = scone.getByRole('button', { name: 'Hide receipt line: Cheese Scone' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  const crop = scone.getByRole('img', { name: 'Cheese Scone as printed on the receipt' });
  await expect(crop).toBeVisible();
  await expect
    .poll(() => crop.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  // The crop is a line (and a little of its neighbours): much wider than tall.
  const frame = await crop.locator('..').boundingBox();
  expect(frame!.width / frame!.height).toBeGreaterThan(2.5);
  await scone.evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await snap(page, 'receipt-photo-item-line');

  // 'Add from receipt': the photo with the left-out line marked; tapping the mark adds it.
  const addFrom = page.getByRole('button', { name: /^Add from receipt/ });
  await expect(addFrom).toContainText('1 line left out');
  await addFrom.click();
  const sheet = page.getByRole('dialog', { name: 'Add from receipt' });
  await expect(sheet).toBeVisible();
  const photo = sheet.getByRole('img', { name: /The receipt, its lines not on the bill marked/ });
  await expect
    .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(sheet.getByRole('button', { name: /^Add Pot of Jam/ })).toBeVisible();
  const mark = sheet.getByTestId('receipt-line-mark');
  await expect(mark).toHaveCount(1);
  await mark.scrollIntoViewIfNeeded();
  await snap(page, 'receipt-photo-add-from-receipt');
  await mark.click();
  await expect(sheet).toBeHidden();
  const jam = item(page, 'Pot of Jam');
  await expect(jam).toBeVisible();
  await expect(jam.getByLabel('Price in pounds')).toHaveValue(formatPence(80).replace('£', ''));
  await expect(prices).toHaveCount(3);
  // Offered once: nothing is left to add.
  await expect(addFrom).toHaveCount(0);
  // The added line shows where it was read as well.
  await jam.getByRole('button', { name: 'Show on receipt: Pot of Jam' }).click();
  await expect(
    jam.getByRole('img', { name: 'Pot of Jam as printed on the receipt' }),
  ).toBeVisible();
  await jam.evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await snap(page, 'receipt-photo-line-added');
});

test('the left-out lines are chosen from the keyboard as well', async ({ page }) => {
  const image = await phonePhoto(await renderReceipt(TEA_ROOM));
  await page.goto('/');
  await libraryInput(page).setInputFiles({
    name: 'tea.jpg',
    mimeType: 'image/jpeg',
    buffer: image,
  });
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await friends.getByRole('textbox').first().fill('Alex');
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });
  await expect(page.getByLabel('Price in pounds')).toHaveCount(2, { timeout: 20_000 });
  const addFrom = page.getByRole('button', { name: /^Add from receipt/ });
  await addFrom.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Add from receipt' });
  const jamButton = sheet.getByRole('button', { name: /^Add Pot of Jam/ });
  await expect(jamButton).toBeVisible();
  // The marks on the photo are for the pointer; the list is what Tab reaches.
  await jamButton.focus();
  await expect(jamButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  await expect(item(page, 'Pot of Jam').getByLabel('Price in pounds')).toHaveValue('0.80');
});
