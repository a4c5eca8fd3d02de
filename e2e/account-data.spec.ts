import fs from 'node:fs';
import { expect, snap, test } from './support/fixtures';
import { ensureSignedIn } from './support/session';

// Settings' Security and Privacy rows at 390 x 844: change the password and sign in with the new
// one, download the data, delete the account and land on the landing page.

const NEW_PASSWORD = 'a newer test password';

test('change the password, download the data, delete the account', async ({ page, browser }) => {
  // Three screens checked with axe, two downloads, two sign-ins: a long journey.
  test.setTimeout(300_000);
  const me = await ensureSignedIn(page, 'Robin', 'Hale');
  const saved = await page.request.post('/api/bills', {
    data: {
      name: 'Curry night',
      status: 'saved',
      mode: 'byItem',
      tipPercent: 0,
      serviceCharge: '0.00',
      participants: [
        { key: 'me', name: 'Robin' },
        { key: 'p', name: 'Priya' },
      ],
      items: [{ name: 'Thali', amount: '24.00', splitMode: 'equally', assignments: [] }],
    },
  });
  expect(saved.status()).toBe(201);

  // A second device, signed in too.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const otherSignIn = await other.request.post('/api/auth/sign-in/email', {
    data: { email: me.email, password: me.password },
    headers: { 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1' },
  });
  expect(otherSignIn.status()).toBe(200);
  // And a third, to sign out from here.
  const laptop = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const laptopSignIn = await laptop.request.post('/api/auth/sign-in/email', {
    data: { email: me.email, password: me.password },
    headers: {
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    },
  });
  expect(laptopSignIn.status()).toBe(200);
  // The page is told which devices are signed in, never their sessions' tokens (each a sign-in).
  const devices = page.waitForResponse('**/api/auth/list-sessions');

  // Security: the e-mail, the password, the three devices.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Security' }).click();
  const security = page.getByRole('dialog', { name: 'Security' });
  await expect(security.getByText(me.email)).toBeVisible();
  await expect(security.getByText('This device', { exact: true })).toBeVisible();
  await expect(security.getByText('Safari on iPad')).toBeVisible();
  await snap(page, 'settings-security');
  const listed = await (await devices).json();
  expect(listed).toHaveLength(3);
  for (const device of listed) expect(Object.keys(device)).not.toContain('token');

  // One device signed out from here: that one only.
  await security.getByRole('button', { name: /^Sign out Chrome on Windows/ }).click();
  await expect(page.getByText('Device signed out', { exact: true })).toBeVisible();
  await expect(security.getByText('Chrome on Windows')).toHaveCount(0);
  expect((await laptop.request.get('/api/auth/user')).status()).toBe(401);
  expect((await other.request.get('/api/auth/user')).status()).toBe(200);
  await laptop.close();

  // A wrong current password changes nothing.
  await security.getByLabel('Current password').fill('not my password');
  await security.getByLabel('New password').fill(NEW_PASSWORD);
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(security.getByText('That is not your current password.')).toBeVisible();

  await security.getByLabel('Current password').fill(me.password);
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Every other device has been signed out.', { exact: true }),
  ).toBeVisible();
  await expect(security.getByText('Safari on iPad')).toHaveCount(0);
  expect((await other.request.get('/api/auth/user')).status()).toBe(401);
  await other.close();
  await security.getByRole('button', { name: 'Sign out of this device' }).click();
  await expect(
    page.getByRole('heading', { name: 'Split bills with friends effortlessly' }),
  ).toBeVisible();

  // Sign in with the new password.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid e-mail or password', { exact: true })).toBeVisible();
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // Privacy: what is kept and for how long, the download.
  await page.getByRole('button', { name: 'Privacy' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy' });
  await expect(privacy.getByText(/7 days after it was made/)).toBeVisible();
  await snap(page, 'settings-privacy');
  await privacy.getByRole('button', { name: 'Delete my account' }).scrollIntoViewIfNeeded();
  await snap(page, 'settings-privacy-your-data');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    privacy.getByRole('link', { name: 'Download all my data (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^fairshare-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await json.path())!, 'utf8')) as {
    profile: { email: string; firstName: string };
    bills: { name: string; participants: { name: string }[] }[];
  };
  expect(data.profile).toMatchObject({ email: me.email, firstName: 'Robin' });
  expect(data.bills.map((b) => b.name)).toEqual(['Curry night']);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    privacy.getByRole('link', { name: 'Download my bills (CSV)' }).click(),
  ]);
  const rows = fs
    .readFileSync((await csv.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(rows[0]).toBe('Date,Bill,Person,Owed,Paid,How');
  expect(rows.slice(1).map((r) => r.split(',')[2])).toEqual(['Robin', 'Priya']);

  // Delete the account: the plain words, a wrong password refused, then gone.
  await privacy.getByRole('button', { name: 'Delete my account' }).click();
  const deletion = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(deletion.getByText('Your payment links stop working at once')).toBeVisible();
  await deletion.getByLabel('Your password').fill('not my password');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    deletion.getByText('That password is not right. Your account has not been deleted.'),
  ).toBeVisible();
  await snap(page, 'settings-delete-account');
  await deletion.getByLabel('Your password').fill(NEW_PASSWORD);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    page.getByRole('heading', { name: 'Split bills with friends effortlessly' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  const again = await page.request.post('/api/auth/sign-in/email', {
    data: { email: me.email, password: NEW_PASSWORD },
  });
  expect(again.status()).toBe(401);
});
