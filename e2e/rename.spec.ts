import type { Page } from '@playwright/test';
import { renameBillBodySchema } from '../src/contracts/bills';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item } from './support/locators';
import { ensureSignedIn } from './support/session';

// Issue 25: a bill can be renamed in the split editor, on the summary and on a saved bill's detail,
// with the mouse or the keyboard; a name the server would refuse is refused at the field with the
// server's words, and nothing scrolls sideways.

/** The message the server's contract gives for a bill name (the browser shows the same). */
const serverMessage = (name: string) => {
  const parsed = renameBillBodySchema.shape.name.safeParse(name);
  if (parsed.success) throw new Error(`'${name}' is a valid name`);
  return parsed.error.issues[0]!.message;
};

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, 'Morgan', 'Reed');
});

test('rename the draft in the editor and the summary, then the saved bill on its detail', async ({
  page,
}) => {
  await page.goto('/split-bill');
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await friends.getByRole('textbox').nth(0).fill('Alex');
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(friends).toBeHidden();

  // The editor: a blank name is refused at the field with the server's words, and keeps the old.
  const billName = page.getByTestId('bill-name');
  const before = await billName.innerText();
  const rename = page.getByRole('button', { name: 'Rename bill' });
  await rename.click();
  const field = page.getByRole('textbox', { name: 'Bill name' });
  await expect(field).toBeFocused();
  await field.fill('   ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('alert').filter({ hasText: serverMessage('   ') })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const tooLong = 'x'.repeat(121);
  await field.fill(tooLong);
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: serverMessage(tooLong) })).toBeVisible();
  // Escape leaves the name as it was, and focus goes back to the button.
  await field.press('Escape');
  await expect(billName).toHaveText(before);
  await expect(rename).toBeFocused();

  // By keyboard only: Enter opens the form, type, Enter saves.
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
  await page.keyboard.type('Caffè Nero');
  await page.keyboard.press('Enter');
  await expect(billName).toHaveText('Caffè Nero');
  await expect(rename).toBeFocused();
  await snap(page, 'rename-editor');
  await page.reload();
  await expect(billName).toHaveText('Caffè Nero');

  await assignButton(item(page, 'French Fries'), 'Morgan').click();
  await assignButton(item(page, 'Red Wine'), 'Alex').click();
  await page.getByRole('button', { name: /^Split(?! the rest)/ }).click();
  await expect(page).toHaveURL(/\/summary$/);

  // The summary: the draft's name, renamed again; a long name wraps instead of scrolling.
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Caffè Nero');
  await page.getByRole('button', { name: 'Rename bill' }).click();
  const long = 'Caffè Nero on Old Compton Street, Soho, after the matinee with everyone from work';
  await page.getByRole('textbox', { name: 'Bill name' }).fill(long);
  await snap(page, 'rename-summary-form');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(title).toHaveText(long);
  await noSidewaysScroll(page);
  await snap(page, 'rename-summary-long-name');
  await page.getByRole('button', { name: 'Rename bill' }).click();
  await page.getByRole('textbox', { name: 'Bill name' }).fill('Caffè Nero, Soho');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(title).toHaveText('Caffè Nero, Soho');
  // A reload keeps it: the name is the draft's.
  await page.reload();
  await expect(title).toHaveText('Caffè Nero, Soho');

  const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/bills'));
  await page.getByRole('button', { name: 'Done' }).click();
  expect(((await saved).postDataJSON() as { name: string }).name).toBe('Caffè Nero, Soho');
  await expect(page).toHaveURL(/\/$/);

  // The saved bill's detail: renamed on the server.
  await page.getByRole('link', { name: 'Open Caffè Nero, Soho' }).click();
  await expect(page).toHaveURL(/\/bill\/[^/]+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(title).toHaveText('Caffè Nero, Soho');
  await page.getByRole('button', { name: 'Rename bill' }).click();
  await page.getByRole('textbox', { name: 'Bill name' }).fill('Coffee with Alex');
  const patched = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/bills/${id}`),
  );
  await page.getByRole('button', { name: 'Save name' }).click();
  expect((await patched).status()).toBe(200);
  await expect(title).toHaveText('Coffee with Alex');
  await expect(page.getByRole('button', { name: 'Rename bill' })).toBeFocused();
  await snap(page, 'rename-detail');
  await page.reload();
  await expect(title).toHaveText('Coffee with Alex');

  // A refusal from the server (here: the bill has gone) is shown at the field, and the name stays.
  await page.route(`**/api/bills/${id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 404,
          json: { message: 'Bill not found - it may have been deleted' },
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Rename bill' }).click();
  await page.getByRole('textbox', { name: 'Bill name' }).fill('Gone');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Bill not found - it may have been deleted' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(title).toHaveText('Coffee with Alex');

  // Home lists the new name.
  await page.unroute(`**/api/bills/${id}`);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Open Coffee with Alex' })).toBeVisible();
});
