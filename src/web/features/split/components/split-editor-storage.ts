import { removeSession } from '../../../lib/session-store';

// One working bill per browser tab, kept in session storage so that a reload, or the phone
// dropping the tab in the background, loses nothing (use-split-editor.ts). Apart, so that starting
// a new bill from elsewhere does not load the editor.
export const SPLIT_EDITOR_STORAGE_KEY = 'fairshare.splitEditor';

/** Forgets the working bill: the next editor starts fresh. */
export function clearSplitEditorState(): void {
  removeSession(SPLIT_EDITOR_STORAGE_KEY);
}
