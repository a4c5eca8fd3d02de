import { LoaderCircle } from 'lucide-react';
import { useState, type Dispatch } from 'react';
import { splitBill, splitInputProblem, unallocatedItems } from '../../../../domain/split';
import { toast } from '../../../components/ui/use-toast';
import { newId } from '../../../lib/new-id';
import { summaryFromSplit, type SummaryData } from '../../../entities/bill/model/summary-data';
import {
  editorProblems,
  editorTotals,
  toSplitInput,
  type EditorAction,
  type SplitEditorState,
} from '../model/editor-state';
import { ExtrasSection } from './extras-section';
import { ItemsSection } from './items-section';
import { ParticipantChips } from './participant-chips';
import { PortionsDialog, type PortionsTarget } from './portions-dialog';
import { AssignRestDialog } from './assign-rest-dialog';
import { CountDialog, type CountTarget } from './count-dialog';
import { SelectionBar } from './selection-bar';
import { SplitBar } from './split-bar';
import { TotalsSection } from './totals-section';

interface SplitEditorProps {
  state: SplitEditorState;
  dispatch: Dispatch<EditorAction>;
  /** Shows the 'Processing receipt...' banner while the receipt is being read. */
  processingReceipt?: boolean;
  /** Split pressed on a bill that can be split: its summary, to show or to save. */
  onSplit: (summary: SummaryData) => void;
  /** The Split button's words ('Split' for a new bill, 'Save changes' for a saved one). */
  splitLabel?: string;
  /** While what Split started is under way (a saved bill being saved): it cannot start again. */
  splitting?: boolean;
  /** Offered while nobody is on the bill: opens the friends dialog. */
  onAddFriends?: () => void;
  /** Extra classes for the pinned Split bar, to fit the container it sits in. */
  footerClassName?: string;
  /** Opens the take-photo scan dialog; offered when the bill has no items. */
  onScanReceipt?: () => void;
  /** Opens the upload-and-preview scan dialog, beside the Items heading. */
  onUploadReceipt?: () => void;
  /** Opens the manual entry dialog; offered when the bill has no items. */
  onEnterItems?: () => void;
  /** Saves the bill for friends to pick their own items; offered once the bill has items. */
  onLetFriendsPick?: () => void;
  /** While the bill is being saved for picking. */
  lettingFriendsPick?: boolean;
}

/**
 * The split editor (spec §2): people, items and who had what, tip and service charge, live totals,
 * and Split, each a section of its own. Every amount comes from the domain and every check from
 * the bill rules (editorProblems); this component only works them out once and hands them down.
 */
export function SplitEditor({
  state,
  dispatch,
  processingReceipt = false,
  onSplit,
  onAddFriends,
  footerClassName = '',
  onScanReceipt,
  onUploadReceipt,
  onEnterItems,
  onLetFriendsPick,
  lettingFriendsPick = false,
  splitLabel = 'Split',
  splitting = false,
}: SplitEditorProps) {
  const [portionsTarget, setPortionsTarget] = useState<PortionsTarget | null>(null);
  const [countTarget, setCountTarget] = useState<CountTarget | null>(null);
  const [assigningRest, setAssigningRest] = useState(false);
  // Select mode: tick several items, then give them all to one person from the bar below.
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // Said to screen readers after a change to several items at once.
  const [announcement, setAnnouncement] = useState('');
  const input = toSplitInput(state);
  const totals = editorTotals(input);
  // Every field against the bill rules, then the bill as a whole (too large, a total or a share
  // below zero): the server refuses each of these with the same words, so Split waits for them.
  const problems = editorProblems(state);
  const unallocated = new Set(unallocatedItems(input));

  const canAssign = state.mode === 'byItem' && state.participants.length > 0;
  const selectMode = selecting && canAssign;
  const nameOf = (participantId: string) =>
    state.participants.find((p) => p.id === participantId)?.name ?? '';
  const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const assignSelected = (participantId: string) => {
    const itemIds = state.items.filter((item) => selected.has(item.id)).map((item) => item.id);
    dispatch({ type: 'assignItems', itemIds, participantId });
    setAnnouncement(`${itemsText(itemIds.length)} given to ${nameOf(participantId)}`);
    stopSelecting();
  };

  const split = () => {
    if (problems.any || splitting) return;
    const problem = splitInputProblem(input);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    onSplit(summaryFromSplit(state.billName, input, splitBill(input), state.receiptId));
  };

  return (
    <div className="flex flex-col">
      <div className="flex flex-col gap-7">
        {processingReceipt && (
          <div
            role="status"
            className="flex items-center gap-3 rounded-2xl bg-brand-50 px-4 py-3 font-medium text-brand-900"
          >
            <LoaderCircle aria-hidden className="size-5 animate-spin" />
            Processing receipt...
          </div>
        )}
        <ParticipantChips
          participants={state.participants}
          onAdd={(name) => dispatch({ type: 'addParticipant', id: newId(), name })}
          onRemove={(participantId) => dispatch({ type: 'removeParticipant', participantId })}
          {...(onAddFriends && { onAddFriends })}
        />
        <ItemsSection
          state={state}
          dispatch={dispatch}
          input={input}
          problems={problems}
          unallocated={unallocated}
          onSetPortions={setPortionsTarget}
          canAssign={canAssign}
          selecting={selectMode}
          selected={selected}
          onSelectingChange={(on) => (on ? setSelecting(true) : stopSelecting())}
          onSelect={(itemId, on) =>
            setSelected((all) => {
              const next = new Set(all);
              if (on) next.add(itemId);
              else next.delete(itemId);
              return next;
            })
          }
          onAssignRest={() => setAssigningRest(true)}
          onSplitRestEqually={() => {
            dispatch({ type: 'splitRestEqually' });
            setAnnouncement(`${itemsText(unallocated.size)} split equally between everyone`);
          }}
          onShareByCount={setCountTarget}
          onScanReceipt={onScanReceipt}
          onUploadReceipt={onUploadReceipt}
          onEnterItems={onEnterItems}
        />
        <ExtrasSection state={state} dispatch={dispatch} problems={problems} />
        <TotalsSection totals={totals} amountsError={problems.bill} />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {selectMode ? (
        <SelectionBar
          selected={state.items.filter((item) => selected.has(item.id)).length}
          participants={state.participants}
          onAssign={assignSelected}
          onCancel={stopSelecting}
          footerClassName={footerClassName}
        />
      ) : (
        <SplitBar
          totals={totals}
          needsAllocation={unallocated.size > 0}
          problems={problems}
          onSplit={split}
          label={splitLabel}
          busy={splitting}
          footerClassName={footerClassName}
          onLetFriendsPick={state.items.length > 0 ? onLetFriendsPick : undefined}
          lettingFriendsPick={lettingFriendsPick}
        />
      )}
      <AssignRestDialog
        open={assigningRest}
        onOpenChange={setAssigningRest}
        participants={state.participants}
        left={unallocated.size}
        onChoose={(participantId) => {
          dispatch({ type: 'assignRestTo', participantId });
          setAnnouncement(`${itemsText(unallocated.size)} given to ${nameOf(participantId)}`);
          setAssigningRest(false);
        }}
      />
      <CountDialog
        target={countTarget}
        participants={state.participants}
        onClose={() => setCountTarget(null)}
        onConfirm={(shares) => {
          if (countTarget) dispatch({ type: 'assignByCount', itemId: countTarget.item.id, shares });
          setCountTarget(null);
        }}
      />
      <PortionsDialog
        target={portionsTarget}
        onClose={() => setPortionsTarget(null)}
        onConfirm={(portions) => {
          if (portionsTarget) {
            dispatch({
              type: 'setPortions',
              itemId: portionsTarget.itemId,
              participantId: portionsTarget.participantId,
              portions,
            });
          }
          setPortionsTarget(null);
        }}
      />
    </div>
  );
}
