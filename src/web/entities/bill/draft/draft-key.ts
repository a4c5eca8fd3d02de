// The draft's storage key, apart from the store: a screen can ask whether this tab holds a draft at
// all without loading the store's zod checks (home loads them only when there is one).

export const DRAFT_STORAGE_KEY = 'fairshare.draft';

/** Whether this tab's session storage holds a draft, read or not; false where storage fails. */
export function hasStoredDraft(): boolean {
  try {
    return (
      typeof sessionStorage !== 'undefined' && sessionStorage.getItem(DRAFT_STORAGE_KEY) !== null
    );
  } catch {
    return false;
  }
}
