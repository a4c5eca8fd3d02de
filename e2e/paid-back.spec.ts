import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  createPaymentLinksResponseSchema,
  type CreatorPaymentLink,
} from '../src/contracts/payments';
import { formatPence, toPence } from '../src/domain/money';
import { phonePhoto, renderReceipt } from '../src/server/testing/receipt-fixtures';
import { expect, snap, test } from './support/fixtures';
import { lineAmount } from './support/locators';
import { newEmail, PASSWORD } from './support/session';

// The whole of getting paid back, as two people live it (issue 21's acceptance): a creator signs
// up, connects a test bank in onboarding, scans the test receipt, splits it with three friends and
// asks to be paid back; friends, signed out in another browser, open their links and pay with the
// sandbox's test cards; the creator sees who has paid, in the links dialog, Activity and the bell,
// until the bill is Completed. Money expected on screen comes from the server's stored shares,
// formatted by the domain.

const FRIENDS = ['Alex', 'Priya', 'Sam'];
const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

const money = (amount: string) => formatPence(toPence(amount));
const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

async function payerContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  await context.addInitScript(() => sessionStorage.setItem('fairshare.splashShown', '1'));
  return context;
}

/** A payer page that fails the test on any console error, as the fixture's page does. */
async function payerPage(context: BrowserContext, problems: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (/status of 4\d\d/.test(msg.text())) return;
    problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return page;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

test('a creator gets paid back: onboarding with a test bank, a scanned receipt, three friends paying', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);

  // --- The creator signs up and connects a test bank in onboarding -------------------------------
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(newEmail('paidback'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel('First name').fill('Morgan');
  await page.getByLabel('Last name').fill('Reed');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Get connected' }).click();
  await expect(page).toHaveURL(/\/sandbox\/connect\?/);
  await page.getByLabel('Name on the account').fill('Morgan Reed');
  await page.getByLabel('Sort code').fill('04-00-04');
  await page.getByLabel('Account number').fill('31926819');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await expect(page.getByText('Monzo')).toBeVisible();
  await snap(page, 'journey-1-bank-connected');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Back from connecting, onboarding goes on at step 3; the tour is skipped here.
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByRole('heading', { name: 'Hi Morgan' })).toBeVisible();

  // --- Scans the test receipt and splits it with three friends, equally -----------------------
  await page.locator('main input[type=file]:not([capture])').setInputFiles({
    name: 'dinner.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(await renderReceipt()),
  });
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await expect(friends).toBeVisible();
  for (const [i, name] of FRIENDS.entries()) {
    if (i >= 2) await friends.getByRole('button', { name: 'Add More' }).click();
    await friends.getByRole('textbox').nth(i).fill(name);
  }
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/split-bill$/, { timeout: 30_000 });
  await expect(
    page.getByText('Receipt Analyzed Successfully', { exact: true }).first(),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Equally' }).click();
  await page.getByRole('button', { name: /^Split(?! the rest)/ }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await snap(page, 'journey-2-summary');

  // --- Asks to be paid back: a bill with a link and QR code per friend --------------------------
  const made = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/payment-links'),
  );
  await page.getByRole('button', { name: 'Covered the bill? Get paid back' }).click();
  const { billId, paymentLinks } = createPaymentLinksResponseSchema.parse(
    await (await made).json(),
  );
  await expect(page).toHaveURL(/\/qr-payment$/);
  await expect(page.getByRole('img', { name: 'Payment link QR code for Alex' })).toBeVisible();
  await snap(page, 'journey-3-qr');
  expect(paymentLinks.map((l) => l.participantName)).toEqual(FRIENDS);
  const link = (name: string): CreatorPaymentLink =>
    paymentLinks.find((l) => l.participantName === name)!;

  // --- Alex, signed out in another browser, opens his link and pays with 4242 --------------------
  const problems: string[] = [];
  const payers = await payerContext(browser);
  try {
    const alex = await payerPage(payers, problems);
    await alex.goto(new URL(link('Alex').url).pathname);
    await expect(alex.getByRole('region', { name: 'Amount to pay' })).toContainText('Morgan Reed');
    const owed = alex.getByRole('region', { name: 'What you owe' });
    await expect(lineAmount(owed, 'Total to pay')).toHaveText(
      money(link('Alex').amountIncludingFee),
    );
    await snap(alex, 'journey-4-alex-link');
    await alex.getByRole('button', { name: 'Pay by card' }).click();
    await alex.waitForURL(/\/sandbox\/checkout\//);
    await fillCard(alex, CARD_OK);
    await alex.getByRole('button', { name: /^Pay / }).click();
    await alex.waitForURL(/\/payment-success\?session_id=/);
    await expect(alex.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await expect(
      lineAmount(alex.getByRole('region', { name: 'Receipt' }), 'Total paid'),
    ).toHaveText(money(link('Alex').amountIncludingFee));
    await snap(alex, 'journey-5-alex-receipt');

    // --- The creator sees Alex Paid, in the links dialog, Activity and the bell --------------------
    await page.goto(`/bill/${billId}`);
    await page.getByRole('button', { name: 'View payment links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment Links' });
    const row = (name: string) => dialog.getByRole('listitem', { name, exact: true });
    await expect(row('Alex').getByTestId('share-badge')).toHaveText('Paid');
    await expect(row('Priya').getByTestId('share-badge')).toHaveText('Pending');
    await snap(page, 'journey-6-links-alex-paid');
    await page.keyboard.press('Escape');

    const sentence = `Alex paid you ${money(link('Alex').amount)} for`;
    await page.goto('/activity');
    await expect(page.getByText(sentence).first()).toBeVisible();
    await snap(page, 'journey-7-activity');
    const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(
      page.getByRole('dialog', { name: "What's happening" }).getByText(sentence),
    ).toBeVisible();
    await snap(page, 'journey-8-bell');
    await page.keyboard.press('Escape');

    // --- Priya's card is declined: the error, and she stays Pending ------------------------------
    const priya = await payerPage(payers, problems);
    await priya.goto(new URL(link('Priya').url).pathname);
    await priya.getByRole('button', { name: 'Pay by card' }).click();
    await priya.waitForURL(/\/sandbox\/checkout\//);
    await fillCard(priya, CARD_DECLINED);
    await priya.getByRole('button', { name: /^Pay / }).click();
    await expect(priya.getByRole('heading', { name: 'Whoops! Payment error' })).toBeVisible();
    await expect(priya.getByRole('alert').getByText('Your card was declined.')).toBeVisible();
    await expect(toastTitle(priya, 'Payment failed')).toHaveCount(0);
    await snap(priya, 'journey-9-priya-declined');
    const after = createPaymentLinksResponseSchema.parse(
      await (await page.request.get(`/api/bills/${billId}/payment-links`)).json(),
    );
    expect(after.paymentLinks.find((l) => l.participantName === 'Priya')!.status).toBe('pending');

    // --- Priya pays for herself and Sam on /secure-payment ------------------------------------
    await priya.goto(`/secure-payment/${link('Priya').token}`);
    const box = (name: string) => priya.getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
    await expect(box('Alex')).toBeDisabled();
    await expect(box('Alex')).toHaveAccessibleDescription('Already paid');
    await box('Sam').check();
    const both = formatPence(
      toPence(link('Priya').amountIncludingFee) + toPence(link('Sam').amountIncludingFee),
    );
    await snap(priya, 'journey-10-secure-payment');
    await priya.getByRole('button', { name: 'Pay by card' }).click();
    await priya.waitForURL(/\/sandbox\/checkout\//);
    await fillCard(priya, CARD_OK);
    await priya.getByRole('button', { name: `Pay ${both}` }).click();
    await priya.waitForURL(/\/payment-success\?session_id=/);
    await expect(
      lineAmount(priya.getByRole('region', { name: 'Receipt' }), 'Total paid'),
    ).toHaveText(both);
    await snap(priya, 'journey-11-priya-receipt');
  } finally {
    await payers.close();
  }
  expect(problems, 'the payer pages logged errors').toEqual([]);

  // --- The bill is Completed -------------------------------------------------------------------
  await page.goto(`/bill/${billId}`);
  const status = page.getByTestId('bill-payment-status');
  await expect(status).toContainText('3 of 3 paid');
  await expect(status).toContainText('Completed');
  for (const name of FRIENDS)
    await expect(
      page.getByRole('article', { name, exact: true }).getByTestId('share-badge'),
    ).toHaveText('Paid');
  await snap(page, 'journey-12-completed');
});
