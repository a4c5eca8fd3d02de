import type { Locator, Page } from '@playwright/test';
import {
  AMOUNT_FORMAT_MESSAGE,
  AMOUNT_NEGATIVE_MESSAGE,
  AMOUNT_TOO_LARGE_MESSAGE,
  ITEM_NAME_TOO_LONG_MESSAGE,
  PERSON_NAME_CHARACTERS_MESSAGE,
  PORTIONS_MESSAGE,
  TIP_PERCENT_MESSAGE,
} from '../src/domain/bill-rules';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item } from './support/locators';
import { DRAFT_STORAGE_KEY, OLD_DRAFT_KEYS } from '../src/web/entities/bill/draft/store';
import { storedDraft } from './support/draft';
import { ensureSignedIn } from './support/session';

// Issue 25, at 390 x 844: one set of bill rules in the browser and on the server, names as people
// write them, manual entry that marks what it cannot read, and the summary and bill detail showing
// the same lines. Every message expected here is the rule's own constant, the server's words too.

const FIRST_NAME = 'Morgan';

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, FIRST_NAME, 'Reed');
});

async function addFriends(page: Page, names: readonly string[]) {
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await expect(friends).toBeVisible();
  const fields = friends.getByRole('textbox');
  for (const [i, name] of names.entries()) {
    if (i >= 2) await friends.getByRole('button', { name: 'Add More' }).click();
    await fields.nth(i).fill(name);
  }
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(friends).toBeHidden();
}

const splitButton = (page: Page) => page.getByRole('button', { name: /^Split(?! the rest)/ });

/** The message tied to a field by aria-describedby: what the screen says is wrong with it. */
async function describedProblem(field: Locator): Promise<string> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const id = await field.getAttribute('aria-describedby');
  if (!id) throw new Error('the field has no description');
  return (await field.page().locator(`[id="${id}"]`).innerText()).trim();
}

/** The width of the page's content against the window: equal when nothing scrolls sideways. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test('the editor refuses at the field what the server would refuse, and Split waits', async ({
  page,
}) => {
  await page.goto('/split-bill');
  await addFriends(page, ['Alex']);
  const fries = item(page, 'French Fries');
  const wine = item(page, 'Red Wine');
  await assignButton(fries, FIRST_NAME).click();
  await assignButton(wine, 'Alex').click();
  const split = splitButton(page);
  await expect(split).toBeEnabled();

  // A 121-character item name.
  const name = fries.getByLabel('Item name');
  await name.fill('x'.repeat(121));
  const longItem = page.getByRole('group', { name: 'x'.repeat(121) }).getByLabel('Item name');
  expect(await describedProblem(longItem)).toBe(ITEM_NAME_TOO_LONG_MESSAGE);
  await expect(split).toBeDisabled();
  await longItem.fill('French Fries');
  await expect(split).toBeEnabled();

  // A £99,999,999,999 price, and one with three decimals.
  const price = fries.getByLabel('Price in pounds');
  await price.fill('99999999999');
  expect(await describedProblem(price)).toBe(AMOUNT_TOO_LARGE_MESSAGE);
  await expect(split).toBeDisabled();
  await price.fill('4.999');
  expect(await describedProblem(price)).toBe(AMOUNT_FORMAT_MESSAGE);
  await expect(split).toBeDisabled();
  await price.fill('4.99');
  await expect(split).toBeEnabled();

  // Tip 150% and -5%, service charge -£3: said at the field, and Split waits.
  const tip = page.getByRole('textbox', { name: 'Tip (%)' });
  await tip.fill('150');
  expect(await describedProblem(tip)).toBe(TIP_PERCENT_MESSAGE);
  await expect(split).toBeDisabled();
  await tip.fill('-5');
  expect(await describedProblem(tip)).toBe(TIP_PERCENT_MESSAGE);
  await expect(split).toBeDisabled();
  await tip.fill('10');
  const service = page.getByRole('textbox', { name: 'Service Charge' });
  await service.fill('-3');
  expect(await describedProblem(service)).toBe(AMOUNT_NEGATIVE_MESSAGE);
  await expect(split).toBeDisabled();
  await snap(page, 'rules-editor-refused');
  await service.fill('2.00');
  await expect(split).toBeEnabled();

  // 1,000,000,000 portions: the dialog will not take it.
  await assignButton(wine, FIRST_NAME).focus();
  await page.keyboard.press('Shift+Enter');
  const portions = page.getByRole('dialog', { name: 'How many portions?' });
  const portionsField = portions.getByRole('spinbutton', { name: 'Portions' });
  await portionsField.fill('1000000000');
  await expect(portions.getByText(PORTIONS_MESSAGE, { exact: true })).toBeVisible();
  await expect(portions.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await portionsField.fill('2.5');
  await portions.getByRole('button', { name: 'Confirm' }).click();
  await expect(assignButton(wine, FIRST_NAME)).toContainText('×2.5');

  // A discount given to someone with nothing else: their share would be below zero.
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.keyboard.type('Voucher');
  const voucher = item(page, 'Voucher');
  await voucher.getByLabel('Price in pounds').fill('-20');
  await assignButton(voucher, 'Alex').click();
  await expect(page.getByRole('alert')).toContainText("Alex's share would be below £0.00");
  await expect(split).toBeDisabled();
  await voucher.getByRole('button', { name: 'Remove Voucher' }).click();
  await expect(split).toBeEnabled();

  // A save the server still refuses (the body altered on its way, past the browser's checks):
  // the toast carries the server's own words and the bill stays on screen.
  await split.click();
  await expect(page).toHaveURL(/\/summary$/);
  await page.route('**/api/bills', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { items: { name: string }[] };
    body.items[0]!.name = 'y'.repeat(121);
    await route.fulfill({ response: await route.fetch({ postData: JSON.stringify(body) }) });
  });
  await page.getByRole('button', { name: 'Done' }).click();
  const toast = page.getByRole('status').filter({ hasText: "Couldn't save the bill" });
  await expect(toast).toContainText(ITEM_NAME_TOO_LONG_MESSAGE);
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole('heading', { name: 'Who owes what' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Done' })).toBeEnabled();
});

test('a price the editor cannot read stays as typed, says why at the field, and survives a reload', async ({
  page,
}) => {
  await page.goto('/split-bill');
  await addFriends(page, ['Alex']);
  const fries = item(page, 'French Fries');
  await assignButton(fries, FIRST_NAME).click();
  await assignButton(item(page, 'Red Wine'), 'Alex').click();
  const split = splitButton(page);
  await expect(split).toBeEnabled();

  // A number field would empty '12abc' and quietly make it £0.00; the text field keeps it.
  const price = fries.getByLabel('Price in pounds');
  await expect(price).toHaveAttribute('type', 'text');
  await expect(price).toHaveAttribute('inputmode', 'decimal');
  await price.fill('12abc');
  await expect(price).toHaveValue('12abc');
  expect(await describedProblem(price)).toBe(AMOUNT_FORMAT_MESSAGE);
  await expect(split).toBeDisabled();
  const service = page.getByRole('textbox', { name: 'Service Charge' });
  await service.fill('2,50');
  await expect(service).toHaveValue('2,50');
  expect(await describedProblem(service)).toBe(AMOUNT_FORMAT_MESSAGE);
  await snap(page, 'rules-price-unreadable');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await snap(page, 'rules-service-unreadable');

  // The draft keeps what was typed: a reload shows the same text, the same message, Split waiting.
  await page.reload();
  await expect(price).toHaveValue('12abc');
  expect(await describedProblem(price)).toBe(AMOUNT_FORMAT_MESSAGE);
  await expect(service).toHaveValue('2,50');
  await expect(split).toBeDisabled();

  // Put right, the bill is the pence typed: 12.50 + 22.00 + 2.50 service.
  await price.fill('12.5');
  await service.fill('2.50');
  await expect(price).not.toHaveAttribute('aria-invalid', 'true');
  await expect(split).toBeEnabled();
  await expect(split).toContainText('£37.00');
});

test('manual entry marks a row it cannot read instead of changing or dropping it', async ({
  page,
}) => {
  await page.goto('/split-bill');
  await addFriends(page, ['Alex']);
  await page.getByRole('button', { name: 'Upload receipt' }).click();
  await page.getByRole('button', { name: /enter.*manually/i }).click();
  const manual = page.getByRole('dialog', { name: 'Manual Receipt Entry' });
  await expect(manual).toBeVisible();
  const names = manual.getByLabel('Item name');
  const prices = manual.getByLabel('Price in pounds');
  const addRow = manual.getByRole('button', { name: 'Add Another Item' });
  const add = manual.getByRole('button', { name: 'Add Items to Bill' });

  await names.nth(0).fill('Pie');
  await prices.nth(0).fill('12abc.50');
  expect(await describedProblem(prices.nth(0))).toBe(AMOUNT_FORMAT_MESSAGE);
  await expect(add).toBeDisabled();
  await addRow.click();
  await names.nth(1).fill('Tea');
  await prices.nth(1).fill('3.333');
  expect(await describedProblem(prices.nth(1))).toBe(AMOUNT_FORMAT_MESSAGE);
  await addRow.click();
  await names.nth(2).fill('Only a name');
  await addRow.click();
  await prices.nth(3).fill('4.00');
  await addRow.click(); // leaves the row with only a price
  expect(await describedProblem(prices.nth(2))).toBe('Add the price, or clear this row');
  expect(await describedProblem(names.nth(3))).toBe('Add the item’s name, or clear this row');
  await expect(manual.locator('[role="group"][data-invalid]')).toHaveCount(4);
  await snap(page, 'rules-manual-entry-marked');
  await expect(add).toBeDisabled();

  // Put right, each row is added exactly as typed.
  await prices.nth(0).fill('12.50');
  await prices.nth(1).fill('3.33');
  await prices.nth(2).fill('1.20');
  await names.nth(3).fill('Water');
  await expect(manual.locator('[role="group"][data-invalid]')).toHaveCount(0);
  await add.click();
  await expect(manual).toBeHidden();
  for (const [name, price] of [
    ['Pie', '12.50'],
    ['Tea', '3.33'],
    ['Only a name', '1.20'],
    ['Water', '4.00'],
  ] as const) {
    await expect(item(page, name).getByLabel('Price in pounds')).toHaveValue(price);
  }
});

test("one rule for people's names; long names never make a screen scroll sideways", async ({
  page,
}) => {
  const longFriend = 'Wolfeschlegelsteinhausenbergerdorff Maximiliana'; // 47 characters
  await page.goto('/split-bill');
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  const fields = friends.getByRole('textbox');
  await fields.nth(0).fill('Ann 🍕');
  expect(await describedProblem(fields.nth(0))).toBe(PERSON_NAME_CHARACTERS_MESSAGE);
  await expect(friends.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(friends).toBeHidden();
  await page.getByRole('button', { name: 'Add friends' }).click();
  await addFriends(page, ["O'Brien", 'Zoë', 'Anne-Marie', '李', longFriend]);

  // The editor's 'Add a person': the same rule, the same words.
  const addPerson = page.getByRole('textbox', { name: 'Add a person' });
  await addPerson.fill('Ben 🍕');
  expect(await describedProblem(addPerson)).toBe(PERSON_NAME_CHARACTERS_MESSAGE);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await addPerson.fill('St. John');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const people = page.getByRole('list', { name: 'People on this bill' }).getByRole('listitem');
  await expect(people).toHaveText([
    FIRST_NAME,
    "O'Brien",
    'Zoë',
    'Anne-Marie',
    '李',
    longFriend,
    'St. John',
  ]);
  // The long name is shortened on its chip with the whole name kept, and its remove button on screen.
  const chipName = people.nth(5).locator('span[title]');
  await expect(chipName).toHaveAttribute('title', longFriend);
  const remove = page.getByRole('button', { name: `Remove ${longFriend}` });
  await expect(remove).toBeInViewport({ ratio: 1 });

  const longItem = 'Chef’s tasting menu with matched wines, sparkling water and the cheese trolley';
  const fries = item(page, 'French Fries');
  await fries.getByLabel('Item name').fill(longItem);
  const tasting = item(page, longItem);
  await tasting.getByRole('switch', { name: 'Split Equally' }).click();
  await assignButton(item(page, 'Red Wine'), longFriend).click();
  await snap(page, 'rules-editor-long-names');

  const widths = [320, 390, 430];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    expect(await sidewaysOverflow(page), `/split-bill at ${width} px`).toBe(0);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await splitButton(page).click();
  await expect(page).toHaveURL(/\/summary$/);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    expect(await sidewaysOverflow(page), `/summary at ${width} px`).toBe(0);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'rules-summary-long-names');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/history');
  await page
    .getByRole('link', { name: /Misc\. Bill|Bill - / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/bill\//);
  const detail = new URL(page.url()).pathname;
  for (const path of ['/', '/history', '/activity', '/payments', '/settings', detail]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBe(0);
    }
    await page.setViewportSize({ width: 390, height: 844 });
  }
});

test('the summary and bill detail show the same lines; toasts leave the header; names readable', async ({
  page,
}) => {
  await page.goto('/split-bill');
  await addFriends(page, ['Alex']);
  const pudding = item(page, 'French Fries');
  await pudding.getByLabel('Item name').fill('Sticky Toffee Pudding');
  const sticky = item(page, 'Sticky Toffee Pudding');
  await sticky.getByLabel('Price in pounds').fill('6.50');
  // The whole name is in view in its field, not cut off.
  const nameField = sticky.getByLabel('Item name');
  const fits = await nameField.evaluate(
    (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1,
  );
  expect(fits).toBe(true);
  await item(page, 'Red Wine').getByLabel('Item name').fill('Coke');
  const coke = item(page, 'Coke');
  await coke.getByLabel('Price in pounds').fill('3.00');
  await assignButton(sticky, 'Alex').click();
  await assignButton(coke, 'Alex').click();
  await assignButton(coke, FIRST_NAME).focus();
  await page.keyboard.press('Shift+Enter');
  const portions = page.getByRole('dialog', { name: 'How many portions?' });
  await portions.getByRole('spinbutton', { name: 'Portions' }).fill('2.5');
  await portions.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('textbox', { name: 'Tip (%)' }).fill('10');
  await snap(page, 'rules-editor-readable-names');
  await splitButton(page).click();
  await expect(page).toHaveURL(/\/summary$/);

  const cards = page.getByRole('article');
  await expect(cards.first()).toContainText('×2.5');
  await expect(page.getByText('Tip (10%)', { exact: true })).toBeVisible();
  const summaryCards = await cards.allInnerTexts();
  const summaryTotals = await page.getByRole('region', { name: 'Totals' }).innerText();
  await snap(page, 'rules-summary-lines');

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The toast sits below the header: the bell and the avatar stay in view and can be pressed.
  const toast = page.getByRole('status').filter({ hasText: 'Bill has been saved successfully.' });
  await expect(toast).toBeVisible();
  // The home screen's header may still be drawing when the toast shows: both are measured once
  // both are there.
  const header = page.locator('header').first();
  await expect(header).toBeVisible();
  const headerBox = await header.boundingBox();
  const toastBox = await toast.boundingBox();
  expect(headerBox, 'the header is on screen').not.toBeNull();
  expect(toastBox, 'the toast is on screen').not.toBeNull();
  expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  await snap(page, 'rules-toast-below-header');
  await page.getByRole('button', { name: /^Notifications/ }).click({ trial: true, timeout: 2000 });
  await page.getByRole('button', { name: /^Your profile/ }).click({ trial: true, timeout: 2000 });

  await page
    .getByRole('link', { name: /Misc\. Bill|Bill - / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/bill\//);
  await expect(cards.first()).toBeVisible();
  expect(await cards.allInnerTexts()).toEqual(summaryCards);
  expect(await page.getByRole('region', { name: 'Totals' }).innerText()).toBe(summaryTotals);
});

test.describe('drafts', () => {
  test.use({ expectedServerErrors: [503] });

  test('each scan starts a fresh draft; the unsaved one is offered back, never shown under it', async ({
    page,
  }) => {
    // An unsaved bill: a friend and a renamed item, then back home.
    await page.goto('/split-bill');
    await addFriends(page, ['Alex']);
    await item(page, 'French Fries').getByLabel('Item name').fill('Old Dinner Item');
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    const offer = page.getByRole('region', { name: 'Continue your unsaved bill?' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('2 items with Morgan, Alex');
    await snap(page, 'rules-draft-offered-home');

    // A scan that fails: its editor is its own, empty, with the new people only.
    await page.route('**/api/ocr/scan-receipt', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Service Unavailable',
          message: 'Service temporarily unavailable - please try again',
          code: 'OCR_BUSY',
        }),
      }),
    );
    await page.locator('main input[type=file]:not([capture])').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      // A 1 x 1 PNG: the stubbed service answers before anything reads it.
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    });
    await addFriends(page, ['Priya']);
    await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });
    const people = page.getByRole('list', { name: 'People on this bill' }).getByRole('listitem');
    await expect(people).toHaveText([FIRST_NAME, 'Priya']);
    await expect(page.getByText('No items yet. Add what was on the bill.')).toBeVisible();
    await expect(item(page, 'Old Dinner Item')).toHaveCount(0);
    const again = page.getByRole('region', { name: 'Continue your unsaved bill?' });
    await expect(again).toContainText('2 items with Morgan, Alex');
    await snap(page, 'rules-draft-offered-editor');

    // Taken back explicitly: the earlier bill, as it was.
    await again.getByRole('button', { name: 'Continue it' }).click();
    await expect(again).toBeHidden();
    await expect(people).toHaveText([FIRST_NAME, 'Alex']);
    await expect(item(page, 'Old Dinner Item')).toBeVisible();
  });

  test('a draft left under the old keys, or a damaged one, is dropped and the screens still work', async ({
    page,
  }) => {
    await page.goto('/');
    // What a tab kept before the one draft store (amounts as text), and a draft that is not one.
    await page.evaluate(
      ([oldKeys, key]) => {
        for (const old of oldKeys)
          sessionStorage.setItem(old, JSON.stringify({ billName: 'Old', amount: '4.99' }));
        sessionStorage.setItem(key, '{"version":1,"working":{"items":[{"amount":"4.99"}]}');
      },
      [[...OLD_DRAFT_KEYS], DRAFT_STORAGE_KEY] as const,
    );
    await page.goto('/summary');
    await expect(page).toHaveURL(/\/$/); // no summary to show: home
    await page.goto('/split-bill');
    await addFriends(page, ['Alex']);
    await expect(item(page, 'French Fries').getByLabel('Price in pounds')).toHaveValue('4.99');
    const left = await page.evaluate(
      (oldKeys) => oldKeys.filter((old) => sessionStorage.getItem(old) !== null),
      [...OLD_DRAFT_KEYS],
    );
    expect(left).toEqual([]);
    expect((await storedDraft(page))?.working?.participants.map((p) => p.name)).toEqual([
      FIRST_NAME,
      'Alex',
    ]);
  });
});
