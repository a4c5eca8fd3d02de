import type { Page } from '@playwright/test';

let n = 0;
export const newEmail = (prefix = 'e2e') =>
  `${prefix}.${Date.now().toString(36)}.${n++}@example.com`;
export const PASSWORD = 'a strong test password';

/**
 * Signs a fresh user up through the real API in the page's browser context (so the session cookie
 * is the browser's), with a first and last name so no onboarding redirect happens.
 */
export async function ensureSignedIn(page: Page, firstName = 'Alex', lastName = 'Morgan') {
  const email = newEmail();
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const profile = await page.request.patch('/api/auth/user', { data: { firstName, lastName } });
  if (!profile.ok()) throw new Error(`profile failed: ${profile.status()} ${await profile.text()}`);
  return { email, password: PASSWORD, firstName, lastName };
}
