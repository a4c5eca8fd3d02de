import type { Page } from '@playwright/test';
import { DRAFT_STORAGE_KEY } from '../../src/web/entities/bill/draft/store';
import { EMPTY_DRAFT, type StoredDraft } from '../../src/web/entities/bill/draft/schema';

// The tab's one stored draft (src/web/entities/bill/draft), for journeys that start from a state the
// app would have stored (a reading that finished, a summary) without going through every screen.

/** The stored draft as the app left it, or null when there is none. */
export async function storedDraft(page: Page): Promise<StoredDraft | null> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), DRAFT_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as StoredDraft);
}

/** Changes parts of the stored draft (the empty draft when there is none), keeping the rest. */
export async function patchDraft(page: Page, patch: Partial<StoredDraft>): Promise<void> {
  const draft = { ...EMPTY_DRAFT, ...(await storedDraft(page)), ...patch };
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    DRAFT_STORAGE_KEY,
    JSON.stringify(draft),
  ] as const);
}
