import {
  Camera,
  Equal,
  ImageUp,
  ListChecks,
  PencilLine,
  Plus,
  ScanLine,
  UserRound,
} from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useRef, useState, type Dispatch } from 'react';
import { BILL_LIMITS, TOO_MANY_ITEMS_MESSAGE } from '../../../../domain/bill-rules';
import { shareableCount } from '../../../../domain/assigning';
import type { SplitInput, SplitMode } from '../../../../domain/split';
import { Button } from '../../../components/ui/button';
import { newId } from '../../../lib/new-id';
import {
  receiptMismatch,
  type EditorAction,
  type EditorProblems,
  type SplitEditorState,
} from '../model/editor-state';
import { ItemCard } from './item-card';
import type { CountTarget } from './count-dialog';
import type { PortionsTarget } from './portions-dialog';
import { ReceiptCheckNotice } from './receipt-check-notice';
import { AddFromReceiptDialog } from './receipt-lines';

export const LONG_PRESS_HINT = 'Hold down a name to set quantity';

export interface ItemsSectionProps {
  state: SplitEditorState;
  dispatch: Dispatch<EditorAction>;
  /** The state as the split engine's input (toSplitInput). */
  input: SplitInput;
  problems: EditorProblems;
  /** Indices of the items nobody is on yet. */
  unallocated: ReadonlySet<number>;
  onSetPortions: (target: PortionsTarget) => void;
  /** By item, with people on the bill: items can be given out, several at once. */
  canAssign: boolean;
  /** Select mode: each item has a checkbox. */
  selecting: boolean;
  selected: ReadonlySet<string>;
  onSelectingChange: (selecting: boolean) => void;
  onSelect: (itemId: string, selected: boolean) => void;
  /** 'Assign the rest to…': opens the choice of person. */
  onAssignRest: () => void;
  onSplitRestEqually: () => void;
  /** An item read with a count: share it out by that count. */
  onShareByCount: (target: CountTarget) => void;
  onScanReceipt?: (() => void) | undefined;
  onUploadReceipt?: (() => void) | undefined;
  onEnterItems?: (() => void) | undefined;
}

/** The bill's items (spec §2): how to split, each item and who had it, and adding more. */
export function ItemsSection({
  state,
  dispatch,
  input,
  problems,
  unallocated,
  onSetPortions,
  canAssign,
  selecting,
  selected,
  onSelectingChange,
  onSelect,
  onAssignRest,
  onSplitRestEqually,
  onShareByCount,
  onScanReceipt,
  onUploadReceipt,
  onEnterItems,
}: ItemsSectionProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const addItemButton = useRef<HTMLButtonElement>(null);
  // A new item's name field takes focus as it mounts, so typing can start at once.
  const focusOnMount = useRef<string | null>(null);
  const mismatch = receiptMismatch(state);
  const tooManyItems = state.items.length >= BILL_LIMITS.maxItems;
  const [addingFromReceipt, setAddingFromReceipt] = useState(false);
  const receiptLines = state.receiptId ? (state.receiptLines ?? []) : [];
  return (
    <section aria-labelledby={`${id}-items`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-items`} className="text-lg font-bold">
          Items
        </h2>
        {onUploadReceipt && (
          <Button variant="ghost" onClick={onUploadReceipt} className="-mr-2">
            <ImageUp aria-hidden className="size-5" />
            Upload receipt
          </Button>
        )}
      </div>
      {mismatch && (
        <ReceiptCheckNotice
          mismatch={mismatch}
          onDismiss={() => dispatch({ type: 'dismissReceiptCheck' })}
        />
      )}
      <RadioGroup.Root
        value={state.mode}
        onValueChange={(mode) => dispatch({ type: 'setMode', mode: mode as SplitMode })}
        aria-label="How to split the bill"
        orientation="horizontal"
        className="mt-3 grid grid-cols-2 gap-1 rounded-2xl bg-gray-200/70 p-1"
      >
        {(
          [
            ['byItem', 'By item'],
            ['equal', 'Equally'],
          ] as const
        ).map(([value, label]) => (
          <RadioGroup.Item
            key={value}
            value={value}
            className="min-h-11 rounded-xl px-3 font-semibold text-muted data-[state=checked]:bg-white data-[state=checked]:text-brand-800 data-[state=checked]:shadow-sm"
          >
            {label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {state.mode === 'byItem' ? (
        <>
          <p className="mt-2 text-sm text-muted">
            <span>{LONG_PRESS_HINT}</span>
            {/* With a mouse or keyboard there is nothing to hold down: say what works instead. */}
            <span aria-hidden className="hidden pointer-fine:inline">
              {' '}
              (or right-click, or Shift+Enter)
            </span>
          </p>
          <p id={hintId} className="sr-only">
            Hold down, or press Shift+Enter, to set how many portions this person had.
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">Everyone pays an equal share of the whole bill.</p>
      )}
      {canAssign && state.items.length > 0 && (
        <div className="mt-3 flex flex-col gap-3">
          {/* Faster assigning on a long receipt: several items at once, or all that are left. */}
          <Button
            variant="secondary"
            aria-pressed={selecting}
            onClick={() => onSelectingChange(!selecting)}
            className={`self-start ${selecting ? 'border-brand-700! bg-brand-50!' : ''}`}
          >
            <ListChecks aria-hidden className="size-5" />
            {selecting ? 'Selecting items' : 'Select items'}
          </Button>
          {unallocated.size > 0 && !selecting && (
            <div className="rounded-2xl border border-amber-300 bg-amber-50 p-3">
              <p className="text-sm font-medium text-amber-900">
                {unallocated.size} {unallocated.size === 1 ? 'item' : 'items'} nobody has yet
              </p>
              <div className="mt-2 flex flex-col gap-2">
                <Button variant="secondary" block onClick={onAssignRest}>
                  <UserRound aria-hidden className="size-5 shrink-0" />
                  Assign the rest to…
                </Button>
                <Button variant="secondary" block onClick={onSplitRestEqually}>
                  <Equal aria-hidden className="size-5 shrink-0" />
                  Split the rest equally
                </Button>
              </div>
            </div>
          )}
        </div>
      )}

      {state.items.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-3">
          {state.items.map((item, index) => (
            <ItemCard
              key={item.id}
              item={item}
              index={index}
              participants={state.participants}
              mode={state.mode}
              unallocated={unallocated.has(index)}
              problems={problems.items.get(item.id)}
              assignHintId={hintId}
              receiptId={state.receiptId}
              count={shareableCount(item.count)}
              selectable={selecting}
              selected={selected.has(item.id)}
              onSelect={(on) => onSelect(item.id, on)}
              onShareByCount={(title, count) => onShareByCount({ item, count, title })}
              nameRef={(node) => {
                if (!node) return;
                if (focusOnMount.current === item.id) {
                  focusOnMount.current = null;
                  node.focus();
                }
              }}
              onEdit={(change) => dispatch({ type: 'editItem', itemId: item.id, ...change })}
              onToggle={(participantId) =>
                dispatch({ type: 'toggleAssignee', itemId: item.id, participantId })
              }
              onSetPortions={(participant) =>
                onSetPortions({
                  itemId: item.id,
                  itemName: item.name,
                  participantId: participant.id,
                  participantName: participant.name,
                  portions:
                    input.items[index]!.assignments.find((a) => a.participantId === participant.id)
                      ?.portions ?? 0,
                })
              }
              onSplitEquallyChange={(equally) =>
                dispatch({
                  type: 'setItemSplitMode',
                  itemId: item.id,
                  splitMode: equally ? 'equally' : 'manual',
                })
              }
              onRemove={() => {
                dispatch({ type: 'removeItem', itemId: item.id });
                addItemButton.current?.focus();
              }}
            />
          ))}
        </ul>
      ) : (
        <div className="mt-3 rounded-2xl border border-dashed border-gray-300 p-4">
          <p className="text-muted">No items yet. Add what was on the bill.</p>
          {(onScanReceipt || onEnterItems) && (
            <div className="mt-3 flex flex-col gap-2">
              {onScanReceipt && (
                <Button variant="secondary" block onClick={onScanReceipt}>
                  <Camera aria-hidden className="size-5" />
                  Scan Receipt
                </Button>
              )}
              {onEnterItems && (
                <Button variant="secondary" block onClick={onEnterItems}>
                  <PencilLine aria-hidden className="size-5" />
                  Enter Items
                </Button>
              )}
            </div>
          )}
        </div>
      )}
      <Button
        ref={addItemButton}
        variant="secondary"
        block
        className="mt-3 border-dashed border-gray-400!"
        disabled={tooManyItems}
        aria-describedby={tooManyItems ? `${id}-too-many` : undefined}
        onClick={() => {
          const itemId = newId();
          focusOnMount.current = itemId;
          dispatch({ type: 'addItem', id: itemId });
        }}
      >
        <Plus aria-hidden className="size-5" />
        Add Item
      </Button>
      {tooManyItems && (
        <p id={`${id}-too-many`} className="mt-1 px-1 text-sm text-muted">
          {TOO_MANY_ITEMS_MESSAGE}
        </p>
      )}
      {/* Priced lines of the receipt that no item took: added from the photo. */}
      {state.receiptId && receiptLines.length > 0 && (
        <>
          <Button
            variant="secondary"
            block
            className="mt-2"
            disabled={tooManyItems}
            onClick={() => setAddingFromReceipt(true)}
          >
            <ScanLine aria-hidden className="size-5" />
            Add from receipt
            <span className="font-normal text-muted">
              ({receiptLines.length} {receiptLines.length === 1 ? 'line' : 'lines'} left out)
            </span>
          </Button>
          <AddFromReceiptDialog
            open={addingFromReceipt}
            onOpenChange={setAddingFromReceipt}
            receiptId={state.receiptId}
            lines={receiptLines}
            onAdd={(index) => dispatch({ type: 'addReceiptLine', id: newId(), index })}
          />
        </>
      )}
    </section>
  );
}
