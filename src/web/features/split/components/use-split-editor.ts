import { useEffect, useReducer } from 'react';
import { newId } from '../../../lib/new-id';
import { loadParticipantNames } from '../../../lib/participant-names';
import { readSession, writeSession } from '../../../lib/session-store';
import {
  editorReducer,
  freshEditorState,
  isEditorState,
  type SplitEditorState,
} from '../model/editor-state';
import { SPLIT_EDITOR_STORAGE_KEY } from './split-editor-storage';

export { clearSplitEditorState, SPLIT_EDITOR_STORAGE_KEY } from './split-editor-storage';

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
