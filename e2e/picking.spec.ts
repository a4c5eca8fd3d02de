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
  // The checkout says so, then takes the friend to their receipt: a later page.goto must not race
  // that navigation.
  await page.waitForURL(/\/payment-success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
}

test('friends pick their own items from one link, pay, and the bill completes', async ({
  page: creator,
  browser,
}) => {
  // Four phones and an OCR reading on a shared 2-core machine: a hang guard, not a speed check.
  test.setTimeout(480_000);
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
  // Reading the receipt takes seconds, more on a busy machine: a hang guard, not a speed check.
  await expect(creator.getByLabel('Price in pounds')).toHaveCount(UK_RECEIPT.items.length, {
    timeout: 90_000,
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

    // Priya and Jordan pay from the same page, which has followed the end of picking by itself.
    // The creator watches from the bill and its links dialog, without reloading.
    await creator.getByRole('button', { name: 'View payment links' }).click();
    const links = creator.getByRole('dialog', { name: 'Payment Links' });
    const linkRow = (name: string) => links.getByRole('listitem', { name, exact: true });
    await expect(linkRow('Sam').getByTestId('share-badge')).toHaveText('Paid');
    await expect(linkRow('Priya').getByTestId('share-badge')).toHaveText('Pending');
    for (const [friend, name] of [
      [priya.page, 'Priya'],
      [jordan.page, 'Jordan'],
    ] as const) {
      await expect(friend.getByText('Picking has ended: pay your share below.')).toBeVisible({
        timeout: LIVE_TIMEOUT,
      });
      const amount = await owes(friend, token, name);
      await friend.getByRole('button', { name: `Pay now ${amount}` }).click();
      await payByCard(friend, amount);
      if (name === 'Priya') {
        await expect(linkRow('Priya').getByTestId('share-badge')).toHaveText('Paid', {
          timeout: LIVE_TIMEOUT,
        });
        await expect(links.getByTestId('links-paid-count')).toHaveText('2 of 3 paid');
        await shot(creator, 'picking-links-dialog-live');
        await links.getByRole('button', { name: 'Close' }).click();
        await expect(creator.getByTestId('bill-payment-status')).toContainText('2 of 3 paid');
      }
    }
    await expect(creator.getByTestId('bill-payment-status')).toContainText('Completed', {
      timeout: LIVE_TIMEOUT,
    });
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

test.describe('where streaming fails', () => {
  // The picking screen's stream is refused (503) here: the screen must follow by polling.
  test.use({ expectedServerErrors: [503] });

  test('with nobody named the editor still offers picking; the creator picks the same way, removes a wrong pick and splits the rest', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await ensureSignedIn(page, 'Casey', 'Cook');
    const bank = await page.request.post('/api/sandbox/connect', {
      data: { accountHolderName: 'Casey Cook', sortCode: '20-00-00', accountNumber: '55779911' },
    });
    expect(bank.ok(), await bank.text()).toBe(true);

    // Nobody named: the friends dialog is dismissed, then the receipt is read in the editor.
    await page.goto('/split-bill');
    await expect(page.getByRole('dialog', { name: 'Add Friends to Split With' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Upload receipt' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Receipt' });
    await upload.getByTestId('receipt-upload-input').setInputFiles({
      name: 'crown.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(await renderReceipt()),
    });
    await upload.getByRole('button', { name: 'Process Receipt' }).click();
    await expect(page.getByLabel('Price in pounds')).toHaveCount(UK_RECEIPT.items.length, {
      timeout: 60_000,
    });
    const letPick = page.getByRole('button', { name: 'Let friends pick their items' });
    await expect(letPick).toBeEnabled();
    await snap(page, 'picking-editor-no-friends');

    let refused = 0;
    await page.route('**/api/bills/*/events', (route) => {
      refused++;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    });
    await letPick.click();
    await expect(page).toHaveURL(/\/bill\/[^/]+\/picking$/);
    const billId = /\/bill\/([^/]+)\/picking$/.exec(page.url())![1]!;
    // A large code to scan across the table.
    const qr = page.getByTestId('join-qr');
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(280);
    const token = (await qr.getAttribute('data-url'))!.split('/join/')[1]!;
    const people = page.getByTestId('picking-person');
    await expect(people).toHaveCount(1);
    await expect(people).toContainText('You');

    // Sam joins from the link and picks the fish and, by mistake, the pie: the screen follows
    // by polling, the stream being refused.
    const joined = await page.request.post(`/api/join/${token}/participants`, {
      data: { name: 'Sam' },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    const sam = (await joined.json()) as { participantId: string; secret: string };
    const items = (await joinState(page, token)).bill.items;
    const itemId = (name: string) => items.find((i) => i.name === name)!.id;
    const samPicks = async (names: string[]) => {
      const res = await page.request.put(`/api/join/${token}/picks`, {
        data: { ...sam, picks: names.map((n) => ({ itemId: itemId(n), portions: 'share' })) },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await samPicks(['Fish and Chips', 'Steak Pie']);
    const whoPicked = (name: string) =>
      page.getByRole('list', { name: `Who picked ${name}` }).getByRole('listitem');
    await expect(whoPicked('Steak Pie')).toHaveText([/^Sam/], { timeout: LIVE_TIMEOUT });
    expect(refused).toBeGreaterThan(0);

    // The creator takes the wrong pick off and picks the pie, one and a half portions, and a
    // share of the Coke, as a friend would.
    await page.getByRole('button', { name: "Remove Sam's pick of Steak Pie" }).click();
    await expect(whoPicked('Steak Pie')).toHaveCount(0);
    const pie = page.getByRole('listitem', { name: 'Steak Pie', exact: true });
    await pie.getByRole('checkbox', { name: 'I had this' }).click();
    await expect(pie.getByRole('checkbox', { name: 'I had this' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await pie.getByRole('radio', { name: 'Say how many portions you had' }).click();
    await expect(pie.getByText('1 portion', { exact: true })).toBeVisible();
    await pie.getByRole('button', { name: 'Half a portion more of Steak Pie' }).click();
    await expect(pie.getByText('1.5 portions')).toBeVisible();
    await page
      .getByRole('listitem', { name: 'Coke', exact: true })
      .getByRole('checkbox', { name: 'I had this' })
      .click();
    await expect(whoPicked('Coke')).toHaveText([/^Casey/]);
    await samPicks(['Fish and Chips', 'Coke']);
    await expect(whoPicked('Coke')).toHaveText([/^Casey/, /^Sam/], { timeout: LIVE_TIMEOUT });
    await snap(page, 'picking-creator-own-portions');
    let state = await joinState(page, token);
    const creatorId = state.participants.find((p) => p.isCreator)!.id;
    expect(
      state.picks
        .filter((p) => p.participantId === creatorId)
        .map((p) => [p.itemId, p.portions])
        .sort(),
    ).toEqual(
      [
        [itemId('Steak Pie'), 1.5],
        [itemId('Coke'), 'share'],
      ].sort(),
    );

    // What is left is split equally among everyone: nothing is left, and the amounts are the
    // domain's.
    const notPicked = page.getByTestId('not-picked');
    await expect(notPicked).toContainText('Sticky Toffee Pudding');
    await notPicked.getByRole('button', { name: 'Split equally' }).click();
    await expect(notPicked).toContainText('Every item has been picked');
    state = await joinState(page, token);
    const result = pickingShares(pickingInput(state, state.picks));
    expect(result.notPicked.amountPence).toBe(0);
    for (const person of state.participants) {
      const share = result.shares.find((s) => s.participantId === person.id)!;
      await expect(people.filter({ hasText: person.firstName })).toContainText(
        formatPence(share.amountPence + share.feePence),
      );
    }
    await snap(page, 'picking-creator-split-rest');

    // Ask for the rest; the Payments tab (its streams not refused) shows Sam paying by itself.
    await page.unroute('**/api/bills/*/events');
    await page.getByRole('button', { name: 'Ask for the rest' }).click();
    await page
      .getByRole('alertdialog', { name: 'Ask for the rest?' })
      .getByRole('button', { name: 'Ask for the rest' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/bill/${billId}$`));
    await page.goto('/payments');
    const request = page.getByTestId('payment-request');
    await expect(request).toContainText('0 of 1 paid');
    const link = await page.request.post(`/api/join/${token}/payment-link`, { data: sam });
    expect(link.ok(), await link.text()).toBe(true);
    const checkout = await page.request.post('/api/payments/checkout', {
      data: {
        token: ((await link.json()) as { token: string }).token,
        participantIds: [sam.participantId],
      },
    });
    expect(checkout.ok(), await checkout.text()).toBe(true);
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    const paid = await page.request.post(`/api/sandbox/checkout/${sessionId}/pay`, {
      data: { number: CARD_OK, expiry: '12/34', cvc: '123' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    await expect(request).toContainText('Completed', { timeout: LIVE_TIMEOUT });
    await shot(page, 'picking-payments-tab-live');
  });
});
