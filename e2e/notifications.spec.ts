import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID } from '../src/contracts/auth';
import {
  createPaymentLinksResponseSchema,
  type CreatePaymentLinksResponse,
} from '../src/contracts/payments';
import { toPence } from '../src/domain/money';
import { friendReminderText, groupReminderText } from '../src/domain/notifications';
import { expect, shot, snap, test } from './support/fixtures';
import { ensureSignedIn, newEmail, PASSWORD } from './support/session';

// Telling people (issue 52) in the browser: "Forgot password?" through the e-mail in the outbox
// (no SMTP_URL here), settings' Notifications rows, "Remind" with its share text, and a push
// message delivered to the service worker through the DevTools protocol, shown, and tapped.

// Several screens and e-mails each: on a busy machine a test takes over a minute.
test.describe.configure({ timeout: 180_000 });

const DAY = 24 * 60 * 60 * 1000;
const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** The newest message in the outbox to `address` whose subject is `subject`, once it is there. */
async function mailTo(address: string, subject: string, after = 0): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const dir = outbox();
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const found: ParsedMail[] = [];
    for (const f of files.sort()) {
      const m = await simpleParser(fs.readFileSync(path.join(dir, f)));
      const to = [m.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
      if (to.includes(address) && m.subject === subject) found.push(m);
    }
    if (found.length > after) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${address} in the outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function linkIn(m: ParsedMail, pathStart: string): string {
  const link = (m.text ?? '').split(/\s+/).find((w) => w.includes(pathStart));
  if (!link) throw new Error(`no ${pathStart} link in "${m.subject}"`);
  return link;
}

/** Settings scrolled to its Notifications rows, for the screenshot. */
const showNotificationRows = (page: Page) =>
  page.evaluate(() =>
    document.getElementById('section-Notifications')?.scrollIntoView({ block: 'start' }),
  );

/** Sam's bill at the pub with Priya and Tom, links made (a test bank connected first). */
async function crownAndAnchor(page: Page): Promise<CreatePaymentLinksResponse> {
  const bank = await page.request.post('/api/sandbox/connect', {
    data: { accountHolderName: 'Sam Reed', sortCode: '20-00-00', accountNumber: '55779911' },
  });
  expect(bank.ok(), await bank.text()).toBe(true);
  const saved = await page.request.post('/api/bills', {
    data: {
      name: 'The Crown & Anchor',
      status: 'saved',
      mode: 'byItem',
      tipPercent: 0,
      serviceCharge: '0.00',
      participants: [
        { key: 'me', name: 'Sam' },
        { key: 'p', name: 'Priya' },
        { key: 't', name: 'Tom' },
      ],
      items: [
        ['Fish and chips', '14.20', 'p'],
        ['Pie', '12.85', 't'],
        ['Burger', '11.00', 'me'],
      ].map(([name, amount, who]) => ({
        name,
        amount,
        splitMode: 'manual',
        assignments: [{ participant: who, portions: 1 }],
      })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id } = (await saved.json()) as { id: string };
  const links = await page.request.post('/api/payment-links', { data: { billId: id } });
  expect(links.status(), await links.text()).toBe(201);
  return createPaymentLinksResponseSchema.parse(await links.json());
}

test('"Forgot password?" e-mails a link that sets a new password and signs in, once', async ({
  page,
}) => {
  const email = newEmail('forgot');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD },
  });
  expect(signUp.ok()).toBe(true);
  await page.request.patch('/api/auth/user', { data: { firstName: 'Sam', lastName: 'Reed' } });
  // Another device's session, which the reset must end.
  const other = await page.context().cookies();
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('E-mail').fill(email);
  await snap(page, 'forgot-1-sign-in');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // The address typed on the sign-in form comes along.
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status').filter({ hasText: FORGOT_PASSWORD_SENT })).toBeVisible();
  await snap(page, 'forgot-2-sent');

  const mail = await mailTo(email, 'Reset your Fairshare password');
  const link = new URL(linkIn(mail, '/auth/reset?token='));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await snap(page, 'forgot-3-new-password');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Password changed', { exact: true }).first()).toBeVisible();
  await snap(page, 'forgot-4-signed-in');
  expect((await page.request.get('/api/auth/user')).ok()).toBe(true);

  // The session from before the reset has ended.
  const before = await page.request.get('/api/auth/user', {
    headers: { cookie: other.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  expect(before.status()).toBe(401);

  // The link works once.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('yet another password');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: RESET_LINK_INVALID })).toBeVisible();
  await snap(page, 'forgot-5-link-used');
});

test('settings: push asked for only when switched on, removed when off; e-mails and reminders kept; the address confirmed', async ({
  page,
}) => {
  // Headless Chromium has no push service to subscribe with: the Push API is stood in for, the
  // subscription kept in localStorage, and each permission request counted.
  await page.addInitScript(() => {
    const w = window as unknown as { __asks: number; __unsubscribes: number };
    w.__asks = Number(sessionStorage.getItem('asks') ?? 0);
    w.__unsubscribes = Number(sessionStorage.getItem('unsubscribes') ?? 0);
    Object.defineProperty(Notification, 'permission', {
      get: () => sessionStorage.getItem('permission') ?? 'default',
    });
    Notification.requestPermission = async () => {
      w.__asks++;
      sessionStorage.setItem('asks', String(w.__asks));
      sessionStorage.setItem('permission', 'granted');
      return 'granted';
    };
    const b64 = (n: number) =>
      btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(n))))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const fake = (json: PushSubscriptionJSON) => ({
      endpoint: json.endpoint,
      options: { applicationServerKey: null },
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem('fake-push');
        w.__unsubscribes++;
        sessionStorage.setItem('unsubscribes', String(w.__unsubscribes));
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const kept = localStorage.getItem('fake-push');
      return (kept ? fake(JSON.parse(kept)) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function () {
      const json = {
        endpoint: `https://push.example.test/e2e/${b64(16)}`,
        expirationTime: null,
        keys: { p256dh: b64(65), auth: b64(16) },
      };
      localStorage.setItem('fake-push', JSON.stringify(json));
      return fake(json) as unknown as PushSubscription;
    };
  });
  const { email } = await ensureSignedIn(page, 'Sam', 'Reed');
  const settings = async () =>
    (await page.request.get('/api/notifications/settings')).json() as Promise<{
      paymentEmails: boolean;
      billReminders: boolean;
      pushDevices: number;
    }>;
  const asks = () => page.evaluate(() => (window as unknown as { __asks: number }).__asks);
  const pushSwitch = page.getByRole('switch', { name: 'Payment Notifications' });

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(pushSwitch).toBeEnabled();
  await expect(pushSwitch).not.toBeChecked();
  await expect(page.getByTestId('email-row')).toContainText('Not confirmed yet');
  await showNotificationRows(page);
  await snap(page, 'settings-1-notifications-off');
  expect(await asks()).toBe(0);

  await pushSwitch.click();
  await expect(pushSwitch).toBeChecked();
  expect(await asks()).toBe(1);
  expect((await settings()).pushDevices).toBe(1);

  await page.getByRole('switch', { name: 'Payment E-mails' }).click();
  await expect(page.getByRole('switch', { name: 'Payment E-mails' })).toBeChecked();
  await page.getByRole('switch', { name: 'Bill Reminders' }).click();
  await expect(page.getByRole('switch', { name: 'Bill Reminders' })).toBeChecked();
  expect(await settings()).toEqual({ paymentEmails: true, billReminders: true, pushDevices: 1 });

  // Kept: a reload shows the same, and asks nothing.
  await page.reload();
  await expect(pushSwitch).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Bill Reminders' })).toBeChecked();
  await showNotificationRows(page);
  await snap(page, 'settings-2-notifications-on');
  expect(await asks()).toBe(1);

  // Off: the device's subscription goes, in the browser and on the server; nothing is asked.
  await pushSwitch.click();
  await expect(pushSwitch).not.toBeChecked();
  await expect.poll(async () => (await settings()).pushDevices).toBe(0);
  expect(
    await page.evaluate(() => (window as unknown as { __unsubscribes: number }).__unsubscribes),
  ).toBe(1);
  expect(await asks()).toBe(1);

  // "Resend", then the link in the e-mail confirms the address.
  await page.getByRole('button', { name: 'Resend the confirmation link' }).click();
  await expect(page.getByText('Link sent', { exact: true }).first()).toBeVisible();
  const mail = await mailTo(email, 'Confirm your e-mail address for Fairshare', 1);
  const link = new URL(linkIn(mail, '/api/auth/verify-email?'));
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('E-mail address confirmed', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('email-row')).toContainText('E-mail address confirmed');
  await expect(page.getByRole('button', { name: 'Resend the confirmation link' })).toHaveCount(0);
  await showNotificationRows(page);
  await snap(page, 'settings-3-verified');
});

test('connecting a payout account before the address is confirmed asks to confirm it, with "Resend"', async ({
  page,
}) => {
  const { email } = await ensureSignedIn(page, 'Sam', 'Reed');
  // The Stripe provider's answer (the sandbox connects unconfirmed addresses; the API tests check
  // the server's side with Stripe).
  await page.route('**/api/stripe/connect/start', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'Confirm your e-mail address first: open the link we sent you, or send it again.',
        message: 'Confirm your e-mail address first: open the link we sent you, or send it again.',
        code: 'email_not_verified',
      }),
    }),
  );
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
  await expect(dialog).toContainText(email);
  await snap(page, 'verify-first-dialog');
  await dialog.getByRole('button', { name: 'Resend' }).click();
  await expect(dialog).toBeHidden();
  await mailTo(email, 'Confirm your e-mail address for Fairshare', 1);
});

test('"Remind" shares a friendly message with the friend\'s link and says when', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await ensureSignedIn(page, 'Sam', 'Reed');
  const links = await crownAndAnchor(page);
  const linkOf = (name: string) => links.paymentLinks.find((l) => l.participantName === name)!;
  const priya = linkOf('Priya');
  const tom = linkOf('Tom');

  await page.goto(`/bill/${links.billId}`);
  // The bill, then its links: slow on a busy machine.
  await expect(page.getByRole('button', { name: 'Remind Priya' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Remind everyone' })).toBeVisible();
  await page.getByRole('button', { name: 'Remind Priya' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remind Priya' });
  const priyaText = friendReminderText({
    friend: 'Priya',
    from: 'Sam',
    billName: 'The Crown & Anchor',
    amount: toPence(priya.amountIncludingFee),
    link: priya.url,
  });
  await expect(dialog.getByTestId('reminder-text')).toHaveText(priyaText);
  await snap(page, 'reminder-1-share-text');
  await dialog.getByRole('button', { name: /Copy message|Share reminder/ }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(priyaText);
  await expect(page.getByTestId('reminded-ago')).toHaveText('Reminded just now');

  // Two days later: "Reminded 2 days ago", on the bill and in the links dialog.
  await page.clock.setFixedTime(new Date(Date.now() + 2 * DAY + 60_000));
  await page.reload();
  await expect(page.getByTestId('reminded-ago')).toHaveText('Reminded 2 days ago', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'View payment links' }).click();
  const linksDialog = page.getByRole('dialog', { name: 'Payment Links' });
  await expect(
    linksDialog.getByRole('listitem', { name: 'Priya' }).getByTestId('reminded-ago'),
  ).toHaveText('Reminded 2 days ago');
  await expect(linksDialog.getByRole('button', { name: 'Remind Tom' })).toBeVisible();
  await snap(page, 'reminder-2-links-dialog');

  await linksDialog.getByRole('button', { name: 'Remind everyone' }).click();
  const everyone = page.getByRole('dialog', { name: 'Remind everyone' });
  const groupText = groupReminderText({
    from: 'Sam',
    billName: 'The Crown & Anchor',
    friends: [priya, tom].map((l) => ({
      name: l.participantName,
      amount: toPence(l.amountIncludingFee),
      link: l.url,
    })),
  });
  await expect(everyone.getByTestId('reminder-text')).toHaveText(groupText);
  await snap(page, 'reminder-3-everyone');
  await everyone.getByRole('button', { name: /Copy message|Share reminder/ }).click();
  await expect(everyone).toBeHidden();
  // Recorded for both (the page's clock is two days ahead of the server's, so its rows say "2 days
  // ago": the record is the server's).
  await expect(
    linksDialog.getByRole('listitem', { name: 'Tom' }).getByTestId('reminded-ago'),
  ).toBeVisible();
  const recorded = (await (
    await page.request.get(`/api/bills/${links.billId}/reminders`)
  ).json()) as { reminders: { participantId: string; remindedAt: string }[] };
  const at = new Map(recorded.reminders.map((r) => [r.participantId, Date.parse(r.remindedAt)]));
  // "Remind everyone" reminded both, just now.
  expect(at.get(tom.participantId)).toBe(at.get(priya.participantId));
  expect(Date.now() - at.get(tom.participantId)!).toBeLessThan(60_000);
});

test('a push message is shown by the service worker, and tapping it opens the bill', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await ensureSignedIn(page, 'Sam', 'Reed');
  const links = await crownAndAnchor(page);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled by the worker (after a reload once it is active): it can move this window.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  // The DevTools protocol delivers the push as a push service would.
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => resolve(e.registrations)),
  );
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const registration = (await registrations).find((r) => r.scopeURL.startsWith(origin))!;
  const message = {
    title: 'Payment received',
    body: 'Sam paid you £14.20 for The Crown & Anchor',
    url: `/bill/${links.billId}`,
    tag: 'paid:e2e',
  };
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registration.registrationId,
      data: JSON.stringify(message),
    });
  await deliver();
  const shown = async () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return (await reg.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });
  const expected = [
    { title: message.title, body: message.body, tag: message.tag, data: { url: message.url } },
  ];
  // A push service delivers again a message the browser did not take: on a loaded machine the
  // worker can still be starting when the first comes. Shown once either way (one tag).
  await expect.poll(shown).toEqual(expected).catch(deliver);
  await expect.poll(shown).toEqual(expected);

  // Headless Chromium draws no notification: the one the worker shows is drawn here, as a phone's
  // lock screen would, to be looked at.
  const [notification] = await shown();
  const icon = fs.readFileSync('dist/web/icons/icon-192.png').toString('base64');
  const view = await context.newPage();
  await view.setContent(`<!doctype html><html lang="en-GB"><body style="margin:0;height:100vh;
    background:linear-gradient(#1f3b33,#0d1f1a);font-family:system-ui,sans-serif">
    <main style="padding:96px 12px"><div role="img" aria-label="Notification"
    style="display:flex;gap:12px;background:rgba(255,255,255,.92);border-radius:20px;padding:14px">
    <img alt="" src="data:image/png;base64,${icon}" width="40" height="40" style="border-radius:10px">
    <div><p style="margin:0;font-size:13px;color:#444">Fairshare · now</p>
    <p style="margin:2px 0 0;font-weight:600">${notification!.title}</p>
    <p style="margin:2px 0 0">${notification!.body.replace(/&/g, '&amp;')}</p></div></div></main>
    </body></html>`);
  await shot(view, 'notification-1-shown');
  await view.close();

  // Tapped: the worker's notificationclick opens the bill in the app's window.
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(origin))!;
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(e: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [n] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: n! }));
  });
  await expect(page).toHaveURL(new RegExp(`/bill/${links.billId}$`));
  // A new page load (a busy machine may take a while).
  await expect(page.getByRole('heading', { name: 'The Crown & Anchor' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'notification-2-opened-bill');
  await expect.poll(shown).toEqual([]);
});
