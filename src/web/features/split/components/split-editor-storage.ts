import { readSession, removeSession, writeSession } from '../../../lib/session-store';
import { isEditorState, isUntouchedDraft, type SplitEditorState } from '../model/editor-state';

// One working bill (the draft) per browser tab, kept in session storage so that a reload, or the
// phone dropping the tab in the background, loses nothing (use-split-editor.ts). Each scan starts
// a fresh draft; an unsaved earlier one is put aside, never shown under the new scan's name, and
// offered back explicitly ('Continue your unsaved bill?'). Apart, so that starting a new bill from
// elsewhere does not load the editor.
export const SPLIT_EDITOR_STORAGE_KEY = 'fairshare.splitEditor';
const PARKED_DRAFT_STORAGE_KEY = 'fairshare.parkedDraft';

/** Forgets the working bill: the next editor starts fresh. */
export function clearSplitEditorState(): void {
  removeSession(SPLIT_EDITOR_STORAGE_KEY);
}

/** Gives the working bill a new name (renamed on the summary), so the editor shows it too. */
export function renameWorkingBill(name: string): void {
  const stored = readSession(SPLIT_EDITOR_STORAGE_KEY);
  if (isEditorState(stored)) writeSession(SPLIT_EDITOR_STORAGE_KEY, { ...stored, billName: name });
}

/** The stored working bill, when there is one worth offering back (someone changed something). */
export function loadUnsavedDraft(): SplitEditorState | null {
  const stored = readSession(SPLIT_EDITOR_STORAGE_KEY);
  return isEditorState(stored) && !isUntouchedDraft(stored) ? stored : null;
}

/** The unsaved bill put aside when a scan started, if any. */
export function loadParkedDraft(): SplitEditorState | null {
  const stored = readSession(PARKED_DRAFT_STORAGE_KEY);
  return isEditorState(stored) ? stored : null;
}

export function discardParkedDraft(): void {
  removeSession(PARKED_DRAFT_STORAGE_KEY);
}

/**
 * A scan is starting: the working bill is put aside (when anything was done to it) and the next
 * editor starts fresh, for this scan alone. An earlier bill already put aside stays unless this
 * one replaces it.
 */
export function startFreshDraft(): void {
  const unsaved = loadUnsavedDraft();
  if (unsaved) writeSession(PARKED_DRAFT_STORAGE_KEY, unsaved);
  clearSplitEditorState();
}

/**
 * Takes the bill put aside back as the working bill; the working one (when anything was done to it)
 * is put aside in its place, so taking one back never loses the other. Returns the bill taken back.
 */
export function takeBackParkedDraft(current: SplitEditorState | null): SplitEditorState | null {
  const parked = loadParkedDraft();
  if (!parked) return null;
  if (current && !isUntouchedDraft(current)) writeSession(PARKED_DRAFT_STORAGE_KEY, current);
  else discardParkedDraft();
  writeSession(SPLIT_EDITOR_STORAGE_KEY, parked);
  return parked;
}
