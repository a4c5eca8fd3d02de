import type { Browser, Page } from '@playwright/test';
import {
  checkoutResponseSchema,
  createPaymentLinksResponseSchema,
  publicPaymentLinkSchema,
  type CreatorPaymentLink,
  type PaymentSession,
} from '../src/contracts/payments';
import { formatDateTime } from '../src/domain/formats';
import { formatPence, toPence } from '../src/domain/money';
import { splitBill } from '../src/domain/split';
import {
  makeBill,
  makeBillBody,
  makeParticipantBodies,
  makeParticipants,
  type ItemSpec,
} from '../src/testing/builders';
import {
  buildPaymentContext,
  PAYMENT_CONTEXT_KEY,
} from '../src/web/features/payer/model/payment-context';
import { expect, shot, snap, test } from './support/fixtures';
import { lineAmount } from './support/locators';
import { ensureSignedIn } from './support/session';

// Getting paid back, from the payer's side: a signed-out friend opens a payment link, sees what
// they owe line by line, pays on the sandbox's checkout page (a declined card first, then 4242),
// and lands on the receipt; paying for several on /secure-payment; and the error, not-available,
// expired, paid and cancelled states. The data is set up through the real API by a creator in a
// separate browser context. Expected money comes from the domain (splitBill, formatPence).

const CREATOR = { first: 'Alice', last: 'Archer' };
const RECIPIENT = `${CREATOR.first} ${CREATOR.last}`;
const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

/** Four people, by item, 12.5% tip and a £4.00 service charge, as the API tests' dinner(). */
const PEOPLE = { me: CREATOR.first, p: 'Priya', j: 'Jordan', s: 'Sam' };
const ITEMS: ItemSpec[] = [
  { name: 'Black Daal', amount: '8.90', portions: { me: 1, p: 2 } },
  { name: 'Naan', amount: '10.00', splitMode: 'equally' },
  { name: 'Lamb Raan', amount: '17.33', portions: { j: 1.5, s: 1 } },
];
const DINNER = { tipPercent: 12.5, serviceCharge: '4.00', items: ITEMS };
const input = makeBill({ ...DINNER, participants: makeParticipants(PEOPLE) });
const split = splitBill(input);
const shareOf = (name: string) => split.participants.find((p) => p.name === name)!;
const pounds = (pence: number) => (pence / 100).toFixed(2);

const billBody = (name: string) =>
  makeBillBody({ ...DINNER, name, participants: makeParticipantBodies(PEOPLE) });

/** A creator signs up, connects the sandbox bank, saves the dinner and makes its payment links. */
async function linksForNewBill(browser: Browser, billName = 'Dishoom') {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const creator = await context.newPage();
    await ensureSignedIn(creator, CREATOR.first, CREATOR.last);
    const bank = await creator.request.post('/api/sandbox/connect', {
      data: { accountHolderName: RECIPIENT, sortCode: '20-00-00', accountNumber: '55779911' },
    });
    expect(bank.ok(), await bank.text()).toBe(true);
    const saved = await creator.request.post('/api/bills', { data: billBody(billName) });
    expect(saved.status(), await saved.text()).toBe(201);
    const { id: billId } = (await saved.json()) as { id: string };
    const made = await creator.request.post('/api/payment-links', { data: { billId } });
    expect(made.status(), await made.text()).toBe(201);
    const { paymentLinks } = createPaymentLinksResponseSchema.parse(await made.json());
    return (name: string): CreatorPaymentLink =>
      paymentLinks.find((l) => l.participantName === name)!;
  } finally {
    await context.close();
  }
}

async function fillCard(page: Page, number: string, expiry = '12/34', cvc = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}

/** The toast's title, matched exactly (Radix repeats toast text in a hidden live region). */
const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

test('a friend pays their share: start screen, a declined card, then 4242 and the receipt', async ({
  page,
  browser,
}) => {
  const linkOf = await linksForNewBill(browser);
  const priya = linkOf('Priya');
  const share = shareOf('Priya');
  // The server's amounts are the domain's split of the same bill.
  expect(toPence(priya.amount)).toBe(share.amount);
  expect(toPence(priya.amountIncludingFee)).toBe(share.amountIncludingFeePence);
  const total = formatPence(share.amountIncludingFeePence);
  const link = publicPaymentLinkSchema.parse(
    await (await page.request.get(`/api/payment-links/${priya.token}`)).json(),
  );

  await page.goto(`/pay/${priya.token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dishoom' })).toBeVisible();
  await expect(page.getByText('Test mode — no real money moves')).toBeVisible();
  const amount = page.getByRole('region', { name: 'Amount to pay' });
  await expect(amount).toContainText(RECIPIENT);
  await expect(amount.getByTestId('amount-to-pay')).toHaveText(total);
  const owed = page.getByRole('region', { name: 'What you owe' });
  for (const line of link.lines)
    await expect(lineAmount(owed, line.name)).toHaveText(formatPence(toPence(line.amount)));
  // Priya had two of the daal's three portions; one of the naan (split equally) shows nothing.
  await expect(owed.getByText('×2', { exact: true })).toBeVisible();
  for (const item of share.items)
    await expect(lineAmount(owed, item.name)).toHaveText(formatPence(item.amountPence));
  await expect(lineAmount(owed, 'Total to pay')).toHaveText(total);
  // From the bank app first, by card second, at the same price.
  const bank = page.getByRole('button', { name: `Pay ${total} from your bank app` });
  const card = page.getByRole('button', { name: 'Pay by card' });
  await expect(bank).toBeVisible();
  await expect(card).toBeVisible();
  expect((await bank.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y);
  await snap(page, 'pay-start');

  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sbx_/);
  await expect(page.getByText('Test payment', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Pay ${RECIPIENT}` })).toBeVisible();
  await expect(lineAmount(page.locator('main'), "Priya's share")).toHaveText(
    formatPence(share.amount),
  );
  await expect(lineAmount(page.locator('main'), 'Processing fee')).toHaveText(
    formatPence(share.feePence),
  );
  await expect(lineAmount(page.locator('main'), 'Total')).toHaveText(total);
  await snap(page, 'sandbox-ready');

  // All three fields empty: the spec's missing-information toast, and the fields marked.
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(toastTitle(page, 'Oops! Missing information')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await snap(page, 'sandbox-missing');

  // Typed digits are grouped as on the card, and the brand named; a bad number is caught on blur.
  await page.getByLabel('Card number').fill('4242424242424241');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4241');
  await expect(page.getByText('Visa card', { exact: true })).toHaveCount(1);
  await page.getByLabel('Expiry (MM/YY)').focus();
  await expect(page.getByText('Enter a valid card number')).toBeVisible();
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');

  await fillCard(page, CARD_DECLINED);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByRole('heading', { name: 'Whoops! Payment error' })).toBeVisible();
  await expect(page.getByRole('alert').getByText('Your card was declined.')).toBeVisible();
  // Said once, in place: no toast repeats it.
  await expect(toastTitle(page, 'Payment failed')).toHaveCount(0);
  await snap(page, 'sandbox-error');

  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByLabel('Card number')).toHaveValue(CARD_DECLINED);
  await page.getByLabel('Card number').fill(CARD_OK);
  await snap(page, 'sandbox-filled');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const shownAt = Date.now();
  await expect(toastTitle(page, 'Woohoo! Payment successful')).toBeVisible();
  // The panel leaves by itself after 2.5 s, sooner than axe can be sure to finish on a busy
  // machine: its picture only; the receipt page it leads to is checked below.
  await shot(page, 'sandbox-success');

  await page.waitForURL(/\/payment-success\?session_id=cs_sbx_/);
  // The success panel stays for 2500 ms before the page goes on.
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2000);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText('Dishoom');
  await expect(receipt).toContainText(RECIPIENT);
  await expect(receipt).toContainText('Visa •••• 4242');
  await expect(lineAmount(receipt, "Priya's share")).toHaveText(formatPence(share.amount));
  await expect(lineAmount(receipt, 'Processing fee')).toHaveText(formatPence(share.feePence));
  await expect(lineAmount(receipt, 'Total paid')).toHaveText(total);
  await expect(page.getByText('This is a test receipt', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeVisible();
  await snap(page, 'success-receipt');
  // Printed, the buttons are not on the paper.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The link is now paid.
  await page.goto(`/payment/${priya.token}`);
  await expect(page.getByRole('heading', { name: 'Already Paid' })).toBeVisible();
  await expect(
    page.getByText('This payment has already been completed.', { exact: false }),
  ).toBeVisible();
  await snap(page, 'already-paid');

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(
    page.getByRole('heading', { name: 'Split bills with friends effortlessly' }),
  ).toBeVisible();
});

test('paying for two on /secure-payment, with one already paid disabled', async ({
  page,
  browser,
}) => {
  const linkOf = await linksForNewBill(browser, 'Hoppers');
  const [priya, jordan, sam] = [linkOf('Priya'), linkOf('Jordan'), linkOf('Sam')];
  // Priya pays her own first, through the API.
  const co = await page.request.post('/api/payments/checkout', {
    data: { token: priya.token, participantIds: [priya.participantId] },
  });
  const { sessionId } = checkoutResponseSchema.parse(await co.json());
  const paid = await page.request.post(`/api/sandbox/checkout/${sessionId}/pay`, {
    data: { number: CARD_OK, expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok()).toBe(true);

  await page.goto(`/pay/${jordan.token}`);
  await page.getByRole('link', { name: 'Pay for others on this bill' }).click();
  await page.waitForURL(`/secure-payment/${jordan.token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoppers' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bill total' })).toContainText(
    formatPence(split.total),
  );
  const box = (name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
  await expect(box('Priya')).toBeDisabled();
  await expect(box('Priya')).toHaveAccessibleDescription('Already paid');
  await expect(box(CREATOR.first)).toHaveCount(0);
  await expect(box('Jordan')).toBeChecked();
  await expect(box('Sam')).not.toBeChecked();
  const j = shareOf('Jordan');
  const s = shareOf('Sam');
  await expect(
    page.getByRole('button', {
      name: `Pay ${formatPence(j.amountIncludingFeePence)} from your bank app`,
    }),
  ).toBeEnabled();

  await box('Sam').check();
  const both = formatPence(j.amountIncludingFeePence + s.amountIncludingFeePence);
  const breakdown = page.getByRole('region', { name: 'Payment breakdown' });
  await expect(lineAmount(breakdown, "Jordan's share")).toHaveText(formatPence(j.amount));
  await expect(lineAmount(breakdown, "Sam's share")).toHaveText(formatPence(s.amount));
  await expect(lineAmount(breakdown, 'Total to pay')).toHaveText(both);
  await snap(page, 'secure-payment');

  await box('Jordan').uncheck();
  await box('Sam').uncheck();
  await expect(page.getByRole('button', { name: 'Select who to pay for' })).toBeDisabled();
  await snap(page, 'secure-payment-none');
  await box('Jordan').check();
  await box('Sam').check();

  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await expect(lineAmount(page.locator('main'), 'Total')).toHaveText(both);
  await fillCard(page, CARD_OK);
  await page.getByRole('button', { name: `Pay ${both}` }).click();
  await page.waitForURL(/\/payment-success\?session_id=/);
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(lineAmount(receipt, "Jordan's share")).toHaveText(formatPence(j.amount));
  await expect(lineAmount(receipt, "Sam's share")).toHaveText(formatPence(s.amount));
  await expect(lineAmount(receipt, 'Processing fees')).toHaveText(
    formatPence(j.feePence + s.feePence),
  );
  await expect(lineAmount(receipt, 'Total paid')).toHaveText(both);

  // Everyone has paid now.
  await page.goto(`/secure-payment/${sam.token}`);
  await expect(page.getByRole('heading', { name: 'Everyone has paid' })).toBeVisible();
});

test('an unknown link shows Payment Error, and a server failure says so', async ({ page }) => {
  await page.goto('/pay/no-such-token-at-all');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText('Payment link not found or has expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  await snap(page, 'payment-error');

  await page.goto('/secure-payment/no-such-token-at-all');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText('Payment link not found or has expired')).toBeVisible();

  await page.route('**/api/payment-links/some-token', (route) =>
    route.fulfill({ status: 429, json: { message: 'Too many requests' } }),
  );
  await page.goto('/pay/some-token');
  await expect(page.getByText('Unable to load payment data (429)')).toBeVisible();
});

test.describe('a server error', () => {
  test.use({ expectedServerErrors: [500] });
  test('on loading a link reads as a server error', async ({ page }) => {
    await page.route('**/api/payment-links/broken-token', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom' } }),
    );
    await page.goto('/pay/broken-token');
    await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
    await expect(page.getByText('Server error - please try again in a moment')).toBeVisible();
  });
});

test('Payment Not Available when the creator cannot take cards; an expired link offers only Return Home', async ({
  page,
  browser,
}) => {
  const linkOf = await linksForNewBill(browser, 'Padella');
  const sam = linkOf('Sam');
  const message = `${RECIPIENT} cannot take card payments yet. Ask them to connect a bank account in Fairshare.`;
  // The sandbox creator is connected; the server's refusal is stood in for at the network.
  await page.route('**/api/payments/checkout', (route) =>
    route.fulfill({ status: 409, json: { code: 'payment_not_available', message } }),
  );
  await page.goto(`/pay/${sam.token}`);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Not Available' })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await snap(page, 'payment-not-available');

  // The clock cannot move here: the link's answer is marked expired at the network.
  await page.route(`**/api/payment-links/${sam.token}`, async (route) => {
    const res = await route.fetch();
    route.fulfill({ response: res, json: { ...(await res.json()), expired: true } });
  });
  await page.goto(`/pay/${sam.token}`);
  await expect(page.getByRole('heading', { name: 'This payment link has expired' })).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveText(['Return Home']);
  await snap(page, 'expired');
});

test('cancelling on the checkout page: Payment Cancelled, the context cleared, and back again', async ({
  page,
  browser,
}) => {
  const linkOf = await linksForNewBill(browser, 'Kiln');
  const jordan = linkOf('Jordan');
  // /stripe-checkout/:token goes straight on to the checkout.
  await page.goto(`/stripe-checkout/${jordan.token}`);
  await page.waitForURL(/\/sandbox\/checkout\//);
  const checkoutUrl = page.url();
  expect(await page.evaluate(() => sessionStorage.getItem('fairshare.payment'))).not.toBeNull();

  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL(/\/payment-cancelled\?token=/);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('No charges were made to your card.')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('fairshare.payment'))).toBeNull();
  await snap(page, 'cancelled');

  await page.getByRole('button', { name: 'Try Payment Again' }).click();
  await page.waitForURL(checkoutUrl);
  await expect(page.getByLabel('Card number')).toBeVisible();

  await page.goto(`/payment-cancelled?token=${jordan.token}`);
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(
    page.getByRole('heading', { name: 'Split bills with friends effortlessly' }),
  ).toBeVisible();
});

test('the success page with nothing to look up, and a payment intent with no stored context', async ({
  page,
}) => {
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Done' })).toBeVisible();
  await snap(page, 'success-generic');

  await page.goto('/payment-success?payment_intent=pi_sbx_unknown&redirect_status=succeeded');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(
    page.getByText('Payment intent not found. Please refresh the page and try again.'),
  ).toBeVisible();
});

test('the success page while the payment is confirmed, and with a share refunded', async ({
  page,
}) => {
  const [priya, jordan] = [shareOf('Priya'), shareOf('Jordan')];
  const PAID_AT = '2026-11-22T15:45:00.000Z';
  const session = (over: Partial<PaymentSession>): PaymentSession => ({
    sessionId: 'cs_sbx_stub',
    status: 'succeeded',
    method: 'card',
    bankName: null,
    billName: 'Dishoom',
    recipientName: RECIPIENT,
    amount: pounds(priya.amountIncludingFeePence + jordan.amountIncludingFeePence),
    fee: pounds(priya.feePence + jordan.feePence),
    refunded: '0.00',
    people: [
      {
        participantName: 'Priya',
        amount: pounds(priya.amount),
        fee: pounds(priya.feePence),
        paid: true,
      },
      {
        participantName: 'Jordan',
        amount: pounds(jordan.amount),
        fee: pounds(jordan.feePence),
        paid: true,
      },
    ],
    paidAt: PAID_AT,
    cardBrand: 'Mastercard',
    cardLast4: '4444',
    testMode: true,
    token: null,
    message: null,
    ...over,
  });
  // A webhook still on its way: the page says so while it asks again.
  await page.route('**/api/payments/sessions/cs_sbx_stub', (route) =>
    route.fulfill({
      json: session({ status: 'open', paidAt: null, cardBrand: null, cardLast4: null }),
    }),
  );
  await page.goto('/payment-success?session_id=cs_sbx_stub');
  await expect(page.getByRole('status').getByText('Confirming your payment…')).toBeAttached();
  await expect(page.getByText('This usually takes a few seconds.', { exact: false })).toBeVisible();
  await snap(page, 'success-confirming');
  // Ten unchanged answers later (1.5 s apart) the page stops asking and says so.
  await expect(page.getByRole('heading', { name: 'Still confirming your payment' })).toBeVisible({
    timeout: 30_000,
  });

  // Jordan had been paid for meanwhile: his part was refunded, and the receipt says why.
  await page.unroute('**/api/payments/sessions/cs_sbx_stub');
  const message = 'Jordan had already been paid for: that part was refunded';
  await page.route('**/api/payments/sessions/cs_sbx_stub', (route) =>
    route.fulfill({
      json: session({
        refunded: pounds(jordan.amountIncludingFeePence),
        people: [
          {
            participantName: 'Priya',
            amount: pounds(priya.amount),
            fee: pounds(priya.feePence),
            paid: true,
          },
          {
            participantName: 'Jordan',
            amount: pounds(jordan.amount),
            fee: pounds(jordan.feePence),
            paid: false,
          },
        ],
        message,
      }),
    }),
  );
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(
    page.getByText(`${formatPence(jordan.amountIncludingFeePence)} refunded`),
  ).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText(formatDateTime(new Date(PAID_AT)), { exact: true })).toBeVisible();
  await expect(page.getByText('Mastercard •••• 4444')).toBeVisible();
  await snap(page, 'success-refunded');
});

test('the two-step flow: a payment intent paid on the sandbox page, confirmed on return', async ({
  page,
  browser,
}) => {
  const linkOf = await linksForNewBill(browser, 'Gymkhana');
  const sam = linkOf('Sam');
  const share = shareOf('Sam');
  const base = process.env.E2E_BASE_URL!;
  const made = await page.request.post('/api/create-stripe-payment', {
    data: { token: sam.token, returnUrl: `${base}/payment-success` },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { clientSecret, paymentIntentId } = (await made.json()) as {
    clientSecret: string;
    paymentIntentId: string;
  };
  // The page that asked for the intent keeps the payment context, as the Pay button does.
  const link = publicPaymentLinkSchema.parse(
    await (await page.request.get(`/api/payment-links/${sam.token}`)).json(),
  );
  const context = buildPaymentContext({
    token: sam.token,
    billName: link.billName,
    recipientName: link.recipientName,
    testMode: link.testMode,
    people: [
      {
        id: link.participantId,
        name: link.participantName,
        amount: link.amount,
        fee: link.fee,
        lines: link.lines,
      },
    ],
    checkout: { sessionId: paymentIntentId, amount: link.amountIncludingFee },
    paymentIntentId,
    now: new Date(),
  });
  // Stored from the landing page: /payment-cancelled clears the payment context as it opens,
  // which raced with storing it there once payer pages stopped waiting for the user query.
  await page.goto('/');
  await page.evaluate(
    ([key, value]) => sessionStorage.setItem(key!, value!),
    [PAYMENT_CONTEXT_KEY, JSON.stringify(context)],
  );

  await page.goto(
    `/sandbox/checkout/${paymentIntentId}?client_secret=${encodeURIComponent(clientSecret)}`,
  );
  const total = formatPence(share.amountIncludingFeePence);
  await fillCard(page, CARD_OK);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await page.waitForURL(/\/payment-success\?payment_intent=pi_sbx_.*redirect_status=succeeded/);
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(lineAmount(receipt, "Sam's share")).toHaveText(formatPence(share.amount));
  await expect(lineAmount(receipt, 'Total paid')).toHaveText(total);
  await expect(receipt).toContainText('Visa •••• 4242');

  await page.goto(`/pay/${sam.token}`);
  await expect(page.getByRole('heading', { name: 'Already Paid' })).toBeVisible();
});
