import type { Page } from '@playwright/test';

/** Makes sure a test user is signed in before a journey that belongs to signed-in users. */
export async function ensureSignedIn(_page: Page): Promise<void> {
  // Nothing yet: accounts are not built on this branch. When they are, this signs a test user in
  // (and journeys that call it then run as that user, e.g. named first in the friends dialog).
}
