import type { Page } from '@playwright/test';
import { formatDate } from '../src/domain/formats';
import { formatPence } from '../src/domain/money';
import { splitBill, type SplitInput } from '../src/domain/split';
import { makeBill, makeParticipants } from '../src/testing/builders';
import { wholeBillBody } from '../src/web/features/bills/model/save-body';
import { summaryFromSplit } from '../src/web/entities/bill/model/summary-data';
import { patchDraft, storedDraft } from './support/draft';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item } from './support/locators';
import { ensureSignedIn } from './support/session';

// Getting paid back, as the bill's creator sees it (payments-accounts.md §2, §4, §8, §9): the
// onboarding dialog, /qr-payment, Paid / Pending on the bill, the links dialog (QR, copy, marked
// paid by hand, undo, paid by card), and the Payments tab. Expected money comes from the domain's
// splitBill() and formatPence(), never a hand-typed string.

const ME = 'Morgan';

const input = makeBill({
  participants: makeParticipants({ me: ME, alex: 'Alex', priya: 'Priya' }),
  items: [
    { name: 'French Fries', amount: '4.99', portions: { me: 1, alex: 1 } },
    { name: 'Red Wine', amount: '22.00', portions: { alex: 1, priya: 1 } },
  ],
  tipPercent: 10,
});
const result = splitBill(input);
const share = (name: string) => result.participants.find((p) => p.name === name)!;
/** What a friend pays by card: their share and their part of the fee. */
const pays = (name: string) => formatPence(share(name).amountIncludingFeePence);
const BILL_NAME = 'Dishoom Covent Garden';

async function connectBank(page: Page) {
  const res = await page.request.post('/api/sandbox/connect', {
    data: { accountHolderName: `${ME} Reed`, sortCode: '20-00-00', accountNumber: '55779911' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The split above as the summary the editor would store, without going through the editor. */
async function seedSummary(page: Page, splitInput: SplitInput = input) {
  await page.goto('/');
  const summary = summaryFromSplit(BILL_NAME, splitInput, splitBill(splitInput));
  await patchDraft(page, { summary });
  await page.goto('/summary');
  await expect(page.getByRole('heading', { name: BILL_NAME })).toBeVisible();
}

/** The split above saved with Done's request, through the API; returns its id. */
async function saveBill(page: Page): Promise<string> {
  const summary = summaryFromSplit(BILL_NAME, input, result);
  const res = await page.request.post('/api/bills', { data: wholeBillBody(summary, new Date()) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

interface Link {
  token: string;
  participantName: string;
  participantId: string;
}
async function linksOf(page: Page, billId: string): Promise<Link[]> {
  const res = await page.request.get(`/api/bills/${billId}/payment-links`);
  return ((await res.json()) as { paymentLinks: Link[] }).paymentLinks;
}

/** A friend pays by card through the sandbox's checkout, as a payer's browser would. */
async function payByCard(page: Page, token: string, participantId: string) {
  const checkout = await page.request.post('/api/payments/checkout', {
    data: { token, participantIds: [participantId] },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/sandbox/checkout/${sessionId}/pay`, {
    data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

const getPaidButton = (page: Page) =>
  page.getByRole('button', { name: 'Covered the bill? Get paid back' });
const personCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Closes the toast showing, if any, so that a screenshot shows the screen under it. */
async function dismissToast(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  if (await close.isVisible()) await close.click();
  await expect(close).toHaveCount(0);
}

/** A screenshot of the screen as it rests: no toast over it, fade-ins finished. */
async function shot(page: Page, name: string) {
  await dismissToast(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        // An animation cancelled meanwhile (its element gone) is over too.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await snap(page, name);
}

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, ME, 'Reed');
});

test('an unconnected creator: Get paid back asks to connect a bank first, and Get connected goes to the provider', async ({
  page,
}) => {
  await seedSummary(page);
  await getPaidButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Connect your bank to get paid' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Under 2 minutes', { exact: true })).toBeVisible();
  await expect(dialog.getByText('A UK bank account', { exact: true })).toBeVisible();
  await shot(page, 'get-paid-onboarding-dialog');

  // Not now: nothing was stored, the summary is still there.
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/summary$/);
  const bills = (await (await page.request.get('/api/bills')).json()) as { bills: unknown[] };
  expect(bills.bills).toHaveLength(0);

  // Get connected: the onboarding link with the spec's return and refresh addresses, then there.
  await getPaidButton(page).click();
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/stripe/connect/onboarding'));
  await dialog.getByRole('button', { name: 'Get connected' }).click();
  const origin = new URL(page.url()).origin;
  expect((await asked).postDataJSON()).toEqual({
    returnUrl: `${origin}/?onboarding=complete`,
    refreshUrl: `${origin}/onboarding?setup=refresh`,
  });
  await page.waitForURL(/\/sandbox\/connect\?/);
  const there = new URL(page.url());
  expect(there.searchParams.get('return')).toBe(`${origin}/?onboarding=complete`);

  // The sandbox's connect page, then back: to the summary, where Get paid back now goes through.
  await page.getByLabel('Name on the account').fill(`${ME} Reed`);
  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await getPaidButton(page).click();
  await expect(page).toHaveURL(/\/qr-payment$/);
  await expect(page.getByRole('img', { name: 'Payment link QR code for Alex' })).toBeVisible();
});

test('an unconnected creator on a saved bill sees the onboarding dialog too', async ({ page }) => {
  const id = await saveBill(page);
  await page.goto(`/bill/${id}`);
  await getPaidButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Connect your bank to get paid' })).toBeVisible();
  // A saved bill has no badges or links yet.
  await expect(page.getByTestId('share-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View payment links' })).toHaveCount(0);
});

test('a split with nobody to ask: No participants, and nothing is stored', async ({ page }) => {
  await connectBank(page);
  await seedSummary(page, {
    ...input,
    participants: [input.participants[0]!],
    items: [{ ...input.items[0]!, assignments: [{ participantId: 'me', portions: 1 }] }],
  });
  await getPaidButton(page).click();
  await expect(page.getByText('No participants', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Add participants to the bill before creating payment links.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/summary$/);
  const bills = (await (await page.request.get('/api/bills')).json()) as { bills: unknown[] };
  expect(bills.bills).toHaveLength(0);
});

test('a connected creator: split, Get paid back, a QR code per friend, then the bill with Pending badges', async ({
  page,
  context,
}) => {
  await connectBank(page);

  // The split, made in the browser as in split.spec.
  await page.goto('/split-bill');
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  const fields = friends.getByRole('textbox');
  await fields.nth(0).fill('Alex');
  await fields.nth(1).fill('Priya');
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(friends).toBeHidden();
  await assignButton(item(page, 'French Fries'), ME).click();
  await assignButton(item(page, 'French Fries'), 'Alex').click();
  await assignButton(item(page, 'Red Wine'), 'Alex').click();
  await assignButton(item(page, 'Red Wine'), 'Priya').click();
  await page.getByRole('textbox', { name: 'Tip (%)' }).fill('10');
  await page.getByRole('button', { name: /^Split(?! the rest)/ }).click();
  await expect(page).toHaveURL(/\/summary$/);

  // One bill stored, then links asked for with each friend's share (which makes it active).
  const billPost = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/bills'),
  );
  const linksPost = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/payment-links'),
  );
  await getPaidButton(page).click();
  expect(((await billPost).postDataJSON() as { status: string }).status).toBe('saved');
  const linksBody = (await linksPost).postDataJSON() as {
    billId: string;
    participants: { name: string; amount: string }[];
  };
  expect(linksBody.participants).toEqual(
    ['Alex', 'Priya'].map((name) => ({
      name,
      amount: (share(name).amount / 100).toFixed(2),
    })),
  );
  await expect(page).toHaveURL(/\/qr-payment$/);

  // A QR code for the first friend, their amount, and a switcher of both.
  const switcher = page.getByRole('tablist', { name: 'Friends to pay you back' });
  await expect(switcher.getByRole('tab')).toHaveCount(2);
  const alexTab = switcher.getByRole('tab', { name: new RegExp(`^Alex`) });
  await expect(alexTab).toHaveAttribute('aria-selected', 'true');
  await expect(alexTab).toContainText(pays('Alex'));
  await expect(switcher.getByRole('tab', { name: /^Priya/ })).toContainText(pays('Priya'));
  const qr = page.getByRole('img', { name: 'Payment link QR code for Alex' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('width', '220');
  await expect(qr).toHaveAttribute('data-url', /\/pay\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByTestId('qr-amount').filter({ visible: true })).toHaveText(pays('Alex'));
  const alexUrl = (await qr.getAttribute('data-url'))!;
  await shot(page, 'get-paid-qr-alex');

  await switcher.getByRole('tab', { name: /^Priya/ }).click();
  const priyaQr = page.getByRole('img', { name: 'Payment link QR code for Priya' });
  await expect(priyaQr).toBeVisible();
  const priyaUrl = (await priyaQr.getAttribute('data-url'))!;
  expect(priyaUrl).not.toBe(alexUrl);
  await expect(page.getByTestId('qr-amount').filter({ visible: true })).toHaveText(pays('Priya'));
  await shot(page, 'get-paid-qr-priya');

  // Send a link instead: the clipboard where the phone cannot share (headless Chromium cannot).
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => {
    // Headless Chromium may or may not offer a share sheet: make sure the fallback is what runs.
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page.getByRole('button', { name: 'Send a payment link instead' }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Hi Priya, your share of`);
  expect(copied).toContain(pays('Priya'));
  expect(copied.endsWith(` ${priyaUrl}`)).toBe(true);

  // With a share sheet: the link and a line with the amount go to it.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
        return Promise.resolve();
      },
    });
  });
  await page.getByRole('button', { name: 'Send a payment link instead' }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared);
  expect(shared.url).toBe(priyaUrl);
  expect(shared.text).toContain(pays('Priya'));

  // The working split is gone (it is a saved bill now); a reload keeps the QR screen.
  expect(await storedDraft(page)).toMatchObject({ working: null, summary: null, clientKey: null });
  await page.reload();
  await expect(page.getByRole('img', { name: /^Payment link QR code for / })).toBeVisible();

  // Done: the bill, each friend Pending, 0 of 2 paid, Active.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/bill/${linksBody.billId}$`));
  for (const name of ['Alex', 'Priya']) {
    await expect(personCard(page, name).getByTestId('share-badge')).toHaveText('Pending');
  }
  await expect(personCard(page, ME).getByTestId('share-badge')).toHaveCount(0);
  const status = page.getByTestId('bill-payment-status');
  await expect(status).toContainText('0 of 2 paid');
  await expect(status).toContainText('Active');
  await expect(page.getByRole('button', { name: 'View payment links' })).toBeVisible();
  await shot(page, 'get-paid-bill-detail-pending');

  // Back from /qr-payment goes to the bill too; an empty /summary goes home.
  await page.goto('/qr-payment');
  await page.getByRole('button', { name: 'Back to bill' }).click();
  await expect(page).toHaveURL(new RegExp(`/bill/${linksBody.billId}$`));
  await page.goto('/summary');
  await expect(page).toHaveURL(/\/$/);

  // An active bill offers what is left to do, its links, at thumb height: never a second round of
  // "Get paid back" (issue 54). Its QR screen is kept, and there is still one bill.
  await page.goto(`/bill/${linksBody.billId}`);
  await expect(page.getByRole('button', { name: 'View payment links' })).toHaveCount(1);
  await expect(getPaidButton(page)).toHaveCount(0);
  await shot(page, 'get-paid-bill-detail-active-actions');
  const again = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/payment-links'),
  );
  await page.getByRole('button', { name: 'Show QR codes' }).click();
  expect((await again).request().postDataJSON()).toEqual({ billId: linksBody.billId });
  await expect(page).toHaveURL(/\/qr-payment$/);
  await expect(page.getByRole('img', { name: 'Payment link QR code for Alex' })).toHaveAttribute(
    'data-url',
    alexUrl,
  );
  const bills = (await (await page.request.get('/api/bills')).json()) as { bills: unknown[] };
  expect(bills.bills).toHaveLength(1);

  // Alex pays by card at the table while his code is on show: the screen says so by itself.
  const alex = (await linksOf(page, linksBody.billId)).find((l) => l.participantName === 'Alex')!;
  await payByCard(page, alex.token, alex.participantId);
  await expect(page.getByText('Alex has paid', { exact: true })).toBeVisible();
  await expect(switcher.getByRole('tab', { name: /^Alex/ })).toContainText('Paid');
});

test('no QR data stored: /qr-payment goes home', async ({ page }) => {
  await page.goto('/qr-payment');
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate(() =>
    sessionStorage.setItem('fairshare.qrPayment', JSON.stringify({ billId: 'x', friends: [] })),
  );
  await page.goto('/qr-payment');
  await expect(page).toHaveURL(/\/$/);
});

test('the links dialog: QR after 200 ms, copy for 2 s, mark paid in cash and undo, paid by card, completed', async ({
  page,
  context,
}) => {
  await connectBank(page);
  const id = await saveBill(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();

  // From the saved bill: Get paid back makes the links, then Done comes back.
  await page.goto(`/bill/${id}`);
  await getPaidButton(page).click();
  await expect(page).toHaveURL(/\/qr-payment$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/bill/${id}$`));

  await page.getByRole('button', { name: 'View payment links' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Links' });
  await expect(dialog).toBeVisible();
  const row = (name: string) => dialog.getByRole('listitem', { name, exact: true });
  for (const name of ['Alex', 'Priya']) {
    await expect(row(name).getByTestId('share-badge')).toHaveText('Pending');
    await expect(row(name).getByTestId('link-amount')).toHaveText(pays(name));
    await expect(row(name)).toContainText(formatPence(share(name).amount));
  }
  await expect(dialog.getByTestId('links-paid-count')).toHaveText('0 of 2 paid');
  await expect(dialog.getByText('Links expire in 7 days', { exact: true })).toBeVisible();
  await shot(page, 'links-dialog-pending');

  // Time stands still from here: the QR's 200 ms and the copy flag's 2 s are stepped through.
  await page.clock.pauseAt(Date.now() + 60_000);

  // Copy: 'Copied' for 2 s, and the link on the clipboard.
  await row('Alex').getByRole('button', { name: 'Copy payment link for Alex' }).click();
  await expect(row('Alex').getByText('Copied', { exact: true })).toBeVisible();
  const [alexLink] = (await linksOf(page, id)).filter((l) => l.participantName === 'Alex');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/pay/${alexLink!.token}$`),
  );
  await page.clock.runFor(1_900);
  await expect(row('Alex').getByText('Copied', { exact: true })).toBeVisible();
  await page.clock.runFor(100);
  await expect(row('Alex').getByText('Copy', { exact: true })).toBeVisible();

  // The QR view: a placeholder, then after 200 ms the code, 250 px.
  await row('Priya').getByRole('button', { name: 'Show QR code for Priya' }).click();
  const qrDialog = page.getByRole('dialog', { name: "Priya's QR code" });
  await expect(qrDialog.getByTestId('payment-qr-loading')).toBeVisible();
  await page.clock.runFor(150);
  await expect(qrDialog.getByTestId('payment-qr')).toHaveCount(0);
  await page.clock.runFor(50);
  const qr = qrDialog.getByRole('img', { name: 'Payment link QR code for Priya' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('width', '250');
  await expect(qrDialog).toContainText(pays('Priya'));
  // The clock runs again before the screenshot: axe, which checks it, waits on timers.
  await page.clock.resume();
  await snap(page, 'links-dialog-qr');
  await qrDialog.getByRole('button', { name: 'All payment links' }).click();

  // Mark Alex as paid, in cash: asked first, then Paid.
  await row('Alex').getByRole('button', { name: 'Mark as paid, Alex' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Mark Alex as paid?' });
  await expect(confirm.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expect(confirm.getByRole('radio', { name: 'Bank transfer' })).not.toBeChecked();
  await shot(page, 'links-dialog-mark-paid');
  const marked = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/payment'));
  await confirm.getByRole('button', { name: 'Mark as paid' }).click();
  expect((await marked).postDataJSON()).toEqual({ method: 'cash' });
  await expect(row('Alex').getByTestId('share-badge')).toHaveText('Paid');
  await expect(row('Alex')).toContainText('Paid in cash');
  await expect(dialog.getByTestId('links-announcement')).toHaveText('Alex marked as paid');
  await expect(row('Priya').getByTestId('share-badge')).toHaveText('Pending');
  await expect(dialog.getByTestId('links-paid-count')).toHaveText('1 of 2 paid');
  await expect(row('Alex').getByRole('button', { name: 'Show QR code for Alex' })).toHaveCount(0);
  await shot(page, 'links-dialog-paid-pending');

  // Undo: asked first, then Pending again.
  await row('Alex').getByRole('button', { name: "Undo Alex's payment" }).click();
  const undo = page.getByRole('alertdialog', { name: "Undo Alex's payment?" });
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expect(row('Alex').getByTestId('share-badge')).toHaveText('Pending');
  await expect(dialog.getByTestId('links-paid-count')).toHaveText('0 of 2 paid');
  await expect(dialog.getByTestId('links-announcement')).toHaveText('Alex is pending again');

  // Priya pays by card (as a payer would): Paid by card, with no undo.
  const priya = (await linksOf(page, id)).find((l) => l.participantName === 'Priya')!;
  await payByCard(page, priya.token, priya.participantId);
  // (Escape would first close the toast showing: Radix toasts are the top layer.)
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'View payment links' }).click();
  await expect(row('Priya').getByTestId('share-badge')).toHaveText('Paid');
  await expect(row('Priya')).toContainText('Paid by card');
  await expect(row('Priya').getByRole('button', { name: /Undo/ })).toHaveCount(0);

  // The QR codes again: Alex's code first; Priya's tab says she has paid, with no code.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Show QR codes' }).click();
  await expect(page).toHaveURL(/\/qr-payment$/);
  const switcher = page.getByRole('tablist', { name: 'Friends to pay you back' });
  await expect(switcher.getByRole('tab', { name: /^Alex/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await switcher.getByRole('tab', { name: /^Priya/ }).click();
  await expect(page.getByText('Priya has paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send a payment link instead' })).toHaveCount(0);
  await shot(page, 'get-paid-qr-paid-friend');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'View payment links' }).click();

  // Alex by bank transfer: everyone has paid, the bill is Completed.
  await row('Alex').getByRole('button', { name: 'Mark as paid, Alex' }).click();
  await confirm.getByRole('radio', { name: 'Bank transfer' }).check();
  await confirm.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(row('Alex')).toContainText('Paid by bank transfer');
  await expect(dialog.getByTestId('links-paid-count')).toHaveText('2 of 2 paid');
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  await shot(page, 'links-dialog-completed');

  // The bill behind it says so too.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  for (const name of ['Alex', 'Priya']) {
    await expect(personCard(page, name).getByTestId('share-badge')).toHaveText('Paid');
  }
  await expect(personCard(page, 'Priya')).toContainText('Paid by card');
  const status = page.getByTestId('bill-payment-status');
  await expect(status).toContainText('2 of 2 paid');
  await expect(status).toContainText('Completed');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'get-paid-bill-detail-completed');

  // Nothing left to ask for: no Get paid back, no QR codes; the links show who paid.
  await expect(getPaidButton(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show QR codes' })).toHaveCount(0);
  await page.getByRole('button', { name: 'View payment links' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('links-paid-count')).toHaveText('2 of 2 paid');
});

test('an expired link says so, offers no QR or copy, and Renew asks for the links again', async ({
  page,
}) => {
  await connectBank(page);
  const id = await saveBill(page);
  expect((await page.request.post('/api/payment-links', { data: { billId: id } })).ok()).toBe(true);

  // The server as it would answer 7 days on: Alex's link expired unpaid.
  await page.route(`**/api/bills/${id}/payment-links`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { paymentLinks: { participantName: string }[] };
    for (const link of body.paymentLinks)
      if (link.participantName === 'Alex') Object.assign(link, { expired: true });
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(`/bill/${id}`);
  await page.getByRole('button', { name: 'View payment links' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Links' });
  const alex = dialog.getByRole('listitem', { name: 'Alex', exact: true });
  await expect(alex.getByText('Expired', { exact: true })).toBeVisible();
  await expect(alex.getByTestId('share-badge')).toHaveText('Pending');
  await expect(alex.getByRole('button', { name: 'Show QR code for Alex' })).toHaveCount(0);
  await expect(alex.getByRole('button', { name: 'Mark as paid, Alex' })).toBeVisible();
  const priya = dialog.getByRole('listitem', { name: 'Priya', exact: true });
  await expect(priya.getByRole('button', { name: 'Show QR code for Priya' })).toBeVisible();
  await shot(page, 'links-dialog-expired');

  await page.unroute(`**/api/bills/${id}/payment-links`);
  const renew = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/payment-links'),
  );
  await dialog.getByRole('button', { name: 'Renew expired links' }).click();
  expect((await renew).postDataJSON()).toEqual({ billId: id });
  await expect(alex.getByText('Expired', { exact: true })).toHaveCount(0);
  await expect(alex.getByRole('button', { name: 'Show QR code for Alex' })).toBeVisible();
  await expect(dialog.getByTestId('links-announcement')).toHaveText(
    'Links renewed: they expire in 7 days.',
  );
});

test('the Payments tab: empty for a new user, then the bill with its links', async ({ page }) => {
  // Loading, then empty.
  // The answer held until the skeleton has been seen (a time-out would race the page's loading).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/payment-links', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByTestId('request-skeleton')).toHaveCount(3);
  await snap(page, 'payments-loading');
  release();
  await expect(page.getByText('No payment links yet', { exact: true })).toBeVisible();
  await page.unroute('**/api/payment-links');
  const how = page.getByRole('region', { name: 'How Payment Links Work' });
  await expect(how.getByRole('listitem')).toHaveCount(4);
  await shot(page, 'payments-empty');

  // 'New Bill Split' opens the camera or picker, as the add button does.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'New Bill Split' }).click();
  const picker = await chooser;
  expect(await picker.element().getAttribute('capture')).toBe('environment');
  expect(await picker.element().getAttribute('accept')).toBe('image/*');

  // A bill with links, one friend paid.
  await connectBank(page);
  const id = await saveBill(page);
  const made = await page.request.post('/api/payment-links', { data: { billId: id } });
  expect(made.ok()).toBe(true);
  const alex = (await linksOf(page, id)).find((l) => l.participantName === 'Alex')!;
  await page.request.post(`/api/bills/${id}/participants/${alex.participantId}/payment`, {
    data: { method: 'cash' },
  });

  await page.reload();
  const request = page.getByTestId('payment-request');
  await expect(request).toHaveCount(1);
  await expect(request).toContainText(BILL_NAME);
  await expect(request).toContainText(formatPence(result.total));
  await expect(request).toContainText(formatDate(new Date()));
  await expect(request).toContainText('1 of 2 paid');
  await expect(request).toContainText('Active');
  await shot(page, 'payments-list');

  await request.click();
  const dialog = page.getByRole('dialog', { name: 'Payment Links' });
  await expect(dialog.getByRole('listitem', { name: 'Alex', exact: true })).toContainText(
    'Paid in cash',
  );
  await expect(dialog.getByRole('listitem', { name: 'Priya', exact: true })).toContainText(
    'Pending',
  );
  await shot(page, 'payments-links-dialog');
});

test.describe('when the server fails', () => {
  test.use({ expectedServerErrors: [500] });

  test('the status check failing shows the onboarding dialog', async ({ page }) => {
    await connectBank(page);
    await seedSummary(page);
    await page.route('**/api/stripe/connect/status', (route) =>
      route.fulfill({ status: 500, json: { message: 'down' } }),
    );
    await getPaidButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Connect your bank to get paid' })).toBeVisible();
  });

  test('the bill cannot be stored: Error / Failed to create bill, and the summary stays', async ({
    page,
  }) => {
    await connectBank(page);
    await seedSummary(page);
    await page.route('**/api/bills', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'down' } })
        : route.continue(),
    );
    await getPaidButton(page).click();
    await expect(page.getByText('Failed to create bill', { exact: true })).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/summary$/);
    await expect(getPaidButton(page)).toBeEnabled();
  });

  test('links failing or none made: the spec toasts, and the stored bill to try again from', async ({
    page,
  }) => {
    await connectBank(page);
    await seedSummary(page);
    await page.route('**/api/payment-links', (route) =>
      route.fulfill({ status: 500, json: { message: 'down' } }),
    );
    await getPaidButton(page).click();
    await expect(page.getByText('Payment setup failed', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Unable to create payment links. Please try again.', { exact: true }),
    ).toBeVisible();
    // The bill was stored before the links failed: the user is on it, not on a summary that would
    // store it twice.
    await expect(page).toHaveURL(/\/bill\/[^/]+$/);
    const billId = page.url().split('/').pop()!;

    await page.unroute('**/api/payment-links');
    await page.route('**/api/payment-links', (route) =>
      route.fulfill({
        status: 201,
        json: { billId, billStatus: 'active', paymentLinks: [] },
      }),
    );
    await getPaidButton(page).click();
    await expect(page.getByText('No payment links created', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Unable to generate payment links for participants. Please try again.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/bill/${billId}$`));

    // The real call works from the bill.
    await page.unroute('**/api/payment-links');
    await getPaidButton(page).click();
    await expect(page).toHaveURL(/\/qr-payment$/);
    const bills = (await (await page.request.get('/api/bills')).json()) as { bills: unknown[] };
    expect(bills.bills).toHaveLength(1);
  });
});
