import type { Page } from '@playwright/test';
import { formatPence } from '../src/domain/money';
import { splitBill } from '../src/domain/split';
import { makeBill, makeParticipants } from '../src/testing/builders';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item, lineAmount } from './support/locators';
import { ensureSignedIn } from './support/session';

// Save a split with Done, then find it on Home, in History, in its detail, in Activity and behind the
// header bell. Expected money comes from the domain's splitBill() and formatPence(), as in split.spec.

const ME = 'Morgan';

const input = makeBill({
  participants: makeParticipants({ me: ME, alex: 'Alex', priya: 'Priya', jordan: 'Jordan' }),
  items: [
    { name: 'French Fries', amount: '4.99', portions: { me: 1, alex: 1 } },
    { name: 'Red Wine', amount: '22.00', portions: { priya: 1, jordan: 1 } },
  ],
  tipPercent: 10,
  serviceCharge: '4.00',
});
const result = splitBill(input);

/** Every person's card and the totals show the domain's split of `input`. */
async function expectAmounts(page: Page) {
  await expect(page.getByRole('region', { name: 'Bill total' })).toContainText(
    formatPence(result.total),
  );
  for (const share of result.participants) {
    const card = page.getByRole('article', { name: share.name, exact: true });
    await expect(card.getByTestId('person-amount')).toHaveText(formatPence(share.amount));
    for (const line of share.items) {
      await expect(lineAmount(card, line.name)).toHaveText(formatPence(line.amountPence));
    }
    await expect(lineAmount(card, 'Service Charge')).toHaveText(
      formatPence(share.serviceChargePence),
    );
    if (share.tipPence)
      await expect(lineAmount(card, 'Tip')).toHaveText(formatPence(share.tipPence));
  }
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(lineAmount(totals, 'Subtotal')).toHaveText(formatPence(result.subtotal));
  await expect(lineAmount(totals, 'Total')).toHaveText(formatPence(result.total));
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
}

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, ME, 'Reed');
});

test('save a bill with Done, then see it on Home, in History, its detail, Activity and the bell', async ({
  page,
}) => {
  // A new user: empty home, empty history, empty activity (after three skeletons), a quiet bell.
  await page.goto('/');
  const bills = page.getByRole('region', { name: 'Your bills' });
  await expect(bills.getByText('No bills yet', { exact: true })).toBeVisible();
  await expect(bills.getByText('Start by capturing a receipt', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await snap(page, 'bills-home-empty');

  await page.goto('/history');
  await expect(page.getByText('No bills yet', { exact: true })).toBeVisible();

  // Each list's answer is held until its skeleton has been seen: a time-out would race the page's
  // own loading (home's bills are asked for beside its code, before it first renders).
  let releaseActivity: () => void = () => {};
  const activityHeld = new Promise<void>((resolve) => (releaseActivity = resolve));
  await page.route('**/api/activity', async (route) => {
    await activityHeld;
    await route.continue();
  });
  await page.goto('/activity');
  await expect(page.getByTestId('activity-skeleton')).toHaveCount(3);
  await snap(page, 'bills-activity-loading');
  releaseActivity();
  await expect(page.getByText('No activity yet', { exact: true })).toBeVisible();
  await page.unroute('**/api/activity');
  await page.getByRole('button', { name: 'Create Your First Bill' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Home's skeleton while the list loads.
  let releaseBills: () => void = () => {};
  const billsHeld = new Promise<void>((resolve) => (releaseBills = resolve));
  await page.route('**/api/bills', async (route) => {
    await billsHeld;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('bill-skeleton')).toHaveCount(3);
  await snap(page, 'bills-home-loading');
  releaseBills();
  await expect(page.getByText('No bills yet', { exact: true })).toBeVisible();
  await page.unroute('**/api/bills');

  // The split: three friends, fries for me and Alex, wine for Priya and Jordan, 10% tip, £4 service.
  await page.goto('/split-bill');
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  const fields = friends.getByRole('textbox');
  await fields.nth(0).fill('Alex');
  await fields.nth(1).fill('Priya');
  await friends.getByRole('button', { name: 'Add More' }).click();
  await fields.nth(2).fill('Jordan');
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(friends).toBeHidden();
  await assignButton(item(page, 'French Fries'), ME).click();
  await assignButton(item(page, 'French Fries'), 'Alex').click();
  await assignButton(item(page, 'Red Wine'), 'Priya').click();
  await assignButton(item(page, 'Red Wine'), 'Jordan').click();
  await page.getByRole('textbox', { name: 'Tip (%)' }).fill('10');
  await page.getByRole('textbox', { name: 'Service Charge' }).fill('4.00');
  await page.getByRole('button', { name: /^Split(?! the rest)/ }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await expectAmounts(page);

  // A failed save keeps everything on the summary, to try again.
  let posts = 0;
  let releasePost: () => void = () => {};
  const postHeld = new Promise<void>((resolve) => (releasePost = resolve));
  await page.route('**/api/bills', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    await postHeld;
    return route.fulfill({ status: 409, json: { message: 'Conflict' } });
  });
  const done = page.getByRole('button', { name: 'Done' });
  await done.click();
  await expect(done).toBeDisabled();
  releasePost();
  // The toast carries the server's own words.
  await expect(page.getByText("Couldn't save the bill", { exact: true })).toBeVisible();
  await expect(page.getByText('Conflict', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/summary$/);
  await expect(done).toBeEnabled();
  expect(posts).toBe(1);
  await page.unroute('**/api/bills');

  // The real save: one request with the whole bill.
  const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/bills'));
  await done.click();
  const body = (await saved).postDataJSON() as {
    name: string;
    status: string;
    items: unknown[];
    participants: unknown[];
  };
  expect(body.status).toBe('saved');
  expect(body.items).toHaveLength(2);
  expect(body.participants).toHaveLength(4);
  expect(body.name).toMatch(/^Bill - \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  const name = body.name;
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(page.getByText('Bill has been saved successfully.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Dismiss notification' }).click();

  // Home: under This week, with the others named and the user left out.
  const thisWeek = page.getByRole('region', { name: 'This week' });
  await expect(thisWeek.getByText(name, { exact: true })).toBeVisible();
  await expect(thisWeek.getByText('With Alex, Priya, & Jordan', { exact: true })).toBeVisible();
  await expect(thisWeek).toContainText(formatPence(result.total));

  // The bell counts the new activity; opening it lists it and marks it seen.
  const bell = page.getByRole('button', { name: 'Notifications, 1 new' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('unseen-badge')).toHaveText('1');
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'bills-home');
  const seen = page.waitForResponse((r) => r.url().endsWith('/api/activity/seen') && r.ok());
  await bell.click();
  const whatsHappening = page.getByRole('dialog', { name: "What's happening" });
  const sentence = `You created a new bill split ${name} with 4 participants`;
  await expect(whatsHappening.getByText(sentence, { exact: true })).toBeVisible();
  await seen;
  await snap(page, 'bills-bell-open');
  await page.keyboard.press('Escape');
  await expect(whatsHappening).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeFocused();
  await expect(page.getByTestId('unseen-badge')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Its detail from Home: the summary's amounts; back goes home.
  await page.getByRole('link', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(/\/bill\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectAmounts(page);
  await snap(page, 'bills-detail');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await snap(page, 'bills-detail-end');
  // Get paid back, with no bank connected yet: the payments onboarding dialog (get-paid.spec).
  await page.getByRole('button', { name: 'Covered the bill? Get paid back' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect your bank to get paid' });
  await connect.getByRole('button', { name: 'Not now' }).click();
  await expect(connect).toBeHidden();
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);

  // History: This week, the History tab current, the row opens the detail, back returns here.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  const historyWeek = page.getByRole('region', { name: 'This week' });
  await expect(historyWeek.getByText('With Alex, Priya, Jordan', { exact: true })).toBeVisible();
  await snap(page, 'bills-history');
  await historyWeek.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectAmounts(page);
  await page.getByRole('button', { name: 'Back to history' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Activity: the sentence, the Pending badge of a saved bill, and when.
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: sentence });
  await expect(card).toBeVisible();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByText('just now', { exact: true })).toBeVisible();
  await snap(page, 'bills-activity');
  await page.getByRole('tab', { name: 'Friends' }).click();
  await expect(page.getByText('Priya', { exact: true })).toBeVisible();
  await snap(page, 'bills-friends');
});

test('a bill that does not exist says so, and back goes to History', async ({ page }) => {
  await page.goto('/bill/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Bill not found' })).toBeVisible();
  await expect(
    page.getByText('Bill not found - it may have been deleted', { exact: true }),
  ).toBeVisible();
  await snap(page, 'bills-not-found');
  await page.getByRole('button', { name: 'Back to history' }).first().click();
  await expect(page).toHaveURL(/\/history$/);
});

test('History shows the newest 50 bills, and older ones when asked', async ({ page }) => {
  // 52 bills through the spec's create call, oldest first.
  for (let i = 1; i <= 52; i++) {
    const res = await page.request.post('/api/bills', {
      data: { name: `Dinner ${i}`, totalAmount: `${i}.00` },
    });
    expect(res.ok()).toBe(true);
  }
  await page.goto('/history');
  await expect(page.getByText('Dinner 52', { exact: true })).toBeVisible();
  await expect(page.getByText('Dinner 3', { exact: true })).toBeAttached();
  await expect(page.getByText('Dinner 2', { exact: true })).toHaveCount(0);

  const older = page.getByRole('button', { name: 'Show older bills' });
  await older.scrollIntoViewIfNeeded();
  await snap(page, 'bills-history-more');
  await older.click();
  await expect(page.getByText('Dinner 1', { exact: true })).toBeVisible();
  await expect(page.getByText('Dinner 2', { exact: true })).toBeVisible();
  await expect(older).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Dinner \d+/ })).toHaveCount(52);
});
