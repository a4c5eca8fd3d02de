import { useEffect, useReducer } from 'react';
import { newId } from '../../../lib/new-id';
import { loadParticipantNames } from '../../../lib/participant-names';
import { readSession, removeSession, writeSession } from '../../../lib/session-store';
import {
  editorReducer,
  freshEditorState,
  isEditorState,
  type SplitEditorState,
} from '../model/editor-state';

// One working bill per browser tab, kept in session storage so that a reload, or the phone
// dropping the tab in the background, loses nothing.
export const SPLIT_EDITOR_STORAGE_KEY = 'fairshare.splitEditor';

function initialState(): SplitEditorState {
  const stored = readSession(SPLIT_EDITOR_STORAGE_KEY);
  if (isEditorState(stored)) return stored;
  // A fresh editor starts with whoever the friends dialog confirmed, if anyone.
  return freshEditorState(newId, loadParticipantNames());
}

/** The split editor's working state, persisted on every change. */
export function useSplitEditor() {
  const [state, dispatch] = useReducer(editorReducer, undefined, initialState);
  useEffect(() => writeSession(SPLIT_EDITOR_STORAGE_KEY, state), [state]);
  return { state, dispatch };
}

/** Forgets the working bill: the next editor starts fresh. */
export function clearSplitEditorState(): void {
  removeSession(SPLIT_EDITOR_STORAGE_KEY);
}
