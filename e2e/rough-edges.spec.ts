import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { formatPence, toPence } from '../src/domain/money';
import { splitBill } from '../src/domain/split';
import { makeBill, makeParticipants } from '../src/testing/builders';
import { summaryFromSplit } from '../src/web/entities/bill/model/summary-data';
import { wholeBillBody } from '../src/web/features/bills/model/save-body';
import { expect, snap, test } from './support/fixtures';
import { ensureSignedIn, newEmail, PASSWORD } from './support/session';

// Rough edges a new user hit walking the app (issue 54), each at 390 x 844.

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, 'Morgan', 'Reed');
});

test("the bottom navigation's + announces one photo once", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { captured: number };
    w.captured = 0;
    window.addEventListener('receiptCaptured', () => w.captured++);
  });
  // The reading itself is not what this checks: the scan answers at once, with nothing found.
  await page.route('**/api/ocr/scan-receipt', (route) =>
    route.fulfill({
      status: 200,
      json: {
        receiptId: 'e2e',
        items: [],
        subtotal: null,
        tax: null,
        serviceCharge: null,
        serviceChargePercent: null,
        tip: null,
        total: null,
        establishmentName: null,
        checks: { itemsMatchTotal: true, difference: '0.00', against: null },
        message: 'No items found',
        error: null,
        rawText: '',
        timings: { imageMs: 1, queueMs: 0, ocrMs: 1, parseMs: 1, totalMs: 3 },
      },
    }),
  );
  const photo = await sharp({
    create: { width: 600, height: 900, channels: 3, background: '#ffffff' },
  })
    .jpeg()
    .toBuffer();
  await page.goto('/');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add a receipt' }).click();
  await (await chooser).setFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('dialog', { name: 'Add Friends to Split With' })).toBeVisible();
  await snap(page, 'rough-edges-add-tab-friends');
  expect(await page.evaluate(() => (window as unknown as { captured: number }).captured)).toBe(1);
});

// --- Shared set-up for the bills below -------------------------------------------------------------

const ME = 'Morgan';
const FRIENDS = ['Alex', 'Priya'];

async function connectBank(page: Page) {
  const res = await page.request.post('/api/sandbox/connect', {
    data: { accountHolderName: `${ME} Reed`, sortCode: '20-00-00', accountNumber: '55779911' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A bill split with `friends`, saved with Done's request through the API; returns its id. */
async function saveBill(page: Page, name: string, friends = FRIENDS): Promise<string> {
  const people: Record<string, string> = { me: ME };
  for (const f of friends) people[f.toLowerCase()] = f;
  const input = makeBill({
    participants: makeParticipants(people),
    items: [
      {
        name: 'Sharing platter',
        amount: '36.00',
        portions: Object.fromEntries(Object.keys(people).map((id) => [id, 1])),
      },
    ],
  });
  const summary = summaryFromSplit(name, input, splitBill(input));
  const res = await page.request.post('/api/bills', { data: wholeBillBody(summary, new Date()) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/** Makes the bill's payment links the way the creator does: Get paid back on its page. */
async function askToBePaid(page: Page, billId: string) {
  await page.goto(`/bill/${billId}`);
  await page.getByRole('button', { name: 'Covered the bill? Get paid back' }).click();
  await expect(page).toHaveURL(/\/qr-payment$/);
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
async function payByCard(page: Page, link: Link) {
  const checkout = await page.request.post('/api/payments/checkout', {
    data: { token: link.token, participantIds: [link.participantId] },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/sandbox/checkout/${sessionId}/pay`, {
    data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

test('home and history rows say how far the bill has got: paid of all, still owed, Completed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await connectBank(page);
  const saved = await saveBill(page, 'Only Saved Cafe');
  const active = await saveBill(page, 'Halfway Tavern');
  const done = await saveBill(page, 'All Square Diner', ['Sam']);
  await askToBePaid(page, active);
  await payByCard(
    page,
    (await linksOf(page, active)).find((l) => l.participantName === 'Alex')!,
  );
  await askToBePaid(page, done);
  await payByCard(page, (await linksOf(page, done))[0]!);

  const owed = (
    (await (await page.request.get(`/api/bills/${active}`)).json()) as {
      participants: { participantName: string; amountDue: string }[];
    }
  ).participants.find((p) => p.participantName === 'Priya')!.amountDue;

  for (const path of ['/', '/history']) {
    await page.goto(path);
    const row = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await expect(row('Halfway Tavern').getByTestId('row-state')).toHaveText(
      `1 of 2 paid${formatPence(toPence(owed))} still owed`,
    );
    await expect(row('All Square Diner').getByTestId('row-state')).toHaveText('Completed');
    await expect(row('Only Saved Cafe').getByTestId('row-state')).toHaveCount(0);
    await snap(page, `rough-edges-rows${path === '/' ? '-home' : '-history'}`);
  }
  expect(saved).toBeTruthy();
});

test('a bill can be deleted (asking first), its links then closed; a paid one archived', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await connectBank(page);
  const plain = await saveBill(page, 'Delete Me Deli');
  const linked = await saveBill(page, 'Links Only Lounge');
  const paid = await saveBill(page, 'Paid Once Pub');
  await askToBePaid(page, linked);
  const link = (await linksOf(page, linked))[0]!;
  await askToBePaid(page, paid);
  await payByCard(page, (await linksOf(page, paid))[0]!);

  // A saved bill: Delete asks first; Cancel keeps it.
  await page.goto('/');
  await page.getByRole('link', { name: 'Open Delete Me Deli' }).click();
  await page.getByRole('button', { name: 'Delete bill' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete Delete Me Deli?' });
  await expect(ask).toBeVisible();
  await snap(page, 'rough-edges-delete-ask');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  expect((await page.request.get(`/api/bills/${plain}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Delete bill' }).click();
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: `Hi ${ME}` })).toBeVisible();
  await expect(page.getByText('Delete Me Deli')).toHaveCount(0);
  expect((await page.request.get(`/api/bills/${plain}`)).status()).toBe(404);

  // With links and no payment: deleting says the links stop; their page then says so.
  await page.goto(`/bill/${linked}`);
  await page.getByRole('button', { name: 'Delete bill' }).click();
  const askLinks = page.getByRole('alertdialog', { name: 'Delete Links Only Lounge?' });
  await expect(askLinks).toContainText('Its payment links stop working');
  await askLinks.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: `Hi ${ME}` })).toBeVisible();
  await page.goto(`/pay/${link.token}`);
  await expect(page.getByText('This bill is no longer available').first()).toBeVisible();

  // With a payment: no Delete, Archive instead; it leaves home and history.
  await page.goto(`/bill/${paid}`);
  await expect(page.getByRole('button', { name: 'Delete bill' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Archive bill' }).click();
  const askArchive = page.getByRole('alertdialog', { name: 'Archive Paid Once Pub?' });
  // Open before it is checked: its fade-in is then one of the animations the check waits out.
  await expect(askArchive).toBeVisible();
  await snap(page, 'rough-edges-archive-ask');
  await askArchive.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('heading', { name: `Hi ${ME}` })).toBeVisible();
  await expect(page.getByText('Paid Once Pub')).toHaveCount(0);
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByText('Paid Once Pub')).toHaveCount(0);
});

test("the QR view's row of friends shows it scrolls, and says when everyone has paid", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await connectBank(page);
  const friends = ['Alexandra', 'Priyanka', 'Samantha', 'Jonathan', 'Rosalind'];
  const id = await saveBill(page, 'Long Table Brasserie', friends);
  await askToBePaid(page, id);
  const more = page.getByTestId('more-friends');
  await expect(more).toBeVisible();
  await snap(page, 'rough-edges-qr-row');
  // Scrolled to its end, the hint goes.
  await page
    .getByRole('tablist', { name: 'Friends to pay you back' })
    .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(more).toHaveCount(0);

  for (const link of await linksOf(page, id)) await payByCard(page, link);
  await expect(page.getByRole('heading', { name: 'Everyone has paid' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Payment link QR code/ })).toHaveCount(0);
  await snap(page, 'rough-edges-qr-everyone-paid');
});

test('onboarding: Get connected, a bank connected, and the tour goes on at step 3', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A new account with no name yet: onboarding from its first step.
  await page.context().clearCookies();
  const email = newEmail('onboarding');
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding/);
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Get connected' }).click();
  await page.waitForURL(/\/sandbox\/connect\?/);
  await page.getByLabel('Name on the account').fill('Nia Okafor');
  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await snap(page, 'rough-edges-onboarding-step-3');
  await page.getByRole('button', { name: 'Teach me!' }).click();
  await expect(page.getByRole('heading', { name: '1. Scan the receipt' })).toBeVisible();
});

test.describe('offline', () => {
  test.use({ offlineExpected: true });

  const libraryInput = (page: Page) => page.locator('main input[type=file]:not([capture])');
  const waitingCard = (page: Page) =>
    page.getByRole('region', { name: 'A receipt is waiting to be read' });

  /** Home served by the service worker, then the connection gone and the page opened again. */
  async function offlineHome(page: Page, context: BrowserContext) {
    await page.goto('/');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    await page.reload();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: `Hi ${ME}` })).toBeVisible();
  }

  async function photoKeptThenClosed(page: Page, close: 'Escape' | 'x') {
    const photo = await sharp({
      create: { width: 600, height: 900, channels: 3, background: '#ffffff' },
    })
      .jpeg()
      .toBuffer();
    await libraryInput(page).setInputFiles({
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
    await expect(friends.getByRole('status')).toContainText(
      "You're offline: this photo is kept on your phone",
    );
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await friends.getByRole('button', { name: 'Close' }).click();
    await expect(friends).toBeHidden();
  }

  for (const close of ['Escape', 'x'] as ('Escape' | 'x')[]) {
    test(`a photo taken offline, its friends dialog closed with ${close}, is read once back online`, async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      const scans: string[] = [];
      context.on('request', (req) => {
        if (req.url().endsWith('/api/ocr/scan-receipt')) scans.push(req.method());
      });
      await offlineHome(page, context);
      await photoKeptThenClosed(page, close);
      // Kept, whichever way the dialog was closed, and still there after another reload offline.
      await expect(waitingCard(page)).toBeVisible();
      await page.reload();
      await expect(waitingCard(page)).toBeVisible();
      await expect(waitingCard(page).getByRole('button', { name: 'Try now' })).toBeVisible();
      if (close === 'Escape') await snap(page, 'rough-edges-offline-waiting');
      expect(scans).toEqual([]);

      await context.setOffline(false);
      await expect.poll(() => scans, { timeout: 30_000 }).toEqual(['POST']);
      // Read: on to the reading (which asks who is splitting, as none were named), and the photo
      // leaves the phone.
      await expect(page).toHaveURL(/\/(processing-receipt|split-bill)$/, { timeout: 30_000 });
      // The photo leaves the phone once the server has answered (leaving before that reads it
      // again on home): the reading is over when it asks who is splitting.
      await expect(page.getByRole('dialog', { name: 'Add Friends to Split With' })).toBeVisible({
        timeout: 30_000,
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: `Hi ${ME}` })).toBeVisible();
      await expect(waitingCard(page)).toHaveCount(0, { timeout: 30_000 });
    });
  }

  test('"Try now" on the waiting card reads the photo when the browser missed the connection', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const scans: string[] = [];
    context.on('request', (req) => {
      if (req.url().endsWith('/api/ocr/scan-receipt')) scans.push(req.method());
    });
    await offlineHome(page, context);
    await photoKeptThenClosed(page, 'Escape');
    await expect(waitingCard(page)).toBeVisible();
    // The network comes back but the browser keeps saying it is offline (as some do): nothing is
    // read by itself, and Try now reads it.
    await page.evaluate(() =>
      Object.defineProperty(Navigator.prototype, 'onLine', {
        get: () => false,
        configurable: true,
      }),
    );
    await context.setOffline(false);
    await page.waitForTimeout(1500);
    expect(scans).toEqual([]);
    await waitingCard(page).getByRole('button', { name: 'Try now' }).click();
    await expect.poll(() => scans, { timeout: 30_000 }).toEqual(['POST']);
    await expect(page).toHaveURL(/\/(processing-receipt|split-bill)$/, { timeout: 30_000 });
  });

  test('cold offline, home is calm, and the bills come by themselves when back online', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await saveBill(page, 'Reconnect Ramen');
    // The connection fails under the page (the browser still thinks it is online).
    await context.route('**/api/bills', (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect(page.getByText("Your bills show when you're back online")).toBeVisible();
    await expect(page.getByText(/Network connection failed/)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await snap(page, 'rough-edges-offline-home');
    await context.unroute('**/api/bills');
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByText('Reconnect Ramen')).toBeVisible({ timeout: 20_000 });
  });
});

test.describe('toasts', () => {
  /** The toast showing `title`: Radix's list item around it. */
  const toastOf = (page: Page, title: string) =>
    page.locator('li', { has: page.getByText(title, { exact: true }) });

  /** Whether two boxes share any pixel. */
  const overlap = (
    a: { x: number; y: number; width: number; height: number },
    b: { x: number; y: number; width: number; height: number },
  ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  test('a toast stands above the bottom bar, hides no heading, and stays on its screen', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // Home, back from connecting a bank: above the tab bar, clear of the greeting.
    await connectBank(page);
    await page.goto('/?onboarding=complete');
    const connected = toastOf(page, 'Bank account connected');
    await expect(connected).toBeVisible();
    const greeting = await page.getByRole('heading', { name: `Hi ${ME}` }).boundingBox();
    const tabs = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    let box = (await connected.boundingBox())!;
    expect(overlap(box, greeting!)).toBe(false);
    expect(box.y + box.height).toBeLessThanOrEqual(tabs!.y + 1);
    await snap(page, 'rough-edges-toast-home');

    // A bill's page: above its action bar, clear of the bill's name and the header's controls.
    const billId = await saveBill(page, 'Toast Tapas');
    await page.goto(`/bill/${billId}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }),
    );
    await page.getByRole('button', { name: 'Share a copy of this bill' }).click();
    const copied = toastOf(page, 'Copied to clipboard');
    await expect(copied).toBeVisible();
    // One at a time: the earlier toast is gone.
    await expect(page.getByText('Bank account connected', { exact: true })).toHaveCount(0);
    box = (await copied.boundingBox())!;
    const title = await page.getByRole('heading', { name: 'Toast Tapas' }).boundingBox();
    expect(overlap(box, title!)).toBe(false);
    const getPaid = page.getByRole('button', { name: 'Covered the bill? Get paid back' });
    expect(overlap(box, (await getPaid.boundingBox())!)).toBe(false);
    for (const button of await page.locator('header').getByRole('button').all()) {
      expect(overlap(box, (await button.boundingBox())!)).toBe(false);
    }
    await snap(page, 'rough-edges-toast-bill');

    // Seen, then on to the QR view: the toast stays behind.
    await page.waitForTimeout(1200);
    await getPaid.click();
    await expect(page).toHaveURL(/\/qr-payment$/);
    await expect(page.getByText('Copied to clipboard', { exact: true })).toHaveCount(0);
  });
});
