import type { Browser, BrowserContext, Page } from '@playwright/test';
import { billDetailSchema } from '../src/contracts/bills';
import {
  createPaymentLinksResponseSchema,
  type CreatorPaymentLink,
} from '../src/contracts/payments';
import { formatPence, toPence } from '../src/domain/money';
import { makeBillBody, makeParticipantBodies } from '../src/testing/builders';
import { expect, snap, test } from './support/fixtures';
import { lineAmount } from './support/locators';
import { ensureSignedIn } from './support/session';

// Paying by bank (DECISIONS.md Paying by bank), with the sandbox's test bank app: Priya pays from
// her bank app and approves; Jordan's bank declines, the page says so and his share is free again,
// and he pays by card; the creator sees both, each with how it was paid. Friends are signed out, in
// their own browser; the creator sets up the bill through the real API.

const CREATOR = { first: 'Morgan', last: 'Reed' };
const PEOPLE = { me: CREATOR.first, p: 'Priya', j: 'Jordan' };
const BILL = makeBillBody({
  name: 'Sunday roast',
  tipPercent: 10,
  serviceCharge: '0.00',
  participants: makeParticipantBodies(PEOPLE),
  items: [
    { name: 'Roast beef', amount: '21.50', portions: { me: 1 } },
    { name: 'Nut roast', amount: '17.95', portions: { p: 1 } },
    { name: 'Pork belly', amount: '19.25', portions: { j: 1 } },
    { name: 'Sticky toffee pudding', amount: '7.50', splitMode: 'equally' },
  ],
});
const money = (amount: string) => formatPence(toPence(amount));

async function payerPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
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
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return { context, page };
}

/** From the payer page to the test bank app, where a bank is chosen and the answer given. */
async function payFromBank(page: Page, link: CreatorPaymentLink, bank: string) {
  await page.goto(`/pay/${link.token}`);
  const total = money(link.amountIncludingFee);
  const fromBank = page.getByRole('button', { name: `Pay ${total} from your bank app` });
  const byCard = page.getByRole('button', { name: 'Pay by card' });
  await expect(fromBank).toBeVisible();
  await expect(byCard).toBeVisible();
  // Bank first, card second; the bank button's words fit one line, as the card's do.
  const [bankBox, cardBox] = [(await fromBank.boundingBox())!, (await byCard.boundingBox())!];
  expect(bankBox.y).toBeLessThan(cardBox.y);
  expect(bankBox.height).toBe(cardBox.height);
  return async (shotName?: string) => {
    await fromBank.click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
    await expect(page.getByText('Test bank payment')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: `Approve ${total} to Morgan Reed` }),
    ).toBeVisible();
    await expect(lineAmount(page.locator('main'), 'Total')).toHaveText(total);
    await expect(page.getByRole('button', { name: 'Choose your bank to approve' })).toBeDisabled();
    await page.getByRole('radio', { name: bank }).check();
    if (shotName) await snap(page, shotName);
  };
}

test('one friend pays from the bank app, another is declined then pays by card', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await ensureSignedIn(page, CREATOR.first, CREATOR.last);
  const bank = await page.request.post('/api/sandbox/connect', {
    data: { accountHolderName: 'Morgan Reed', sortCode: '20-00-00', accountNumber: '55779911' },
  });
  expect(bank.ok(), await bank.text()).toBe(true);
  const saved = await page.request.post('/api/bills', { data: BILL });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id: billId } = (await saved.json()) as { id: string };
  const made = await page.request.post('/api/payment-links', { data: { billId } });
  expect(made.status(), await made.text()).toBe(201);
  const links = createPaymentLinksResponseSchema.parse(await made.json()).paymentLinks;
  const linkOf = (name: string) => links.find((l) => l.participantName === name)!;

  // --- Priya pays from her bank app and approves -------------------------------------------------
  const priya = await payerPage(browser);
  try {
    const p = priya.page;
    const open = await payFromBank(p, linkOf('Priya'), 'Monzo');
    await snap(p, 'bank-1-pay-start');
    await open('bank-2-bank-app');
    // The page's later look-ups wait until the waiting state has been looked at: the bank's answer
    // comes on its own time, and this machine may be slower than the bank.
    let looked!: () => void;
    const gate = new Promise<void>((resolve) => (looked = resolve));
    let lookups = 0;
    await p.route('**/api/payments/sessions/**', async (route) => {
      if (lookups++ > 0) await gate;
      await route.continue();
    });
    await p
      .getByRole('button', { name: `Approve ${money(linkOf('Priya').amountIncludingFee)}` })
      .click();
    await p.waitForURL(/\/payment-success\?session_id=cs_sbx_/);
    await expect(p.getByRole('heading', { name: 'Waiting for your bank' })).toBeVisible();
    await expect(p.getByText(/in Monzo\. Banks usually answer/)).toBeVisible();
    await snap(p, 'bank-3-waiting');
    looked();
    // The bank answers a few seconds later: the receipt, paid from the bank app.
    await expect(p.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({
      timeout: 20_000,
    });
    const receipt = p.getByRole('region', { name: 'Receipt' });
    await expect(lineAmount(receipt, 'Total paid')).toHaveText(
      money(linkOf('Priya').amountIncludingFee),
    );
    await expect(receipt.getByText('Monzo (bank app)')).toBeVisible();
    await snap(p, 'bank-4-paid');
  } finally {
    await priya.context.close();
  }

  // --- Jordan's bank declines; the page says so; he pays by card --------------------------------
  const jordan = await payerPage(browser);
  try {
    const j = jordan.page;
    const open = await payFromBank(j, linkOf('Jordan'), 'Barclays');
    await open();
    await j.getByRole('button', { name: 'Decline' }).click();
    await j.waitForURL(/\/payment-success\?session_id=cs_sbx_/);
    await expect(j.getByRole('heading', { name: 'Waiting for your bank' })).toBeVisible();
    await expect(
      j.getByRole('heading', { name: 'Your bank did not approve this payment' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(
      j.getByText(
        'Your bank did not approve this payment. Nothing was taken. Your share is open again: you can pay by card, or try your bank again.',
      ),
    ).toBeVisible();
    await snap(j, 'bank-5-declined');
    // His share is free again: nothing holds it.
    const link = await j.request.get(`/api/payment-links/${linkOf('Jordan').token}`);
    expect(((await link.json()) as { status: string }).status).toBe('pending');

    await j.getByRole('link', { name: 'Try Payment Again' }).click();
    await j.getByRole('button', { name: 'Pay by card' }).click();
    await j.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
    await j.getByLabel('Card number').fill('4242 4242 4242 4242');
    await j.getByLabel('Expiry (MM/YY)').fill('12/34');
    await j.getByLabel('CVC').fill('123');
    await j
      .getByRole('button', { name: `Pay ${money(linkOf('Jordan').amountIncludingFee)}` })
      .click();
    await j.waitForURL(/\/payment-success\?session_id=/);
    await expect(j.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await expect(
      j.getByRole('region', { name: 'Receipt' }).getByText('Visa •••• 4242'),
    ).toBeVisible();
  } finally {
    await jordan.context.close();
  }

  // --- The creator sees both: Priya from her bank app, Jordan by card; the bill Completed -------
  await page.goto(`/bill/${billId}`);
  await page.getByRole('button', { name: 'View payment links' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Links' });
  const row = (name: string) => dialog.getByRole('listitem', { name, exact: true });
  await expect(row('Priya').getByTestId('share-badge')).toHaveText('Paid');
  await expect(row('Priya')).toContainText('Paid from bank app');
  await expect(row('Jordan').getByTestId('share-badge')).toHaveText('Paid');
  await expect(row('Jordan')).toContainText('Paid by card');
  await snap(page, 'bank-6-creator-links');
  await page.keyboard.press('Escape');
  await page.goto('/activity');
  await expect(
    page.getByText(`Priya paid you ${money(linkOf('Priya').amount)} for`).first(),
  ).toBeVisible();
  await expect(
    page.getByText(`Jordan paid you ${money(linkOf('Jordan').amount)} for`).first(),
  ).toBeVisible();
  await snap(page, 'bank-7-creator-activity');

  // --- Jordan is refunded: his share is pending again, and the creator's Activity says so -------
  const refund = await page.request.post(
    `/api/bills/${billId}/participants/${linkOf('Jordan').participantId}/refund`,
  );
  expect(refund.status(), await refund.text()).toBe(200);
  await page.reload();
  await expect(
    page.getByText(
      `Jordan was refunded ${money(linkOf('Jordan').amountIncludingFee)} for Sunday roast: their share is pending again`,
    ),
  ).toBeVisible();
  await snap(page, 'bank-8-creator-activity-refund');

  // A share held by a dispute (the sandbox makes none: Stripe's answer, as the API gives it).
  await page.route(`**/api/bills/${billId}/payment-links`, async (route) => {
    const res = await route.fetch();
    const body = createPaymentLinksResponseSchema.parse(await res.json());
    for (const l of body.paymentLinks)
      if (l.participantName === 'Priya') Object.assign(l, { status: 'pending', disputed: true });
    await route.fulfill({ response: res, json: { ...body, billStatus: 'active' } });
  });
  await page.route(`**/api/bills/${billId}`, async (route) => {
    const res = await route.fetch();
    const body = billDetailSchema.parse(await res.json());
    for (const p of body.participants)
      if (p.participantName === 'Priya') Object.assign(p, { status: 'pending', disputed: true });
    await route.fulfill({ response: res, json: { ...body, status: 'active' } });
  });
  await page.goto(`/bill/${billId}`);
  // The bill's page says it too, with nobody to remind about it.
  const onBill = page.getByRole('article', { name: 'Priya' });
  await expect(onBill.getByTestId('share-badge')).toHaveText('Disputed');
  await expect(onBill).toContainText('Waiting for the bank to decide');
  await expect(onBill.getByRole('button', { name: /Remind/ })).toHaveCount(0);
  await snap(page, 'bank-9-creator-bill-disputed');
  await page.getByRole('button', { name: 'View payment links' }).click();
  await expect(row('Priya').getByTestId('share-badge')).toHaveText('Disputed');
  await expect(row('Priya')).toContainText('Waiting for the bank to decide');
  await expect(row('Priya').getByRole('button', { name: /Mark as paid/ })).toHaveCount(0);
  await expect(row('Jordan').getByTestId('share-badge')).toHaveText('Pending');
  await snap(page, 'bank-9-creator-links-disputed');
});
