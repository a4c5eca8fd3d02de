import type { Page } from '@playwright/test';
import type { BillDetail } from '../src/contracts/bills';
import { formatPence, toPence } from '../src/domain/money';
import { expect, snap, test } from './support/fixtures';
import { ensureSignedIn } from './support/session';

// Issue 25 / DECISIONS.md: /friends and the Friends tab list the people the user split bills with,
// most recent first, with how many bills they shared and what is still pending from them; tapping
// one lists those bills. Expected money comes from the stored bills and the domain's formatter.

// As long as a person's name may be (50 characters, the bill rules).
const LONG = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Sm';

async function save(page: Page, name: string, friends: string[], amount: string) {
  const res = await page.request.post('/api/bills', {
    data: {
      name,
      participants: [
        { key: 'me', name: 'Morgan' },
        ...friends.map((n, i) => ({ key: `f${i}`, name: n })),
      ],
      items: [{ name: 'Food', amount, splitMode: 'equally' }],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  return (await (await page.request.get(`/api/bills/${id}`)).json()) as BillDetail;
}

const due = (bill: BillDetail, name: string) =>
  toPence(bill.participants.find((p) => p.participantName === name)!.amountDue);

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('friends: most recent first, shared bills and what is pending; a friend lists their bills', async ({
  page,
}) => {
  await ensureSignedIn(page, 'Morgan', 'Reed');
  const curry = await save(page, 'Curry night', ['Alex', 'Priya'], '45.00');
  const brunch = await save(page, 'Brunch', ['alex', LONG], '30.01');
  const pub = await save(page, 'The Crown & Anchor', ['Priya'], '18.00');
  // Priya pays her share of the pub bill, marked paid by hand once its links exist.
  await page.request.post('/api/sandbox/connect', {
    data: { accountHolderName: 'Morgan Reed', sortCode: '20-00-00', accountNumber: '55779911' },
  });
  expect((await page.request.post('/api/payment-links', { data: { billId: pub.id } })).ok()).toBe(
    true,
  );
  const priyaOnPub = pub.participants.find((p) => p.participantName === 'Priya')!;
  expect(
    (
      await page.request.post(`/api/bills/${pub.id}/participants/${priyaOnPub.id}/payment`, {
        data: { method: 'cash' },
      })
    ).ok(),
  ).toBe(true);

  await page.goto('/friends');
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Friends' }).getByRole('link');
  await expect(rows).toHaveCount(3);
  // Most recent first: Priya (the pub), then the brunch's people by name.
  await expect(rows.nth(0)).toContainText('Priya');
  await expect(rows.nth(0)).toContainText(
    `2 shared bills · ${formatPence(due(curry, 'Priya'))} pending on 1 bill`,
  );
  await expect(rows.nth(1)).toContainText('alex');
  await expect(rows.nth(1)).toContainText(
    `2 shared bills · ${formatPence(due(curry, 'Alex') + due(brunch, 'alex'))} pending on 2 bills`,
  );
  await expect(rows.nth(2)).toContainText(LONG);
  await expect(rows.nth(2)).toContainText('1 shared bill');
  await noSidewaysScroll(page);
  await snap(page, 'friends-screen');

  // Tapping one lists the bills shared with them, newest first, with their share.
  await rows.nth(0).click();
  await expect(page).toHaveURL(/\/friends\/Priya$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Priya' })).toBeVisible();
  await expect(page.getByTestId('friend-summary')).toHaveText(
    `2 shared bills · ${formatPence(due(curry, 'Priya'))} pending on 1 bill`,
  );
  const bills = page.getByRole('list', { name: 'Bills with Priya' }).getByRole('link');
  await expect(bills).toHaveCount(2);
  await expect(bills.nth(0)).toContainText('The Crown & Anchor');
  await expect(bills.nth(0)).toContainText(formatPence(due(pub, 'Priya')));
  await expect(bills.nth(0)).toContainText('Paid');
  await expect(bills.nth(1)).toContainText('Curry night');
  await expect(bills.nth(1)).toContainText(formatPence(due(curry, 'Priya')));
  await expect(bills.nth(1)).toContainText('Pending');
  await noSidewaysScroll(page);
  await snap(page, 'friends-one-friend');

  // A bill opens its detail; back to friends from the friend's page.
  await bills.nth(1).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Curry night' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Back to friends' }).click();
  await expect(page).toHaveURL(/\/friends$/);

  // The long name wraps on its own page too.
  await page.getByRole('link', { name: new RegExp(LONG) }).click();
  await expect(page.getByRole('heading', { level: 1, name: LONG })).toBeVisible();
  await noSidewaysScroll(page);

  // The Friends tab of /activity: the same rows, and they open the same page (by keyboard here).
  await page.goto('/activity');
  await page.getByRole('tab', { name: 'Friends' }).click();
  const tabRow = page.getByRole('list', { name: 'Friends' }).getByRole('link').nth(1);
  await expect(tabRow).toContainText('alex');
  await tabRow.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/friends\/alex$/);
  await expect(page.getByRole('list', { name: 'Bills with alex' }).getByRole('link')).toHaveCount(
    2,
  );

  // A name on none of the user's bills says so.
  await page.goto('/friends/Nobody');
  await expect(page.getByText('No bills shared with this person.', { exact: true })).toBeVisible();
});
