import type { Locator, Page } from '@playwright/test';
import { formatPence, toPence } from '../src/domain/money';
import { splitBill, type SplitInput } from '../src/domain/split';
import { renderReceipt, US_RECEIPT } from '../src/server/testing/receipt-fixtures';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item, lineAmount } from './support/locators';
import { ensureSignedIn } from './support/session';

// Tax added on top of the prices (DECISIONS.md Money, docs/decisions/016-tax-on-top.md), at
// 390 x 844: a US receipt's sales tax reaches the editor, the summary shares it like the tip, and
// the saved bill shows it; a tax typed by hand does the same. Money expected on screen is computed
// with the domain's splitBill and formatPence, never typed by hand.

const ME = 'Morgan';

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, ME, 'Reed');
});

const libraryInput = (page: Page) => page.locator('main input[type=file]:not([capture])');

async function addFriend(page: Page, name: string) {
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await expect(friends).toBeVisible();
  await friends.getByRole('textbox').first().fill(name);
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(friends).toBeHidden();
}

/** A person's card under 'Who owes what'. */
const personCard = (page: Page, name: string): Locator =>
  page.getByRole('article', { name, exact: true });

/** Scrolls the totals to the middle of the screen, clear of the sticky actions at the bottom. */
async function showTotals(page: Page) {
  await page
    .getByRole('region', { name: 'Totals' })
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

/** Closes the toast showing, if any, so that a screenshot shows the screen under it. */
async function dismissToast(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  if (await close.isVisible()) await close.click();
  await expect(close).toHaveCount(0);
}

/** Each person's amount and tax line on the summary or bill detail, as the domain split says. */
async function expectShares(page: Page, input: SplitInput) {
  const result = splitBill(input);
  for (const share of result.participants) {
    const card = personCard(page, share.name);
    await expect(card.getByTestId('person-amount')).toHaveText(formatPence(share.amount));
    await expect(lineAmount(card, 'Tax')).toHaveText(formatPence(share.taxPence));
  }
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(lineAmount(totals, 'Tax')).toHaveText(formatPence(result.tax));
  await expect(lineAmount(totals, 'Total')).toHaveText(formatPence(result.total));
  return result;
}

test('a US receipt: its sales tax is seeded, shared by what each person had, and saved', async ({
  page,
}) => {
  await page.goto('/');
  await libraryInput(page).setInputFiles({
    name: 'diner.png',
    mimeType: 'image/png',
    buffer: await renderReceipt(US_RECEIPT),
  });
  await addFriend(page, 'Alex');
  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 20_000 });
  const prices = page.getByLabel('Price in pounds');
  await expect(prices).toHaveCount(3);
  // The receipt's items, and its sales tax in the Tax field: part of what was paid.
  const tax = page.getByRole('textbox', { name: 'Tax' });
  await expect(tax).toHaveValue('1.50');
  const editorTotals = page.getByRole('region', { name: 'Totals' });
  await expect(lineAmount(editorTotals, 'Tax')).toHaveText('£1.50');
  await expect(lineAmount(editorTotals, 'Total')).toHaveText('£19.74');
  await expect(page.getByTestId('receipt-mismatch')).toHaveCount(0);

  const names = await page
    .getByRole('group', { name: /./ })
    .filter({ has: prices })
    .evaluateAll((groups) =>
      groups.map((g) => (g.querySelector('textarea') as HTMLTextAreaElement).value),
    );
  // Morgan had the burger; Alex the fries and the tea.
  await assignButton(item(page, names[0]!), ME).click();
  await assignButton(item(page, names[1]!), 'Alex').click();
  await assignButton(item(page, names[2]!), 'Alex').click();
  await dismissToast(page);
  await page.getByRole('region', { name: 'Totals' }).scrollIntoViewIfNeeded();
  await snap(page, 'tax-editor-us-receipt');

  await page.getByRole('button', { name: /^Split(?! the rest)/ }).click();
  await expect(page).toHaveURL(/\/summary$/);
  const input: SplitInput = {
    participants: [ME, 'Alex'].map((name) => ({ id: name, name })),
    items: [1199, 350, 275].map((amountPence, i) => ({
      name: names[i]!,
      amountPence,
      splitMode: 'manual' as const,
      assignments: [{ participantId: i === 0 ? ME : 'Alex', portions: 1 }],
    })),
    tipPercent: 0,
    serviceChargePence: 0,
    taxPence: 150,
    mode: 'byItem',
  };
  const result = await expectShares(page, input);
  // In proportion to the items: £11.99 of £18.24 is 98.6p of the tax, the rest is Alex's.
  expect(result.participants.map((p) => p.taxPence)).toEqual([99, 51]);
  await dismissToast(page);
  await snap(page, 'tax-summary-us-receipt');
  await showTotals(page);
  await snap(page, 'tax-summary-us-receipt-totals');

  // Saved, the bill detail shows the same lines, read from what the server stored.
  const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/bills'));
  await page.getByRole('button', { name: 'Done' }).click();
  expect(((await saved).postDataJSON() as { tax?: string }).tax).toBe('1.50');
  await expect(page).toHaveURL(/\/$/);
  await page
    .getByRole('link', { name: /^Open / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/bill\/[^/]+$/);
  await expectShares(page, input);
  await dismissToast(page);
  await snap(page, 'tax-bill-detail');
  await showTotals(page);
  await snap(page, 'tax-bill-detail-totals');
});

test('a tax typed by hand is added, changed and cleared; each share includes it', async ({
  page,
}) => {
  await page.goto('/split-bill');
  await addFriend(page, 'Alex');
  // UK prices include VAT: no Tax field until the person asks for one.
  await expect(page.getByRole('textbox', { name: 'Tax' })).toHaveCount(0);
  await page
    .getByRole('button', { name: 'Add tax on top of prices' })
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, 'tax-editor-add-button');
  await page.getByRole('button', { name: 'Add tax on top of prices' }).click();
  const tax = page.getByRole('textbox', { name: 'Tax' });
  await expect(tax).toBeFocused();
  await tax.fill('-1');
  await expect(page.getByText("Can't be below £0.00", { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Split(?! the rest)/ })).toBeDisabled();
  await tax.fill('2.45');
  const editorTotals = page.getByRole('region', { name: 'Totals' });
  await expect(lineAmount(editorTotals, 'Tax')).toHaveText('£2.45');
  await tax.fill('');
  await expect(lineAmount(editorTotals, 'Tax')).toHaveCount(0);
  await tax.fill('3.01');

  await page.getByRole('radio', { name: 'Equally' }).click();
  await tax.scrollIntoViewIfNeeded();
  await snap(page, 'tax-editor-manual');
  await page.getByRole('button', { name: /^Split(?! the rest)/ }).click();
  await expect(page).toHaveURL(/\/summary$/);
  const input: SplitInput = {
    participants: [ME, 'Alex'].map((name) => ({ id: name, name })),
    items: [
      { name: 'French Fries', amountPence: toPence('4.99'), splitMode: 'manual', assignments: [] },
      { name: 'Red Wine', amountPence: toPence('22.00'), splitMode: 'manual', assignments: [] },
    ],
    tipPercent: 0,
    serviceChargePence: 0,
    taxPence: 301,
    mode: 'equal',
  };
  const result = await expectShares(page, input);
  // Split equally, the whole bill (tax included) is shared evenly: £30.00 is £15.00 each.
  expect(result.participants.map((p) => p.amount)).toEqual([1500, 1500]);
  expect(result.participants.map((p) => p.taxPence)).toEqual([150, 151]);
  await dismissToast(page);
  await snap(page, 'tax-summary-manual');
});
