import { Camera, ImageUp, LoaderCircle, PencilLine, Plus, TriangleAlert, X } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useRef, useState, type Dispatch } from 'react';
import { formatPence } from '../../../../domain/money';
import {
  splitBill,
  splitInputProblem,
  amountsProblem,
  BILL_TOO_LARGE_MESSAGE,
  unallocatedItems,
  type SplitMode,
} from '../../../../domain/split';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { newId } from '../../../lib/new-id';
import { saveSummaryData, summaryFromSplit, type SummaryData } from '../../../lib/summary-data';
import {
  editorTotals,
  receiptMismatch,
  serviceChargeProblem,
  tipProblem,
  toSplitInput,
  type EditorAction,
  type ReceiptCheck,
  type SplitEditorState,
} from '../model/editor-state';
import { ItemCard } from './item-card';
import { ParticipantChips } from './participant-chips';
import { PortionsDialog, type PortionsTarget } from './portions-dialog';

export const ALLOCATE_ITEMS_MESSAGE = 'Items need to be allocated';
export const LONG_PRESS_HINT = 'Hold down a name to set quantity';

export interface SplitEditorProps {
  state: SplitEditorState;
  dispatch: Dispatch<EditorAction>;
  /** Shows the 'Processing receipt...' banner while the receipt is being read. */
  processingReceipt?: boolean;
  /** Called after a successful split, once the summary is stored in session storage. */
  onSplit: (summary: SummaryData) => void;
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
}

/** What the editor says when a receipt's items do not add up to its printed figure. */
export function mismatchText(itemsPence: number, expectedPence: number): string {
  return `Items add up to ${formatPence(itemsPence)} but the receipt says ${formatPence(expectedPence)} — check for missed lines`;
}

/** Which printed figure the items were checked against, in the receipt's own words when read. */
export function checkedAgainstText({ against, label, figurePence }: ReceiptCheck): string {
  const printed =
    label && figurePence !== undefined
      ? ` (printed as ‘${label}’ ${formatPence(figurePence)})`
      : figurePence !== undefined
        ? ` (${formatPence(figurePence)})`
        : '';
  return against === 'subtotal'
    ? `Checked against the receipt's subtotal${printed}.`
    : `Checked against the receipt's total${printed}, less service charge and tip.`;
}

/**
 * The split editor (spec §2): people, items and who had what, tip and service charge, live totals,
 * and Split. Every amount comes from the domain; this component only arranges it.
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
}: SplitEditorProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const [portionsTarget, setPortionsTarget] = useState<PortionsTarget | null>(null);
  const addItemButton = useRef<HTMLButtonElement>(null);
  // A new item's name field takes focus as it mounts, so typing can start at once.
  const focusOnMount = useRef<string | null>(null);

  const input = toSplitInput(state);
  const totals = editorTotals(input);
  // Too large a bill, a total or a share below zero: the server refuses these with the same words.
  const amountsError = amountsProblem(input);
  const unallocated = new Set(unallocatedItems(input));
  const needsAllocation = unallocated.size > 0;
  const tipError = tipProblem(state.tipPercent);
  const serviceError = serviceChargeProblem(state.serviceCharge);
  const mismatch = receiptMismatch(state);

  const split = () => {
    const problem = splitInputProblem(input);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    const summary = summaryFromSplit(state.billName, input, splitBill(input));
    saveSummaryData(summary);
    onSplit(summary);
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
            <div
              role="status"
              className="mt-3 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 py-3 pl-4 pr-1 text-amber-900"
            >
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold" data-testid="receipt-mismatch">
                  {mismatchText(mismatch.itemsPence, mismatch.expectedPence)}
                </p>
                <p className="mt-1 text-sm" data-testid="receipt-mismatch-against">
                  {checkedAgainstText(mismatch)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => dispatch({ type: 'dismissReceiptCheck' })}
                aria-label="Dismiss the receipt check"
                className="-my-2 grid size-11 shrink-0 place-items-center rounded-full hover:bg-amber-100"
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
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
            <p className="mt-2 text-sm text-muted">
              Everyone pays an equal share of the whole bill.
            </p>
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
                  assignHintId={hintId}
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
                    setPortionsTarget({
                      itemId: item.id,
                      itemName: item.name,
                      participantId: participant.id,
                      participantName: participant.name,
                      portions:
                        input.items[index]!.assignments.find(
                          (a) => a.participantId === participant.id,
                        )?.portions ?? 0,
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
            onClick={() => {
              const itemId = newId();
              focusOnMount.current = itemId;
              dispatch({ type: 'addItem', id: itemId });
            }}
          >
            <Plus aria-hidden className="size-5" />
            Add Item
          </Button>
        </section>

        <section aria-labelledby={`${id}-extras`}>
          <h2 id={`${id}-extras`} className="sr-only">
            Tip and service charge
          </h2>
          <div className="grid grid-cols-2 gap-3">
            <NumberField
              id={`${id}-tip`}
              label="Tip (%)"
              suffix="%"
              value={state.tipPercent}
              onChange={(value) => dispatch({ type: 'setTipPercent', value })}
              step={1}
              min={0}
              max={100}
              inputMode="numeric"
              problem={tipError}
            />
            <NumberField
              id={`${id}-service`}
              label="Service Charge"
              prefix="£"
              value={state.serviceCharge}
              onChange={(value) => dispatch({ type: 'setServiceCharge', value })}
              step={0.01}
              min={0}
              inputMode="decimal"
              problem={serviceError}
            />
          </div>
        </section>

        <section aria-labelledby={`${id}-totals`} className="rounded-3xl bg-white p-4 shadow-sm">
          <h2 id={`${id}-totals`} className="sr-only">
            Totals
          </h2>
          {totals ? (
            <dl className="tabular flex flex-col gap-2">
              <TotalLine label="Subtotal" amount={formatPence(totals.subtotal)} />
              <TotalLine label="Service Charge" amount={formatPence(totals.serviceCharge)} />
              <TotalLine label="Tip" amount={formatPence(totals.tip)} />
              <TotalLine label="Total" amount={formatPence(totals.total)} strong />
            </dl>
          ) : (
            <p className="text-danger">{amountsError ?? BILL_TOO_LARGE_MESSAGE}</p>
          )}
          {totals && amountsError && (
            <p role="alert" className="mt-3 text-danger">
              {amountsError}
            </p>
          )}
        </section>
      </div>

      <div
        className={`sticky bottom-0 z-10 mt-6 border-t border-line bg-white/95 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur ${footerClassName}`}
      >
        <p
          id={statusId}
          role="status"
          className={`text-center text-sm font-medium ${needsAllocation ? 'mb-2 text-amber-800' : 'sr-only'}`}
        >
          {needsAllocation ? ALLOCATE_ITEMS_MESSAGE : ''}
        </p>
        <Button
          size="lg"
          block
          disabled={needsAllocation || totals === null || amountsError !== null}
          aria-describedby={statusId}
          onClick={split}
        >
          Split
          {totals && !needsAllocation && !amountsError && (
            <span className="tabular font-normal opacity-90">{formatPence(totals.total)}</span>
          )}
        </Button>
      </div>

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

function TotalLine({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-2 text-xl font-bold' : 'text-muted'}`}
    >
      <dt>{label}</dt>
      <dd className="text-ink">{amount}</dd>
    </div>
  );
}

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  step: number;
  min: number;
  max?: number;
  inputMode: 'numeric' | 'decimal';
  prefix?: string;
  suffix?: string;
  problem: string | null;
}

function NumberField({
  id,
  label,
  value,
  onChange,
  step,
  min,
  max,
  inputMode,
  prefix,
  suffix,
  problem,
}: NumberFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1">
        {prefix && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold text-muted"
          >
            {prefix}
          </span>
        )}
        <input
          id={id}
          type="number"
          inputMode={inputMode}
          step={step}
          min={min}
          max={max}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={`tabular min-h-12 w-full rounded-2xl border bg-white text-base font-semibold ${prefix ? 'pl-7' : 'pl-4'} ${suffix ? 'pr-9' : 'pr-4'} ${problem ? 'border-danger' : 'border-gray-500'}`}
        />
        {suffix && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-4 flex items-center font-semibold text-muted"
          >
            {suffix}
          </span>
        )}
      </div>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
