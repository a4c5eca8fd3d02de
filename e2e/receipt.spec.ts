import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { formatPence, toPence } from '../src/domain/money';
import { billTotals, splitBill, type SplitInput } from '../src/domain/split';
import {
  phonePhoto,
  renderReceipt,
  UK_RECEIPT_EXPECTED as UK_RECEIPT,
  ukReceiptHeic,
} from '../src/server/testing/receipt-fixtures';
import { HARD_CASES } from '../src/server/testing/synthetic-receipts';
import { expect, shot, snap, test } from './support/fixtures';
import { item, lineAmount } from './support/locators';
import { patchDraft, storedDraft } from './support/draft';
import { ensureSignedIn } from './support/session';

// The receipt journey at 390 x 844 (capture-split-history.md §1 step 2, §2, §4, §8). Money expected
// on screen is computed with the domain's formatPence and splitBill, never typed by hand.

const FIRST_NAME = 'Morgan';

/** A blank white PNG: nothing on it to read. */
function blankPng(width = 600, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}

/** Home's 'Upload From Library' input (the camera one and the add tab's carry `capture`). */
const libraryInput = (page: Page) => page.locator('main input[type=file]:not([capture])');

/** Names compared as the bench does: no spaces or punctuation, any case, one or two slips allowed. */
function sameName(read: string, printed: string): boolean {
  const norm = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const [a, b] = [norm(read), norm(printed)];
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = above;
    }
  }
  return row[b.length]! <= Math.max(1, Math.floor(b.length / 8));
}

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function addFriends(page: Page, names: string[]) {
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await expect(friends).toBeVisible();
  const fields = friends.getByRole('textbox');
  for (const [index, name] of names.entries()) {
    if (index >= 2) await friends.getByRole('button', { name: 'Add More' }).click();
    await fields.nth(index).fill(name);
  }
  return friends;
}

const priceOf = (group: Locator) => group.getByLabel('Price in pounds');

/** A reading as the scan endpoint answers it (src/contracts/receipts.ts). */
function reading(over: Record<string, unknown> = {}) {
  return {
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
    ...over,
  };
}

/** Answers every scan with `reading(over)` as a whole scan answer (status 200). */
function answerScans(page: Page, over: Record<string, unknown>) {
  return page.route('**/api/ocr/scan-receipt', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        ...reading(over),
        error: null,
        rawText: '',
        timings: { imageMs: 1, queueMs: 0, ocrMs: 1, parseMs: 1, totalMs: 3 },
      }),
    }),
  );
}

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, FIRST_NAME, 'Reed');
});

test('a UK receipt from home: read while friends are added, to the editor and the summary', async ({
  page,
}) => {
  // The project's UK receipt (src/server/testing/receipt-fixtures.ts): £ prices, '2 x Coke', a
  // discount, SERVICE CHARGE 12.5%, VAT; photographed as a phone does: sideways with an EXIF
  // orientation, tilted 4 degrees on a table, with sensor noise.
  const image = await phonePhoto(await renderReceipt());
  await page.goto('/');
  // Hold the answer back a moment, so the friends dialog and processing screen are seen mid-read.
  // The server reads the photo meanwhile: only its answer waits. Holding the request instead
  // added the held time (two screens checked with axe) to the reading itself, and under CPU load
  // the two together passed the app's 15 s time-out (an editor with no items, no success toast).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ocr/scan-receipt', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });

  const scanned = page.waitForResponse((r) => r.url().endsWith('/api/ocr/scan-receipt'));
  await libraryInput(page).setInputFiles({
    name: 'crown.jpg',
    mimeType: 'image/jpeg',
    buffer: image,
  });
  const friends = await addFriends(page, ['Alex', 'Priya']);
  await expect(friends.getByRole('status')).toContainText(/Uploading your photo|Reading/);
  // Screenshots only while the answer is held: the app gives up on a reading after 15 s from the
  // upload, and two axe checks under CPU load took 12 s of that (the test failed on an editor with
  // no items). The same two screens, mid-read, are checked with axe in the busy-service test below.
  await shot(page, 'receipt-friends-reading');
  await friends.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/processing-receipt$/);
  await expect(
    page.getByRole('heading', { name: 'Hold tight, Fairshare is doing the maths...' }),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Reading your receipt' })).toBeVisible();
  await shot(page, 'receipt-processing');
  release();

  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });
  await expect(toastText(page, 'Receipt Analyzed Successfully')).toBeVisible();
  await expect(
    toastText(page, `${UK_RECEIPT.items.length} items found on your receipt!`),
  ).toBeVisible();
  // OCR may drop a space or add a stray mark to a name (the bench's rule: a name matches after
  // removing spaces and punctuation, fuzzily); every price must be exact.
  expect(
    sameName(await page.getByTestId('bill-name').innerText(), UK_RECEIPT.establishmentName),
  ).toBe(true);
  const cards = page
    .getByRole('group', { name: /./ })
    .filter({ has: page.getByLabel('Price in pounds') });
  await expect(cards).toHaveCount(UK_RECEIPT.items.length);
  const onScreen = await cards.evaluateAll((groups) =>
    groups.map((group) => ({
      name: (group.querySelector('textarea') as HTMLTextAreaElement).value,
      amount: (group.querySelector('input') as HTMLInputElement).value,
    })),
  );
  expect(onScreen.map((i) => i.amount)).toEqual(UK_RECEIPT.items.map((i) => i.amount));
  onScreen.forEach((read, index) =>
    expect(sameName(read.name, UK_RECEIPT.items[index]!.name), `${read.name}`).toBe(true),
  );
  await expect(page.getByRole('group', { name: 'French Fries' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Service Charge' })).toHaveValue(
    UK_RECEIPT.serviceCharge,
  );
  await expect(page.getByTestId('receipt-mismatch')).toHaveCount(0);
  await snap(page, 'receipt-editor-scanned');

  // Split equally, then the summary adds up to the receipt.
  await page.getByRole('radio', { name: 'Equally' }).click();
  const people = [FIRST_NAME, 'Alex', 'Priya'];
  const input: SplitInput = {
    participants: people.map((name) => ({ id: name, name })),
    items: UK_RECEIPT.items.map((i) => ({
      name: i.name,
      amountPence: toPence(i.amount),
      splitMode: 'manual',
      assignments: [],
    })),
    tipPercent: 0,
    serviceChargePence: toPence(UK_RECEIPT.serviceCharge),
    mode: 'equal',
  };
  expect(billTotals(input).total).toBe(toPence(UK_RECEIPT.total));
  await page.getByRole('button', { name: /^Split(?! the rest)/ }).click();
  await expect(page).toHaveURL(/\/summary$/);
  const result = splitBill(input);
  await expect(page.getByRole('region', { name: 'Bill total' })).toContainText(
    formatPence(result.total),
  );
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(lineAmount(totals, 'Service Charge')).toHaveText(formatPence(result.serviceCharge));
  await snap(page, 'receipt-summary');

  // The scan travels with the draft to the save, and the saved bill shows its photo.
  const { receiptId } = (await (await scanned).json()) as { receiptId: string };
  const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/bills'));
  await page.getByRole('button', { name: 'Done' }).click();
  expect(((await saved).postDataJSON() as { receiptId?: string }).receiptId).toBe(receiptId);
  await expect(page).toHaveURL(/\/$/);
  await page
    .getByRole('link', { name: /^Open / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/bill\/[^/]+$/);
  const photo = page.getByTestId('receipt-photo');
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveAttribute('src', `/api/receipts/${receiptId}/image`);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await snap(page, 'receipt-bill-photo');
});

test('an iPhone HEIC photo from home, sent without a type, reads into the editor', async ({
  page,
}) => {
  await page.goto('/');
  // Some iPhones hand a HEIC over with no MIME type; the server sniffs the bytes and converts it.
  await libraryInput(page).setInputFiles({
    name: 'IMG_0042.HEIC',
    mimeType: '',
    buffer: ukReceiptHeic(),
  });
  const friends = await addFriends(page, ['Alex']);
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });
  const cards = page
    .getByRole('group', { name: /./ })
    .filter({ has: page.getByLabel('Price in pounds') });
  await expect(cards).toHaveCount(UK_RECEIPT.items.length);
  const amounts = await cards.evaluateAll((groups) =>
    groups.map((group) => (group.querySelector('input') as HTMLInputElement).value),
  );
  expect(amounts).toEqual(UK_RECEIPT.items.map((i) => i.amount));
  await expect(page.getByRole('textbox', { name: 'Service Charge' })).toHaveValue(
    UK_RECEIPT.serviceCharge,
  );
  await snap(page, 'receipt-editor-heic');
});

test('a cafe receipt with a net total and a VAT table reads without a warning', async ({
  page,
}) => {
  // Generated by the synthetic set's generator: VAT-inclusive items checked against the gross
  // total, never the net figure above it.
  const { jpeg, label } = await HARD_CASES.cafeVat();
  await page.goto('/');
  await libraryInput(page).setInputFiles({
    name: 'cafe.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg,
  });
  const friends = await addFriends(page, ['Alex']);
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });
  const cards = page
    .getByRole('group', { name: /./ })
    .filter({ has: page.getByLabel('Price in pounds') });
  await expect(cards).toHaveCount(label.items.length);
  const amounts = await page
    .getByLabel('Price in pounds')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(amounts).toEqual(label.items.map((i) => i.price_value.toFixed(2)));
  await expect(page.getByTestId('receipt-mismatch')).toHaveCount(0);
  await snap(page, 'receipt-editor-cafe-vat');
});

test('a blank photo: no items found, so they are typed in by hand', async ({ page }) => {
  await page.goto('/');
  await libraryInput(page).setInputFiles({
    name: 'blank.png',
    mimeType: 'image/png',
    buffer: await blankPng(),
  });
  const friends = await addFriends(page, ['Alex']);
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });
  await expect(toastText(page, 'No Items Found')).toBeVisible();
  await expect(
    toastText(
      page,
      "We couldn't detect any items on this receipt. Try a clearer image or with better lighting.",
    ),
  ).toBeVisible();
  await expect(page.getByText('No items yet. Add what was on the bill.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'French Fries' })).toHaveCount(0);
  await expect(page.getByTestId('bill-name')).toHaveText('Misc. Bill');

  await page.getByRole('button', { name: 'Enter Items' }).click();
  const manual = page.getByRole('dialog', { name: 'Manual Receipt Entry' });
  await expect(manual).toBeVisible();
  await expect(manual.getByLabel('Item name')).toBeFocused();
  const addToBill = manual.getByRole('button', { name: 'Add Items to Bill' });
  await expect(addToBill).toBeDisabled();
  await expect(manual.getByRole('button', { name: 'Delete Item 1' })).toBeDisabled();
  await manual.getByLabel('Item name').fill('Margherita');
  await manual.getByLabel('Price in pounds').fill('11.5');
  await manual.getByRole('button', { name: 'Add Another Item' }).click();
  await expect(manual.getByLabel('Item name').nth(1)).toBeFocused();
  await page.keyboard.type('Tiramisu');
  await manual.getByRole('button', { name: 'Add Another Item' }).click();
  await manual.getByLabel('Item name').nth(2).fill('Left without a price');
  await expect(manual.getByRole('button', { name: 'Delete Margherita' })).toBeEnabled();
  await manual.getByLabel('Price in pounds').nth(1).fill('7.35');
  // A row with a name and no price is marked, not dropped: nothing is added until it is put right.
  await expect(manual.getByText('Add the price, or clear this row', { exact: true })).toBeVisible();
  await expect(addToBill).toBeDisabled();
  await snap(page, 'receipt-manual-entry-blank');
  await manual.getByRole('button', { name: 'Delete Left without a price' }).click();
  await addToBill.click();
  await expect(manual).toBeHidden();

  await expect(priceOf(item(page, 'Margherita'))).toHaveValue('11.50');
  await expect(priceOf(item(page, 'Tiramisu'))).toHaveValue('7.35');
  await expect(item(page, 'Left without a price')).toHaveCount(0);
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(lineAmount(totals, 'Subtotal')).toHaveText(formatPence(toPence('18.85')));
});

test('a price the reading is unsure of is marked at the price until the item is edited', async ({
  page,
}) => {
  // The scan answer stubbed: two prices the reading paired with their names unsurely (each sat
  // between two rows), one it was sure of, with how it was ordered noted.
  await answerScans(page, {
    items: [
      { name: 'Lamb Shank', amount: '18.95', unsure: false, note: 'NO MINT, EXTRA GRAVY' },
      { name: 'House Red 175ml', amount: '7.40', unsure: true },
      { name: 'Garlic Naan', amount: '3.50', unsure: true },
    ],
    establishmentName: 'Dishoom',
    message: '3 items found',
  });
  await page.goto('/');
  await libraryInput(page).setInputFiles({
    name: 'dishoom.png',
    mimeType: 'image/png',
    buffer: await blankPng(30, 40),
  });
  const friends = await addFriends(page, ['Alex']);
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });

  const hint = 'Check this price against the receipt';
  const wine = item(page, 'House Red 175ml');
  const naan = item(page, 'Garlic Naan');
  // How it was ordered follows the name, where everyone who picks or pays sees it.
  const lamb = item(page, 'Lamb Shank (NO MINT, EXTRA GRAVY)');
  await expect(lamb.getByLabel('Item name')).toHaveValue('Lamb Shank (NO MINT, EXTRA GRAVY)');
  await expect(wine.getByText(hint, { exact: true })).toBeVisible();
  await expect(priceOf(wine)).toHaveAccessibleDescription(hint);
  await expect(naan.getByText(hint, { exact: true })).toBeVisible();
  // The price read with confidence says nothing.
  await expect(lamb.getByText(hint, { exact: true })).toHaveCount(0);
  await expect(priceOf(lamb)).toHaveAccessibleDescription('');
  await wine.evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await snap(page, 'receipt-unsure-price');

  // Kept with the draft across a reload; gone from an item once its price or its name is edited.
  await page.reload();
  await expect(wine.getByText(hint, { exact: true })).toBeVisible();
  await priceOf(wine).fill('7.45');
  await expect(wine.getByText(hint, { exact: true })).toHaveCount(0);
  await expect(priceOf(wine)).toHaveAccessibleDescription('');
  await naan.getByLabel('Item name').fill('Peshwari Naan');
  await expect(item(page, 'Peshwari Naan').getByText(hint, { exact: true })).toHaveCount(0);
  await expect(page.getByText(hint, { exact: true })).toHaveCount(0);
  await wine.evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await snap(page, 'receipt-unsure-price-checked');
});

test.describe('with the scan service stubbed where it must misbehave', () => {
  test.use({ expectedServerErrors: [500, 503] });

  test('refused files, the service being unavailable, and the 15 s time-out', async ({ page }) => {
    await page.goto('/');
    await libraryInput(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a receipt'),
    });
    await expect(toastText(page, 'Invalid file type')).toBeVisible();
    await expect(toastText(page, 'Please select an image file')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Add Friends to Split With' })).toHaveCount(0);
    await snap(page, 'receipt-toast-invalid-type');

    await libraryInput(page).setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(15 * 1024 * 1024 + 1),
    });
    await expect(toastText(page, 'Image too large')).toBeVisible();

    // The service says it is busy (held back a moment, so the reading is seen going on): named in
    // the toast with its words, and manual entry offered.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ocr/scan-receipt', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Service Unavailable',
          message: 'Service temporarily unavailable - please try again',
          code: 'OCR_BUSY',
        }),
      });
    });
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await libraryInput(page).setInputFiles({
      name: 'blank.png',
      mimeType: 'image/png',
      buffer: await blankPng(60, 80),
    });
    const friends = await addFriends(page, ['Alex', 'Priya']);
    await expect(friends.getByRole('status')).toContainText(/Uploading your photo|Reading/);
    await snap(page, 'receipt-friends-reading-held');
    await friends.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/processing-receipt$/);
    await expect(
      page.getByRole('heading', { name: 'Hold tight, Fairshare is doing the maths...' }),
    ).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Reading your receipt' })).toBeVisible();
    await snap(page, 'receipt-processing-held');
    release();
    await expect(
      page.getByRole('status').filter({ hasText: 'You can add items by hand next' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/split-bill$/);
    await expect(toastText(page, 'OCR Service Unavailable')).toBeVisible();
    await expect(
      toastText(page, 'Service temporarily unavailable - please try again'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enter Items' })).toBeVisible();
    await snap(page, 'receipt-toast-unavailable');

    // Nothing lost: the items go in by hand.
    await page.getByRole('button', { name: 'Enter Items' }).click();
    const manual = page.getByRole('dialog', { name: 'Manual Receipt Entry' });
    await expect(manual.getByRole('button', { name: 'Delete Item 1' })).toBeDisabled();
    await manual.getByLabel('Item name').fill('Sunday Roast');
    await manual.getByLabel('Price in pounds').fill('17.95');
    await manual.getByRole('button', { name: 'Add Another Item' }).click();
    await page.keyboard.type('Apple Crumble');
    await manual.getByLabel('Price in pounds').nth(1).fill('6.50');
    await manual.getByRole('button', { name: 'Add Another Item' }).click();
    await snap(page, 'receipt-manual-entry');
    // Cancel keeps the bill as it was.
    await manual.getByRole('button', { name: 'Cancel' }).click();
    await expect(manual).toBeHidden();
    await expect(page.getByText('No items yet. Add what was on the bill.')).toBeVisible();
    await page.getByRole('button', { name: 'Enter Items' }).click();
    await manual.getByLabel('Item name').fill('Sunday Roast');
    await manual.getByLabel('Price in pounds').fill('17.95');
    await manual.getByRole('button', { name: 'Add Items to Bill' }).click();
    await expect(priceOf(item(page, 'Sunday Roast'))).toHaveValue('17.95');

    // A reading still pending 15 s after it started is an error once the page comes back.
    await patchDraft(page, {
      scan: { status: 'pending', startTime: Date.now() - 15_500, source: 'capture' },
    });
    await page.goto('/receipt-flow');
    await expect(page).toHaveURL(/\/split-bill$/);
    await expect(toastText(page, 'Failed to process receipt')).toBeVisible();
    await expect(toastText(page, 'Processing timed out. Please try again.')).toBeVisible();
    await snap(page, 'receipt-toast-timeout');

    // Nothing to wait for: the flow goes home.
    await page.goto('/receipt-flow');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a stored reading whose items do not add up: the editor says so until they do', async ({
    page,
  }) => {
    await page.goto('/');
    await patchDraft(page, {
      participantNames: ['Morgan', 'Sam'],
      scan: {
        status: 'complete',
        startTime: Date.now(),
        source: 'capture',
        data: reading({
          items: [
            { name: 'Lamb Shank', amount: '18.95' },
            { name: 'House Red 175ml', amount: '7.40' },
          ],
          subtotal: '27.55',
          serviceCharge: '0.00',
          total: '27.55',
          establishmentName: 'Dishoom',
          checks: {
            itemsMatchTotal: false,
            difference: '1.20',
            against: 'subtotal',
            figure: '27.55',
            label: 'SUB TOTAL',
          },
          message: '2 items found',
        }),
      },
    });
    await page.goto('/receipt-flow');
    await expect(page).toHaveURL(/\/split-bill$/);
    await expect(page.getByTestId('bill-name')).toHaveText('Dishoom');
    await expect(page.getByRole('textbox', { name: 'Service Charge' })).toHaveValue('0.00');
    const notice = page.getByTestId('receipt-mismatch');
    await expect(notice).toHaveText(
      `Items add up to ${formatPence(toPence('26.35'))} but the receipt says ${formatPence(toPence('27.55'))} — check for missed lines`,
    );
    // The scan says which printed figure it checked against, in the receipt's words.
    await expect(page.getByTestId('receipt-mismatch-against')).toHaveText(
      `Checked against the receipt's subtotal (printed as ‘SUB TOTAL’ ${formatPence(toPence('27.55'))}).`,
    );
    await snap(page, 'receipt-mismatch-notice');

    // The missed line, typed in: the notice goes.
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.keyboard.type('Naan');
    await page.getByRole('group', { name: 'Naan' }).getByLabel('Price in pounds').fill('1.20');
    await expect(notice).toHaveCount(0);
  });

  test('the editor scan dialogs: upload with preview, and take photo or upload', async ({
    page,
  }) => {
    await page.goto('/split-bill');
    await addFriends(page, ['Alex']);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Variant A: upload, preview, then process in the background with the editor's banner.
    await page.getByRole('button', { name: 'Upload receipt' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Receipt' });
    await expect(upload).toBeVisible();
    await upload.getByRole('button', { name: 'Process Receipt' }).click();
    await expect(toastText(page, 'No Image Selected')).toBeVisible();
    await expect(toastText(page, 'Please upload an image of your receipt.')).toBeVisible();
    await upload.getByTestId('receipt-upload-input').setInputFiles({
      name: 'blank.png',
      mimeType: 'image/png',
      buffer: await blankPng(300, 400),
    });
    await expect(upload.getByRole('img', { name: 'The receipt photo you chose' })).toBeVisible();
    await expect(upload.getByRole('button', { name: 'Try Another Image' })).toBeVisible();
    await expect(
      upload.getByRole('button', { name: 'Or Enter Items Manually Instead' }),
    ).toBeVisible();
    await snap(page, 'receipt-dialog-upload-preview');

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ocr/scan-receipt', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Internal Server Error', message: 'Boom', code: 'X' }),
      });
    });
    await upload.getByRole('button', { name: 'Process Receipt' }).click();
    await expect(upload).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Processing receipt...' }),
    ).toBeVisible();
    // The toast still showing covers the banner: let it go (5 s) before the picture.
    await expect(toastText(page, 'No Image Selected')).toBeHidden();
    await snap(page, 'receipt-editor-processing-banner');
    release();
    await expect(toastText(page, 'Processing failed')).toBeVisible();
    await expect(toastText(page, 'You can add items manually on the next screen')).toBeVisible();
    await expect(page.getByText('No items yet. Add what was on the bill.')).toBeVisible();
    await snap(page, 'receipt-toast-processing-failed');
    await page.unroute('**/api/ocr/scan-receipt');

    // Variant B: Take Photo and Upload, with the hint; a failed scan keeps the dialog for another go.
    await page.getByRole('button', { name: 'Scan Receipt' }).click();
    const photo = page.getByRole('dialog', { name: 'Scan a Receipt' });
    await expect(photo).toBeVisible();
    await expect(photo.getByRole('button', { name: 'Take Photo' })).toBeVisible();
    await expect(photo.getByRole('button', { name: 'Upload' })).toBeVisible();
    await expect(photo).toContainText('flat, well-lit and legible');
    await snap(page, 'receipt-dialog-take-photo');
    await page.route('**/api/ocr/scan-receipt', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Unprocessable', message: 'Not a receipt', code: 'X' }),
      }),
    );
    await photo.getByTestId('receipt-photo-input').setInputFiles({
      name: 'blank.png',
      mimeType: 'image/png',
      buffer: await blankPng(30, 40),
    });
    await expect(toastText(page, 'Scanning Failed')).toBeVisible();
    await expect(photo).toBeVisible();
    await snap(page, 'receipt-toast-scanning-failed');
    await page.unroute('**/api/ocr/scan-receipt');

    await answerScans(page, {
      items: [
        { name: 'Flat White', amount: '3.40' },
        { name: 'Almond Croissant', amount: '3.95' },
      ],
      establishmentName: 'Monmouth Coffee',
      message: '2 items found',
    });
    await photo.getByTestId('receipt-photo-input').setInputFiles({
      name: 'coffee.png',
      mimeType: 'image/png',
      buffer: await blankPng(30, 40),
    });
    await expect(photo).toBeHidden();
    await expect(toastText(page, '2 items found on your receipt!')).toBeVisible();
    await expect(priceOf(item(page, 'Flat White'))).toHaveValue('3.40');
    await expect(page.getByTestId('bill-name')).toHaveText('Monmouth Coffee');
    await snap(page, 'receipt-toast-analyzed');
  });

  test('the take photo dialog gives a reading 15 s, then hangs up and offers manual entry', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/split-bill');
    await addFriends(page, ['Alex']);
    await page.getByRole('button', { name: 'Continue' }).click();
    const dropped: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().endsWith('/api/ocr/scan-receipt')) dropped.push(request.url());
    });
    // The service never answers.
    await page.route('**/api/ocr/scan-receipt', () => {});
    await page.getByRole('button', { name: 'Remove French Fries' }).click();
    await page.getByRole('button', { name: 'Remove Red Wine' }).click();
    await page.getByRole('button', { name: 'Scan Receipt' }).click();
    const photo = page.getByRole('dialog', { name: 'Scan a Receipt' });
    await photo.getByTestId('receipt-photo-input').setInputFiles({
      name: 'slow.png',
      mimeType: 'image/png',
      buffer: await blankPng(30, 40),
    });
    await expect(photo.getByRole('status')).toContainText(/Uploading your photo|Reading the items/);
    await page.clock.fastForward(14_000);
    await expect(photo.getByRole('status')).toContainText(/Uploading your photo|Reading the items/);
    await expect(toastText(page, 'Scanning Failed')).toBeHidden();
    await page.clock.fastForward(1_100);
    await expect(toastText(page, 'Scanning Failed')).toBeVisible();
    await expect(toastText(page, 'Processing timed out. Please try again.')).toBeVisible();
    await expect(photo.getByRole('button', { name: 'Enter Items Manually' })).toBeVisible();
    await expect.poll(() => dropped.length).toBe(1);
    await snap(page, 'receipt-dialog-timeout');
  });

  test('a reading finished before anyone was named: the processing screen asks for names', async ({
    page,
  }) => {
    await page.goto('/');
    await patchDraft(page, {
      scan: {
        status: 'complete',
        startTime: Date.now(),
        source: 'capture',
        data: reading({
          items: [{ name: 'Pad Thai', amount: '12.95' }],
          serviceCharge: '1.62',
          establishmentName: 'Busaba',
          message: '1 item found',
        }),
      },
    });
    await page.goto('/processing-receipt');
    await expect(page.getByText('Found 1 item. Opening your bill...')).toBeVisible();
    const friends = await addFriends(page, ['Jo']);
    await friends.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/split-bill$/);
    await expect(toastText(page, '1 item found on your receipt!')).toBeVisible();
    await expect(priceOf(item(page, 'Pad Thai'))).toHaveValue('12.95');
    await expect(page.getByRole('textbox', { name: 'Service Charge' })).toHaveValue('1.62');
    await expect(
      page.getByRole('list', { name: 'People on this bill' }).getByRole('listitem'),
    ).toHaveText([FIRST_NAME, 'Jo']);

    // Dismissing the friends dialog of a new capture stops that reading: nothing is left pending.
    await page.goto('/');
    await libraryInput(page).setInputFiles({
      name: 'blank.png',
      mimeType: 'image/png',
      buffer: await blankPng(30, 40),
    });
    await expect(page.getByRole('dialog', { name: 'Add Friends to Split With' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Add Friends to Split With' })).toBeHidden();
    expect((await storedDraft(page))?.scan ?? null).toBeNull();
  });
});
