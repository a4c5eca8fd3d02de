import { readSession, removeSession, writeSession } from '../../../lib/session-store';
import { isEditorState } from '../model/editor-state';

// One working bill per browser tab, kept in session storage so that a reload, or the phone
// dropping the tab in the background, loses nothing (use-split-editor.ts). Apart, so that starting
// a new bill from elsewhere does not load the editor.
export const SPLIT_EDITOR_STORAGE_KEY = 'fairshare.splitEditor';

/** Forgets the working bill: the next editor starts fresh. */
export function clearSplitEditorState(): void {
  removeSession(SPLIT_EDITOR_STORAGE_KEY);
}

/** Gives the working bill a new name (renamed on the summary), so the editor shows it too. */
export function renameWorkingBill(name: string): void {
  const stored = readSession(SPLIT_EDITOR_STORAGE_KEY);
  if (isEditorState(stored)) writeSession(SPLIT_EDITOR_STORAGE_KEY, { ...stored, billName: name });
}
