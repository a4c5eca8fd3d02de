import type { Locator, Page } from '@playwright/test';
import { PERSON_NAME_CHARACTERS_MESSAGE } from '../src/domain/bill-rules';
import { formatPence } from '../src/domain/money';
import { billTotals, splitBill } from '../src/domain/split';
import { shareText } from '../src/web/features/summary/model/share-text';
import { summaryFromSplit } from '../src/web/entities/bill/model/summary-data';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item, lineAmount } from './support/locators';
import { makeBill, makeParticipants } from '../src/testing/builders';
import { storedDraft } from './support/draft';
import { ensureSignedIn } from './support/session';

// Every amount expected on screen is computed here with the domain's splitBill() and formatPence(),
// from the same input the journey types in: never a hand-typed money string.

/** The name the app gives the current user in a split: their first name, else 'You'. */
async function currentUserName(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/user', { credentials: 'include' });
    const user = res.ok ? ((await res.json()) as { firstName?: string | null } | null) : null;
    return user?.firstName?.trim() || 'You';
  });
}

/** Mouse down, hold past the 400 ms long-press, release. */
async function longPress(page: Page, target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(450);
  await page.mouse.up();
}

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, 'Morgan', 'Reed');
});

test('split a bill: friends, items, portions, tip and service, to a summary that adds up', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/split-bill');
  const me = await currentUserName(page);

  // Friends dialog.
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await expect(friends).toBeVisible();
  await expect(friends.getByTestId('current-user-participant')).toHaveText(me);
  const fields = friends.getByRole('textbox');
  await expect(fields).toHaveCount(2);
  const continueButton = friends.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();

  // Clearing a filled field asks first, and two fields always remain.
  await fields.nth(0).fill('Zed');
  await expect(continueButton).toBeEnabled();
  await friends.getByRole('button', { name: 'Remove Zed' }).click();
  const confirm = page.getByRole('alertdialog', {
    name: 'Are you sure you want to remove this participant?',
  });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(fields).toHaveCount(2);
  await expect(fields.nth(0)).toHaveValue('');

  // Deleting a name's text asks the same question (issue 54); Cancel keeps the name as it was.
  await fields.nth(0).fill('Zoe');
  await fields.nth(0).press('End');
  await fields.nth(0).press('Backspace');
  await fields.nth(0).press('Backspace');
  await expect(confirm).toBeHidden();
  await fields.nth(0).press('Backspace');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(fields.nth(0)).toHaveValue('Z');
  await fields.nth(0).selectText();
  await fields.nth(0).press('Delete');
  await expect(confirm).toBeVisible();
  await snap(page, 'split-confirm-remove-emptied');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(fields).toHaveCount(2);
  await expect(fields.nth(0)).toHaveValue('');

  // The bill rules for names (DECISIONS.md); no duplicates, trimmed and case-insensitive.
  await fields.nth(0).fill('Alex!');
  await expect(friends.getByText(PERSON_NAME_CHARACTERS_MESSAGE)).toBeVisible();
  await expect(fields.nth(0)).toHaveAttribute('aria-invalid', 'true');
  await expect(continueButton).toBeDisabled();
  await fields.nth(0).fill('Alex');
  await expect(continueButton).toBeEnabled();
  await fields.nth(1).fill('  alex ');
  await expect(friends.getByText('This name is already on the list')).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await fields.nth(1).fill('Priya');
  await expect(continueButton).toBeEnabled();

  await friends.getByRole('button', { name: 'Add More' }).click();
  await expect(fields).toHaveCount(3);
  await expect(fields.nth(2)).toBeFocused();
  await page.keyboard.type('Jordan');
  await friends.getByRole('button', { name: 'Add More' }).click();
  await fields.nth(3).fill('Casey');
  await friends.getByRole('button', { name: 'Remove Casey' }).click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(fields).toHaveCount(4);
  await friends.getByRole('button', { name: 'Remove Casey' }).click();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await snap(page, 'split-confirm-remove');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(fields).toHaveCount(3);
  await snap(page, 'split-friends-dialog');
  await continueButton.click();
  await expect(friends).toBeHidden();
  expect((await storedDraft(page))?.participantNames).toEqual([me, 'Alex', 'Priya', 'Jordan']);

  // The editor: the four people as chips, the two sample items, nothing allocated yet.
  const people = page.getByRole('list', { name: 'People on this bill' }).getByRole('listitem');
  await expect(people).toHaveText([me, 'Alex', 'Priya', 'Jordan']);
  await expect(item(page, 'French Fries').getByLabel('Price in pounds')).toHaveValue('4.99');
  await expect(item(page, 'Red Wine').getByLabel('Price in pounds')).toHaveValue('22.00');
  const split = page.getByRole('button', { name: /^Split(?! the rest)/ });
  await expect(split).toBeDisabled();
  await expect(page.getByText('Items need to be allocated', { exact: true })).toBeVisible();
  await expect(page.getByText('Hold down a name to set quantity', { exact: true })).toBeVisible();

  // Four items: the two samples (one repriced) and two typed in.
  await item(page, 'Red Wine').getByLabel('Price in pounds').fill('24.60');
  for (const [name, price] of [
    ['Margherita', '11.50'],
    ['Tiramisu', '7.35'],
  ] as const) {
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(
      page.getByRole('group', { name: /^Item \d$/ }).getByLabel('Item name'),
    ).toBeFocused();
    await page.keyboard.type(name);
    await item(page, name).getByLabel('Price in pounds').fill(price);
  }

  const fries = item(page, 'French Fries');
  const wine = item(page, 'Red Wine');
  const pizza = item(page, 'Margherita');
  const tiramisu = item(page, 'Tiramisu');

  await assignButton(fries, me).click();
  await assignButton(fries, 'Alex').click();
  await expect(assignButton(fries, me)).toHaveAttribute('aria-pressed', 'true');
  const box = await assignButton(fries, 'Alex').boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);

  // A long press opens the portions dialog and its release does not also toggle.
  const portions = page.getByRole('dialog', { name: 'How many portions?' });
  await longPress(page, assignButton(wine, 'Alex'));
  await expect(portions).toBeVisible();
  await portions.getByRole('button', { name: 'Cancel' }).click();
  await expect(portions).toBeHidden();
  await expect(assignButton(wine, 'Alex')).toHaveAttribute('aria-pressed', 'false');

  // 1.5 portions by long press and the plus button.
  await longPress(page, assignButton(wine, me));
  await expect(portions).toBeVisible();
  const portionsField = portions.getByRole('spinbutton', { name: 'Portions' });
  await expect(portionsField).toHaveValue('1');
  await portions.getByRole('button', { name: 'More portions' }).click();
  await expect(portionsField).toHaveValue('1.5');
  await snap(page, 'split-portions-dialog');
  await portions.getByRole('button', { name: 'Confirm' }).click();
  await expect(portions).toBeHidden();
  await expect(assignButton(wine, me)).toHaveAttribute('aria-pressed', 'true');
  await expect(assignButton(wine, me)).toContainText('×1.5');

  // 0.5 portions from the keyboard: Shift+Enter on the focused button, then a quick pick.
  await expect(assignButton(wine, 'Priya')).toHaveAttribute('aria-describedby', /.+/);
  await assignButton(wine, 'Priya').focus();
  await page.keyboard.press('Shift+Enter');
  await expect(portions).toBeVisible();
  await portions.getByRole('button', { name: '0.5 portions' }).click();
  await expect(portionsField).toHaveValue('0.5');
  await portions.getByRole('button', { name: 'Confirm' }).click();
  await expect(assignButton(wine, 'Priya')).toContainText('×0.5');
  await expect(assignButton(wine, 'Priya')).toHaveAttribute('aria-pressed', 'true');
  await assignButton(wine, 'Jordan').click();

  // Setting 0 portions takes someone off an item.
  await assignButton(pizza, 'Alex').click();
  await assignButton(pizza, 'Priya').click();
  await longPress(page, assignButton(pizza, 'Priya'));
  await portions.getByRole('button', { name: 'Fewer portions' }).click();
  await portions.getByRole('button', { name: 'Fewer portions' }).click();
  await expect(portionsField).toHaveValue('0');
  await portions.getByRole('button', { name: 'Confirm' }).click();
  await expect(assignButton(pizza, 'Priya')).toHaveAttribute('aria-pressed', 'false');

  // Split Equally, and back: the manual assignment comes back.
  await assignButton(tiramisu, 'Jordan').click();
  const equally = tiramisu.getByRole('switch', { name: 'Split Equally' });
  await equally.click();
  await expect(assignButton(tiramisu, 'Alex')).toBeDisabled();
  await equally.click();
  await expect(assignButton(tiramisu, 'Jordan')).toHaveAttribute('aria-pressed', 'true');
  await expect(assignButton(tiramisu, 'Alex')).toHaveAttribute('aria-pressed', 'false');
  await equally.click();
  await expect(equally).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('textbox', { name: 'Tip (%)' }).fill('12');
  await page.getByRole('textbox', { name: 'Service Charge' }).fill('6.00');

  const input = makeBill({
    participants: makeParticipants({ me, alex: 'Alex', priya: 'Priya', jordan: 'Jordan' }),
    items: [
      { name: 'French Fries', amount: '4.99', portions: { me: 1, alex: 1 } },
      { name: 'Red Wine', amount: '24.60', portions: { me: 1.5, priya: 0.5, jordan: 1 } },
      { name: 'Margherita', amount: '11.50', portions: { alex: 1 } },
      { name: 'Tiramisu', amount: '7.35', splitMode: 'equally' },
    ],
    tipPercent: 12,
    serviceCharge: '6.00',
  });
  const totals = billTotals(input);
  const result = splitBill(input);

  // Live totals, and they survive a reload with everything else.
  const checkEditor = async () => {
    const editorTotals = page.getByRole('region', { name: 'Totals' });
    await expect(lineAmount(editorTotals, 'Subtotal')).toHaveText(formatPence(totals.subtotal));
    await expect(lineAmount(editorTotals, 'Service Charge')).toHaveText(
      formatPence(totals.serviceCharge),
    );
    await expect(lineAmount(editorTotals, 'Tip')).toHaveText(formatPence(totals.tip));
    await expect(lineAmount(editorTotals, 'Total')).toHaveText(formatPence(totals.total));
    await expect(split).toBeEnabled();
    await expect(split).toContainText(formatPence(totals.total));
    await expect(assignButton(wine, me)).toContainText('×1.5');
    await expect(equally).toHaveAttribute('aria-checked', 'true');
  };
  await checkEditor();
  await page.reload();
  await expect(people).toHaveText([me, 'Alex', 'Priya', 'Jordan']);
  await checkEditor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'split-editor');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await snap(page, 'split-editor-totals');

  await split.click();
  await expect(page).toHaveURL(/\/summary$/);

  // The summary: every amount as the domain splits it.
  await expect(page.getByRole('heading', { level: 1, name: 'Misc. Bill' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bill total' })).toContainText(
    formatPence(result.total),
  );
  for (const share of result.participants) {
    const card = page.getByRole('article', { name: share.name, exact: true });
    await expect(card.getByTestId('person-amount')).toHaveText(formatPence(share.amount));
    const lines = [
      ...share.items.map((line) => [line.name, line.amountPence] as const),
      ...(share.serviceChargePence ? [['Service Charge', share.serviceChargePence] as const] : []),
      ...(share.tipPence ? [['Tip', share.tipPence] as const] : []),
    ];
    await expect(card.locator('dl > div')).toHaveCount(lines.length);
    for (const [label, amount] of lines) {
      await expect(lineAmount(card, label)).toHaveText(formatPence(amount));
    }
  }
  const summaryTotals = page.getByRole('region', { name: 'Totals' });
  await expect(lineAmount(summaryTotals, 'Subtotal')).toHaveText(formatPence(result.subtotal));
  await expect(lineAmount(summaryTotals, 'Service Charge')).toHaveText(
    formatPence(result.serviceCharge),
  );
  // Labelled with its percentage, as bill detail labels it.
  await expect(lineAmount(summaryTotals, 'Tip (12%)')).toHaveText(formatPence(result.tip));
  await expect(lineAmount(summaryTotals, 'Total')).toHaveText(formatPence(result.total));
  const fees = page.getByRole('region', { name: 'If friends pay through Fairshare' });
  // What the creator's friends pay back, fees excluded: everyone's shares but the creator's (first).
  const fromFriends = result.participants.slice(1).reduce((sum, p) => sum + p.amount, 0);
  await expect(fees.getByTestId('from-friends')).toHaveText(
    `You'll receive ${formatPence(fromFriends)} from friends`,
  );
  await expect(lineAmount(fees, 'Payment processing fee (3%)')).toHaveText(formatPence(result.fee));
  await expect(lineAmount(fees, 'Total (inc. fees)')).toHaveText(
    formatPence(result.totalIncludingFees),
  );
  await snap(page, 'split-summary');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await snap(page, 'split-summary-end');

  // Share: the clipboard when there is no share sheet, the share sheet when there is one.
  const expectedText = shareText(summaryFromSplit('Misc. Bill', input, result));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }),
  );
  await page.getByRole('button', { name: 'Share a copy of this bill' }).click();
  await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Bill summary has been copied to your clipboard', { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedText);
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
      },
    }),
  );
  await page.getByRole('button', { name: 'Share a copy of this bill' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
    .toEqual({ title: 'Misc. Bill', text: expectedText });

  // Get paid back, with no bank connected yet: the payments onboarding dialog (get-paid.spec).
  await page.getByRole('button', { name: 'Covered the bill? Get paid back' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect your bank to get paid' });
  await connect.getByRole('button', { name: 'Not now' }).click();
  await expect(connect).toBeHidden();

  // Back goes home and keeps the summary; Done clears the working bill.
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Misc. Bill' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/summary');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/split-bill');
  await expect(page.getByRole('dialog', { name: 'Add Friends to Split With' })).toBeVisible();
});

test('split editor: adding and removing people, and the missing participants and items toasts', async ({
  page,
}) => {
  await page.goto('/split-bill');
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await expect(friends).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(friends).toBeHidden();
  await expect(page.getByText('Nobody on this bill yet.')).toBeVisible();

  const split = page.getByRole('button', { name: /^Split(?! the rest)/ });
  await expect(split).toBeDisabled();
  await expect(page.getByText('Items need to be allocated', { exact: true })).toBeVisible();

  // Chips: trimmed, non-empty, added with Enter or Add, removed with the cross.
  const nameField = page.getByLabel('Add a person');
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await nameField.fill('   ');
  await expect(add).toBeDisabled();
  await nameField.fill('  Sam ');
  await nameField.press('Enter');
  await nameField.fill('Kim');
  await add.click();
  const people = page.getByRole('list', { name: 'People on this bill' }).getByRole('listitem');
  await expect(people).toHaveText(['Sam', 'Kim']);
  await nameField.fill('sam');
  await expect(page.getByText('sam is already on the bill')).toBeVisible();
  await expect(add).toBeDisabled();
  await nameField.fill('');
  await page.getByRole('button', { name: 'Remove Sam' }).click();
  await page.getByRole('button', { name: 'Remove Kim' }).click();
  await expect(people).toHaveCount(0);

  // Split equally needs no assignments, but it does need people...
  await page.getByRole('radio', { name: 'Equally' }).click();
  await expect(split).toBeEnabled();
  await split.click();
  await expect(page.getByText('Missing participants', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please add at least one participant to split with.', { exact: true }),
  ).toBeVisible();

  // ...and items.
  await page.getByRole('button', { name: 'Remove French Fries' }).click();
  await page.getByRole('button', { name: 'Remove Red Wine' }).click();
  await expect(page.getByText('No items yet. Add what was on the bill.')).toBeVisible();
  await split.click();
  await expect(page.getByText('Missing items', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please add at least one item to the bill.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/split-bill$/);
  await snap(page, 'split-editor-empty');
});
