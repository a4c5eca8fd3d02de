import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { JoinBillResponse } from '../src/contracts/join';
import { PERSON_NAME_CHARACTERS_MESSAGE } from '../src/domain/bill-rules';
import { formatPence, toPence } from '../src/domain/money';
import { pickingShares } from '../src/domain/picking';
import {
  phonePhoto,
  renderReceipt,
  UK_RECEIPT_EXPECTED as UK_RECEIPT,
} from '../src/server/testing/receipt-fixtures';
import { pickingInput } from '../src/web/features/join/model/join-view';
import { expect, expectAccessible, shot, snap, test } from './support/fixtures';
import { lineAmount } from './support/locators';
import { ensureSignedIn } from './support/session';

// Friends pick their own items (issue 50), at 390 x 844 with four browser contexts: the creator
// scans the project's UK receipt and lets friends pick; three signed-out friends join from the
// link, pick (one item shared by portions), see each other's picks and their own share change
// without reloading; one pays by card while another is told why they cannot change that item; the
// creator watches it arrive, assigns the last item, asks for the rest, and the bill completes.
// Every amount expected on screen is the domain's pickingShares of the server's picks, formatted
// with formatPence.

const CREATOR = { first: 'Alice', last: 'Archer' };
const CARD_OK = '4242 4242 4242 4242';
const LIVE_TIMEOUT = 15_000;

/** A signed-out friend's phone: its own context, with the journeys' console-error rule. */
async function friendPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    baseURL: process.env.E2E_BASE_URL,
  });
  await context.addInitScript(() => sessionStorage.setItem('fairshare.splashShown', '1'));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()))
      return;
    problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  (page as Page & { problems: string[] }).problems = problems;
  return { context, page };
}

const problemsOf = (page: Page) => (page as Page & { problems?: string[] }).problems ?? [];

/** The join answer as a friend's phone would get it now. */
async function joinState(page: Page, token: string): Promise<JoinBillResponse> {
  const res = await page.request.get(`/api/join/${token}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as JoinBillResponse;
}

/** What the domain says `firstName` owes now (fee included), from the server's picks. */
async function owes(page: Page, token: string, firstName: string): Promise<string> {
  const data = await joinState(page, token);
  const result = pickingShares(pickingInput(data, data.picks));
  const person = data.participants.find((p) => p.firstName === firstName)!;
  const share = result.shares.find((s) => s.participantId === person.id)!;
  return formatPence(share.amountPence + share.feePence);
}

const itemCard = (page: Page, name: string) =>
  page.locator('li').filter({ has: page.getByRole('checkbox', { name: new RegExp(name) }) });
const tick = (page: Page, name: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).click();
const myShare = (page: Page) => page.getByRole('region', { name: 'Your share' });
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function payByCard(page: Page, amount: string) {
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill(CARD_OK);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

test('friends pick their own items from one link, pay, and the bill completes', async ({
  page: creator,
  browser,
}) => {
  test.setTimeout(300_000);
  await ensureSignedIn(creator, CREATOR.first, CREATOR.last);
  const bank = await creator.request.post('/api/sandbox/connect', {
    data: {
      accountHolderName: `${CREATOR.first} ${CREATOR.last}`,
      sortCode: '20-00-00',
      accountNumber: '55779911',
    },
  });
  expect(bank.ok(), await bank.text()).toBe(true);

  // The creator scans the receipt from home and names two of the friends.
  await creator.goto('/');
  await creator.locator('main input[type=file]:not([capture])').setInputFiles({
    name: 'crown.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(await renderReceipt()),
  });
  const friends = creator.getByRole('dialog', { name: 'Add Friends to Split With' });
  await expect(friends).toBeVisible();
  await friends.getByRole('textbox').nth(0).fill('Priya');
  await friends.getByRole('textbox').nth(1).fill('Jordan');
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(creator).toHaveURL(/\/split-bill$/, { timeout: 30_000 });
  await expect(creator.getByLabel('Price in pounds')).toHaveCount(UK_RECEIPT.items.length, {
    timeout: 30_000,
  });
  const letPick = creator.getByRole('button', { name: 'Let friends pick their items' });
  await expect(letPick).toBeEnabled();
  await snap(creator, 'picking-editor');
  await letPick.click();

  await expect(creator).toHaveURL(/\/bill\/[^/]+\/picking$/);
  const qr = creator.getByTestId('join-qr');
  await expect(qr).toBeVisible();
  const joinUrl = (await qr.getAttribute('data-url'))!;
  expect(joinUrl).toMatch(/\/join\/[A-Za-z0-9_-]{22,}$/);
  await expect(creator.getByTestId('join-url')).toHaveText(joinUrl);
  const token = joinUrl.split('/join/')[1]!;
  const notPicked = creator.getByTestId('not-picked');
  await expect(notPicked).toContainText(formatPence(toPence(UK_RECEIPT.total)));
  await snap(creator, 'picking-creator-start');

  const joinPath = new URL(joinUrl).pathname;
  const priya = await friendPhone(browser);
  const sam = await friendPhone(browser);
  const jordan = await friendPhone(browser);
  try {
    // Priya takes a name the creator typed.
    await priya.page.goto(joinPath);
    await expect(priya.page.getByRole('heading', { name: 'Who are you?' })).toBeVisible();
    await snap(priya.page, 'join-choose-name');
    await priya.page.getByRole('radio', { name: 'Priya' }).click();
    await priya.page.getByRole('button', { name: 'Join the bill' }).click();
    await expect(priya.page.getByText("You're Priya")).toBeVisible();
    await snap(priya.page, 'join-picking-empty');

    // Sam adds his own name; the names rule is checked at the field first.
    await sam.page.goto(joinPath);
    const own = sam.page.getByLabel('Not on the list? Add your name');
    await own.fill('Sam <3');
    await own.blur();
    await expect(sam.page.getByText(PERSON_NAME_CHARACTERS_MESSAGE)).toBeVisible();
    await snap(sam.page, 'join-name-refused');
    await own.fill('Sam');
    await sam.page.getByRole('button', { name: 'Join the bill' }).click();
    await expect(sam.page.getByText("You're Sam")).toBeVisible();

    await jordan.page.goto(joinPath);
    await jordan.page.getByRole('radio', { name: 'Jordan' }).click();
    await jordan.page.getByRole('button', { name: 'Join the bill' }).click();
    await expect(jordan.page.getByText("You're Jordan")).toBeVisible();

    // Priya: the fish and two portions of the Coke.
    await tick(priya.page, 'Fish and Chips');
    await tick(priya.page, 'Coke');
    const coke = itemCard(priya.page, 'Coke');
    await coke.getByRole('radio', { name: 'Say how many portions you had' }).click();
    await coke.getByRole('button', { name: 'Half a portion more of Coke' }).click();
    await expect(coke.getByText('1.5 portions')).toBeVisible();
    await coke.getByRole('button', { name: 'Half a portion more of Coke' }).click();
    await expect(coke.getByText('2 portions')).toBeVisible();
    await expect.poll(async () => (await joinState(priya.page, token)).picks.length).toBe(2);
    const priyaAlone = await owes(priya.page, token, 'Priya');
    await expect(lineAmount(myShare(priya.page), 'Total to pay')).toHaveText(priyaAlone);

    // Sam shares the Coke (whoever else picks it) and has the pie: Priya's share changes by itself.
    await expect(itemCard(sam.page, 'Coke')).toContainText('Picked by Priya (×2)', {
      timeout: LIVE_TIMEOUT,
    });
    await tick(sam.page, 'Coke');
    await tick(sam.page, 'Steak Pie');
    await expect.poll(async () => (await joinState(sam.page, token)).picks.length).toBe(4);
    const priyaShared = await owes(priya.page, token, 'Priya');
    expect(priyaShared).not.toBe(priyaAlone);
    await expect(lineAmount(myShare(priya.page), 'Total to pay')).toHaveText(priyaShared, {
      timeout: LIVE_TIMEOUT,
    });
    await expect(itemCard(priya.page, 'Coke')).toContainText('Also picked by Sam', {
      timeout: LIVE_TIMEOUT,
    });
    await expect(lineAmount(myShare(sam.page), 'Total to pay')).toHaveText(
      await owes(sam.page, token, 'Sam'),
    );

    // Jordan: the salad and the staff discount.
    await tick(jordan.page, 'Caesar Salad');
    await tick(jordan.page, 'Staff Discount');
    await expect.poll(async () => (await joinState(jordan.page, token)).picks.length).toBe(6);
    await expect(lineAmount(myShare(jordan.page), 'Total to pay')).toHaveText(
      await owes(jordan.page, token, 'Jordan'),
    );
    await expect(itemCard(jordan.page, 'Coke')).toContainText('Priya (×2), Sam', {
      timeout: LIVE_TIMEOUT,
    });
    await snap(priya.page, 'join-picking');
    await snap(jordan.page, 'join-picking-others');

    // The creator's screen has followed every pick without a reload.
    const rest = formatPence(toPence('6.50'));
    await expect(notPicked).toContainText('Sticky Toffee Pudding', { timeout: LIVE_TIMEOUT });
    const state = await joinState(creator, token);
    const left = pickingShares(pickingInput(state, state.picks)).notPicked.amountPence;
    await expect(notPicked).toContainText(formatPence(left), { timeout: LIVE_TIMEOUT });
    expect(rest).toBe(formatPence(toPence(UK_RECEIPT.items[4]!.amount)));
    await expect(
      creator.getByRole('list', { name: 'Who picked Coke' }).getByRole('listitem'),
    ).toHaveCount(2, { timeout: LIVE_TIMEOUT });
    await snap(creator, 'picking-creator-live');

    // Sam pays now by card; while his checkout is open, Priya may not change the Coke he shares.
    const samOwes = await owes(sam.page, token, 'Sam');
    await sam.page.getByRole('button', { name: `Pay now ${samOwes}` }).click();
    await sam.page.waitForURL(/\/sandbox\/checkout\//);
    await expect(itemCard(priya.page, 'Coke')).toContainText('Sam is paying for this one', {
      timeout: LIVE_TIMEOUT,
    });
    await tick(priya.page, 'Coke');
    await expect(toastText(priya.page, 'Sam is paying for this one')).toBeVisible();
    await expect(priya.page.getByRole('checkbox', { name: /^Coke/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await shot(priya.page, 'join-pick-refused');
    await payByCard(sam.page, samOwes);
    await expect(creator.getByTestId('picking-person').filter({ hasText: 'Sam' })).toContainText(
      'Paid',
      { timeout: LIVE_TIMEOUT },
    );
    await sam.page.goto(joinPath);
    await expect(sam.page.getByRole('heading', { name: "You've paid" })).toBeVisible();
    await snap(sam.page, 'join-paid');

    // The creator gives Jordan the last item and asks for the rest.
    await creator.getByRole('button', { name: 'Assign the rest' }).click();
    const who = creator.getByRole('dialog', { name: 'Who had the rest?' });
    await expect(who).toBeVisible();
    await expectAccessible(creator, 'picking-assign-rest');
    await who.getByRole('button', { name: 'Jordan' }).click();
    await expect(notPicked).toContainText('Every item has been picked');
    await expect(notPicked).toContainText(formatPence(0));
    await expect(lineAmount(myShare(jordan.page), 'Total to pay')).toHaveText(
      await owes(jordan.page, token, 'Jordan'),
      { timeout: LIVE_TIMEOUT },
    );
    await snap(creator, 'picking-creator-done');
    await creator.getByRole('button', { name: 'Ask for the rest' }).click();
    await creator
      .getByRole('alertdialog', { name: 'Ask for the rest?' })
      .getByRole('button', { name: 'Ask for the rest' })
      .click();
    await expect(creator).toHaveURL(/\/bill\/[^/]+$/);
    await expect(creator.getByTestId('bill-payment-status')).toContainText('1 of 3 paid');

    // Priya and Jordan pay from the same page.
    for (const [friend, name] of [
      [priya.page, 'Priya'],
      [jordan.page, 'Jordan'],
    ] as const) {
      await friend.reload();
      const amount = await owes(friend, token, name);
      await friend.getByRole('button', { name: `Pay now ${amount}` }).click();
      await payByCard(friend, amount);
    }
    await creator.reload();
    await expect(creator.getByTestId('bill-payment-status')).toContainText('Completed');
    await snap(creator, 'picking-bill-completed');

    // An unknown link: a clear page.
    await priya.page.goto('/join/not-a-real-token');
    await expect(
      priya.page.getByRole('heading', { name: 'This link has expired or does not exist' }),
    ).toBeVisible();
    await snap(priya.page, 'join-not-found');
    for (const friend of [priya, sam, jordan]) expect(problemsOf(friend.page)).toEqual([]);
  } finally {
    await Promise.all([priya, sam, jordan].map((f) => f.context.close()));
  }
});
