import { BANK_MESSAGES } from '../src/domain/bank-details';
import { expect, snap, test } from './support/fixtures';
import { ensureSignedIn, newEmail, PASSWORD } from './support/session';

// The creator's payout account with the sandbox provider: connected from onboarding's payment step
// and from Settings' bank card, through the sandbox's own connect page.

test('onboarding: Get connected, the sandbox connect page, and back home connected', async ({
  page,
}) => {
  await page.request.post('/api/auth/sign-up/email', {
    data: { email: newEmail('payout'), password: PASSWORD },
  });
  await page.goto('/onboarding');
  await page.getByLabel('First name').fill('Siobhán');
  await page.getByLabel('Last name').fill('Murphy');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Get paid back by card' })).toBeVisible();
  await expect(page.getByText('Test mode')).toBeVisible();
  await page.getByRole('button', { name: 'Get connected' }).click();

  // The sandbox's connect page: a test, in words.
  await expect(page).toHaveURL(/\/sandbox\/connect\?/);
  await expect(page.getByRole('heading', { name: 'Connect your bank' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('no real money will move');
  await snap(page, 'sandbox-connect');

  // Refused at the field with the server's own words; nothing is sent.
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await expect(page.getByText(BANK_MESSAGES.accountNameRequired)).toBeVisible();
  await expect(page.getByText(BANK_MESSAGES.sortCodeRequired)).toBeVisible();
  await page.getByLabel('Name on the account').fill('Siobhán Murphy');
  await page.getByLabel('Sort code').fill('12-34');
  await page.getByLabel('Account number').fill('0000 0000');
  await page.getByLabel('Account number').blur();
  await expect(page.getByText(BANK_MESSAGES.sortCodeInvalid)).toBeVisible();
  await expect(page.getByText(BANK_MESSAGES.accountNumberZero)).toBeVisible();
  await snap(page, 'sandbox-connect-errors');

  await page.getByLabel('Sort code').fill('60-83-71');
  await page.getByLabel('Account number').fill('2468 1357');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await expect(page.getByRole('heading', { name: 'Bank account connected' })).toBeVisible();
  await expect(page.getByText('Starling Bank')).toBeVisible();
  await expect(page.getByText('•••• 1357')).toBeVisible();
  await snap(page, 'sandbox-connect-done');

  // Continue goes to the return URL: onboarding, which says so and goes on at step 3, then
  // home once the tour is skipped.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Bank account connected', { exact: true })).toBeVisible();
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hi Siobhán' })).toBeVisible();
});

test('settings: the bank card connects, then shows the bank and Ready to Receive Payments', async ({
  page,
}) => {
  await ensureSignedIn(page, 'Tom', 'Okafor');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Set up payments' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Test mode')).toBeVisible();
  await snap(page, 'settings-bank-not-connected');
  await card.getByRole('button', { name: 'Connect bank account' }).click();

  await expect(page).toHaveURL(/\/sandbox\/connect\?/);
  // Cancel goes back to Settings, which says setup is incomplete.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Setup Incomplete', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await page.getByLabel('Name on the account').fill('Tom Okafor');
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/settings$/);
  const connected = page.getByRole('region', { name: 'Barclays' });
  await expect(connected.getByText('Connected')).toBeVisible();
  await expect(connected.getByText('•••• 9911')).toBeVisible();
  await expect(connected.getByText('Ready to Receive Payments')).toBeVisible();
  await snap(page, 'settings-bank-connected');
});
