import { useEffect, useReducer } from 'react';
import {
  loadEditedBill,
  loadParticipantNames,
  loadWorkingBill,
  saveEditedBill,
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

/**
 * A saved bill in the editor: its changes so far when a reload (or a step away) left some, else
 * `saved` (the bill as the server has it). Every change is kept in the draft's own slot for saved
 * bills, never in the new bill's (entities/bill/draft: loadEditedBill).
 */
export function useEditSavedBill(billId: string, saved: () => SplitEditorState) {
  const [state, dispatch] = useReducer(
    editorReducer,
    undefined,
    () => loadEditedBill(billId) ?? saved(),
  );
  useEffect(() => saveEditedBill(billId, state), [billId, state]);
  return { state, dispatch };
}
