import { expect, snap, test } from './support/fixtures';
import { newEmail, PASSWORD } from './support/session';

test('sign up, onboarding, settings, sign out, sign in again, and a wrong password', async ({
  page,
}) => {
  // A signed-out visitor at a signed-in route lands on /auth, carrying the page asked for.
  await page.goto('/history');
  await expect(page).toHaveURL(/\/auth\?next=%2Fhistory$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await snap(page, 'auth-sign-up');

  // Sign up.
  const email = newEmail('journey');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Onboarding: profile.
  await expect(page).toHaveURL(/\/onboarding\?next=%2Fhistory$/);
  await expect(page.getByRole('heading', { name: 'What should friends call you?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await snap(page, 'onboarding-1-profile');
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Shah');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Payment, skipped.
  await expect(page.getByRole('heading', { name: 'Get paid back by card' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get connected' })).toBeVisible();
  await expect(page.getByText('You can do this later in Settings.')).toBeVisible();
  await snap(page, 'onboarding-2-payment');
  await page.getByRole('button', { name: 'Skip for now' }).click();

  // Tutorial.
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await snap(page, 'onboarding-3-tutorial-intro');
  await page.getByRole('button', { name: 'Teach me!' }).click();
  await expect(page.getByRole('heading', { name: '1. Scan the receipt' })).toBeVisible();
  await snap(page, 'onboarding-4-scan');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: '2. Split it fairly' })).toBeVisible();
  await snap(page, 'onboarding-5-split');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: '3. Get paid back' })).toBeVisible();
  await snap(page, 'onboarding-6-pay');
  await page.getByRole('button', { name: "Let's go!" }).click();

  // Onboarding done, the page first asked for: History.
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();

  // Home.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hi Priya' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Your profile' })).toContainText('PS');

  // The profile dialog.
  await page.getByRole('button', { name: 'Your profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Your Profile' });
  await expect(profile).toContainText('Priya Shah');
  await expect(profile).toContainText(`@${email.split('@')[0]}`);
  await snap(page, 'profile-dialog');
  await page.keyboard.press('Escape');

  // Settings.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText('v1.0.0')).toBeVisible();
  await snap(page, 'settings');

  // Sign out: back to the landing page.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(
    page.getByRole('heading', { name: 'Split bills with friends effortlessly' }),
  ).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\?next=%2Fsettings$/);

  // A wrong password: the error in a toast.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Continue' }).click();
  const toastTitle = page.getByText('Authentication Error', { exact: true });
  await expect(toastTitle).toBeVisible();
  await expect(page.getByText('Invalid e-mail or password', { exact: true })).toBeVisible();
  await snap(page, 'auth-wrong-password');

  // Signing in again returns to the page asked for: Settings.
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('signing in from a protected page returns to it; a next that leaves the site is ignored', async ({
  page,
}) => {
  const email = newEmail('return');
  await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD } });
  await page.request.patch('/api/auth/user', { data: { firstName: 'Ruth', lastName: 'Ng' } });
  await page.request.post('/api/logout', { maxRedirects: 0 });
  const signIn = async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
  };

  await page.goto('/history');
  await expect(page).toHaveURL(/\/auth\?next=%2Fhistory$/);
  await signIn();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();

  // Another site, by every spelling of it, is never followed: home instead.
  for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
    await page.request.post('/api/logout', { maxRedirects: 0 });
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await signIn();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Hi Ruth' })).toBeVisible();
  }
});

test('a 401 from a call says so and goes to /auth', async ({ page }) => {
  const email = newEmail('expiry');
  await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD } });
  await page.request.patch('/api/auth/user', { data: { firstName: 'Sam', lastName: 'Lee' } });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  // The session ends elsewhere (signed out in another tab).
  await page.request.post('/api/logout', { maxRedirects: 0 });
  await page.getByRole('button', { name: /Profile/ }).click();
  await page.getByLabel('First name').fill('Samuel');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Authentication required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please log in again to continue.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?next=%2Fsettings$/);
});
