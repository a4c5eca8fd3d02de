import type { Locator, Page } from '@playwright/test';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item } from './support/locators';
import { ensureSignedIn } from './support/session';

// Keyboard alone (issue 24): the split editor and its portions dialog, where a long press has a
// keyboard path (Shift+Enter), and dialogs that keep focus inside while open and give it back when
// they close. No mouse, no tap, no element focused by the test: Tab, Shift+Tab, Enter, Space,
// arrows and Escape.

/** Presses Tab until `target` has focus (at most `max` times); fails if it never gets it. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Tabs round `dialog` twice over and checks that focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((el) => el.contains(document.activeElement)),
        `focus after ${i + 1} x ${key}`,
      ).toBe(true);
    }
  }
}

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, 'Morgan', 'Reed');
});

test('the split editor and the portions dialog, with the keyboard alone', async ({ page }) => {
  await page.goto('/split-bill');
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await expect(friends).toBeVisible();
  await expect(friends.getByRole('textbox').first()).toBeFocused();
  await page.keyboard.type('Priya');
  await expectFocusTrapped(page, friends);
  await tabTo(page, friends.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(friends).toBeHidden();

  // Toggling people on items: Space and Enter on the focused button.
  const fries = item(page, 'French Fries');
  const wine = item(page, 'Red Wine');
  await tabTo(page, assignButton(fries, 'Morgan'));
  await page.keyboard.press('Space');
  await expect(assignButton(fries, 'Morgan')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  await expect(assignButton(fries, 'Priya')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(assignButton(fries, 'Priya')).toHaveAttribute('aria-pressed', 'true');

  // The long press from the keyboard: Shift+Enter opens the portions dialog on the portions field.
  const priyaWine = assignButton(wine, 'Priya');
  await tabTo(page, priyaWine);
  await page.keyboard.press('Shift+Enter');
  const portions = page.getByRole('dialog', { name: 'How many portions?' });
  await expect(portions).toBeVisible();
  const field = portions.getByRole('spinbutton', { name: 'Portions' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('1');
  await page.keyboard.press('ArrowUp');
  await expect(field).toHaveValue('1.5');
  await expectFocusTrapped(page, portions);
  await snap(page, 'keyboard-portions');
  // Enter confirms; focus comes back to the button the dialog was opened from.
  await tabTo(page, field);
  await page.keyboard.press('Enter');
  await expect(portions).toBeHidden();
  await expect(priyaWine).toBeFocused();
  await expect(priyaWine).toContainText('×1.5');
  await expect(priyaWine).toHaveAttribute('aria-pressed', 'true');

  // Escape leaves things as they were, and focus goes back too.
  await page.keyboard.press('Shift+Enter');
  await expect(field).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Escape');
  await expect(portions).toBeHidden();
  await expect(priyaWine).toBeFocused();
  await expect(priyaWine).toContainText('×1.5');

  // Split with the keyboard: the summary opens.
  await tabTo(page, page.getByRole('button', { name: /^Split(?! the rest)/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/summary$/);
});

test('a dialog opened from a button keeps focus inside and gives it back on close', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hi Morgan' })).toBeVisible();
  const profile = page.getByRole('button', { name: /^Your profile/ });
  await tabTo(page, profile);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Your Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await expectFocusTrapped(page, dialog);
  await snap(page, 'keyboard-profile-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(profile).toBeFocused();

  // The same with the close button, reached by Tab and pressed with Space.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Close' }));
  await page.keyboard.press('Space');
  await expect(dialog).toBeHidden();
  await expect(profile).toBeFocused();
});
