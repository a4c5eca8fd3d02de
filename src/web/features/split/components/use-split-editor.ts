import { useEffect, useReducer } from 'react';
import {
  loadParticipantNames,
  loadWorkingBill,
  saveWorkingBill,
} from '../../../entities/bill/draft/draft-bill';
import { newId } from '../../../lib/new-id';
import { editorReducer, freshEditorState, type SplitEditorState } from '../model/editor-state';

function initialState(): SplitEditorState {
  // A fresh editor starts with whoever the friends dialog confirmed, if anyone.
  return loadWorkingBill() ?? freshEditorState(newId, loadParticipantNames());
}

/** The split editor's bill, the draft's (entities/bill/draft), kept there on every change. */
export function useSplitEditor() {
  const [state, dispatch] = useReducer(editorReducer, undefined, initialState);
  useEffect(() => saveWorkingBill(state), [state]);
  return { state, dispatch };
}
