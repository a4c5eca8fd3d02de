import { ReceiptText, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState, type Ref } from 'react';
import type { SplitMode } from '../../../../domain/split';
import { portionsOf } from '../../../../domain/split-editor';
import {
  amountFieldText,
  toSplitItem,
  type EditorItem,
  type EditorParticipant,
} from '../model/editor-state';
import { AssignButton } from './assign-button';
import { checkPriceText, ReceiptCrop } from './receipt-lines';

interface ItemCardProps {
  item: EditorItem;
  index: number;
  participants: readonly EditorParticipant[];
  mode: SplitMode;
  /** Nobody is on this manual item: the split cannot go ahead until someone is. */
  unallocated: boolean;
  /** What the bill rules say about its name and price, when anything. */
  problems?: { name: string | null; amount: string | null } | undefined;
  /** Id of the long-press explanation, for the assign buttons' descriptions. */
  assignHintId: string;
  /** The scan the items were read from: an item read from it can show its line of the photo. */
  receiptId?: string | undefined;
  /** How many the receipt line was for (2 or more), when it said: offered as portions. */
  count?: number | null;
  /** Select mode: the card has a checkbox. */
  selectable?: boolean;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  /** Shares the item out by its count (the count dialog). */
  onShareByCount?: (title: string, count: number) => void;
  nameRef?: Ref<HTMLTextAreaElement>;
  onEdit: (change: { name?: string; amount?: string }) => void;
  onToggle: (participantId: string) => void;
  onSetPortions: (participant: EditorParticipant) => void;
  onSplitEquallyChange: (equally: boolean) => void;
  onRemove: () => void;
}

/** One item of the bill: its name and price, who had it, and whether everyone shares it. */
export function ItemCard({
  item,
  index,
  participants,
  mode,
  unallocated,
  problems,
  assignHintId,
  receiptId,
  count = null,
  selectable = false,
  selected = false,
  onSelect,
  onShareByCount,
  nameRef,
  onEdit,
  onToggle,
  onSetPortions,
  onSplitEquallyChange,
  onRemove,
}: ItemCardProps) {
  const id = useId();
  const title = item.name.trim() || `Item ${index + 1}`;
  const equally = item.splitMode === 'equally';
  const byItem = mode === 'byItem';
  const nameProblem = problems?.name ?? null;
  const amountProblem = problems?.amount ?? null;
  const unsure = item.unsurePrice === true;
  const [showLine, setShowLine] = useState(false);
  const box = receiptId ? item.receiptBox : undefined;
  const amountDescribedBy =
    [amountProblem && `${id}-amount-problem`, unsure && `${id}-amount-check`]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <li>
      <div
        role="group"
        aria-label={title}
        data-invalid={nameProblem || amountProblem ? true : undefined}
        className={`rounded-3xl border bg-white p-4 shadow-sm ${selectable && selected ? 'border-brand-700 ring-2 ring-brand-700' : unallocated ? 'border-amber-500' : 'border-line'}`}
      >
        {selectable && (
          <label className="-mt-1 mb-2 flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-brand-800">
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => onSelect?.(event.target.checked)}
              className="size-6 shrink-0 accent-brand-700"
            />
            <span>
              Select<span className="sr-only"> {title}</span>
            </span>
          </label>
        )}
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-name`} className="sr-only">
              Item name
            </label>
            {/* A text area sized to its content, so a long name wraps onto a second line rather
                than being cut off; Enter and pasted line breaks make no new lines (a name has none). */}
            <textarea
              ref={nameRef}
              id={`${id}-name`}
              rows={1}
              value={item.name}
              onChange={(event) => onEdit({ name: event.target.value.replace(/[\r\n]+/g, ' ') })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              placeholder="Item name"
              autoComplete="off"
              autoCapitalize="sentences"
              enterKeyHint="next"
              aria-invalid={nameProblem ? true : undefined}
              aria-describedby={nameProblem ? `${id}-name-problem` : undefined}
              className={`field-sizing-content block min-h-11 w-full resize-none break-words rounded-xl border bg-surface px-3 py-2 text-base font-semibold leading-snug placeholder:font-normal placeholder:text-gray-500 hover:border-gray-300 ${nameProblem ? 'border-danger' : 'border-transparent'}`}
            />
          </div>
          <div className="w-28 shrink-0">
            <label htmlFor={`${id}-amount`} className="sr-only">
              Price in pounds
            </label>
            <div className="relative">
              <span
                aria-hidden
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold text-muted"
              >
                £
              </span>
              <input
                id={`${id}-amount`}
                // Text, not a number field: a number field empties what it cannot read ('12abc'),
                // where this keeps it and the bill rules say why at the field.
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={amountFieldText(item.amountText, item.amountPence)}
                onChange={(event) => onEdit({ amount: event.target.value })}
                placeholder="0.00"
                aria-invalid={amountProblem ? true : undefined}
                aria-describedby={amountDescribedBy}
                className={`tabular min-h-11 w-full rounded-xl border bg-surface pl-7 pr-2 text-base font-semibold placeholder:text-gray-500 hover:border-gray-300 ${amountProblem ? 'border-danger' : 'border-transparent'}`}
              />
            </div>
          </div>
        </div>
        {nameProblem && (
          <p id={`${id}-name-problem`} className="mt-1 px-1 text-sm text-danger">
            {nameProblem}
          </p>
        )}
        {amountProblem && (
          <p id={`${id}-amount-problem`} className="mt-1 px-1 text-sm text-danger">
            {amountProblem}
          </p>
        )}
        {/* The reading was unsure which row this price was printed on: a quiet word at the price,
            gone once the person edits the item. */}
        {unsure && (
          <p id={`${id}-amount-check`} className="mt-1 px-1 text-right text-sm text-muted">
            {checkPriceText(item.unsureWhy)}
          </p>
        )}
        {/* Where the item was read: its line cut from the receipt photo, on demand. */}
        {box && receiptId && (
          <div className="mt-1">
            <button
              type="button"
              aria-expanded={showLine}
              aria-controls={`${id}-receipt-line`}
              aria-label={`${showLine ? 'Hide receipt line' : 'Show on receipt'}: ${title}`}
              onClick={() => setShowLine((shown) => !shown)}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-2xl px-2 text-sm font-semibold text-brand-700 hover:bg-surface"
            >
              <ReceiptText aria-hidden className="size-4" />
              {showLine ? 'Hide receipt line' : 'Show on receipt'}
            </button>
            <div id={`${id}-receipt-line`} hidden={!showLine}>
              {showLine && (
                <ReceiptCrop
                  receiptId={receiptId}
                  box={box}
                  label={`${title} as printed on the receipt`}
                />
              )}
            </div>
          </div>
        )}

        {byItem ? (
          <>
            <div role="group" aria-label={`Who had ${title}`} className="mt-2 flex flex-wrap gap-2">
              {participants.map((participant) => (
                <AssignButton
                  key={participant.id}
                  name={participant.name}
                  portions={portionsOf(toSplitItem(item), participant.id)}
                  everyone={equally}
                  describedBy={assignHintId}
                  onToggle={() => onToggle(participant.id)}
                  onSetPortions={() => onSetPortions(participant)}
                />
              ))}
            </div>
            {equally && <p className="mt-2 text-sm text-muted">Everyone shares this item</p>}
            {count !== null && participants.length > 0 && (
              <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 rounded-2xl bg-brand-50 py-1 pl-3 pr-1">
                <p className="text-sm text-brand-900">{count} on the receipt</p>
                <button
                  type="button"
                  aria-label={`Share out the ${count} ${title}`}
                  onClick={() => onShareByCount?.(title, count)}
                  className="inline-flex min-h-11 items-center rounded-2xl px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
                >
                  Share out the {count}
                </button>
              </div>
            )}
            {unallocated && (
              <p className="mt-2 text-sm font-medium text-amber-800">
                {participants.length === 0
                  ? 'Add people to assign this item'
                  : 'Tap who had this, or split it equally'}
              </p>
            )}
            <div className="mt-3 flex items-center justify-between gap-3 border-t border-line pt-3">
              <div className="flex min-h-11 items-center gap-3">
                <Switch.Root
                  id={`${id}-equally`}
                  checked={equally}
                  onCheckedChange={onSplitEquallyChange}
                  className="relative h-7 w-12 shrink-0 rounded-full bg-gray-500 transition-colors data-[state=checked]:bg-brand-700"
                >
                  <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
                </Switch.Root>
                <label htmlFor={`${id}-equally`} className="select-none font-medium">
                  Split Equally
                </label>
              </div>
              <RemoveButton title={title} onRemove={onRemove} />
            </div>
          </>
        ) : (
          <div className="mt-2 flex items-center justify-between gap-3">
            <p className="text-sm text-muted">Shared equally by everyone</p>
            <RemoveButton title={title} onRemove={onRemove} />
          </div>
        )}
      </div>
    </li>
  );
}

function RemoveButton({ title, onRemove }: { title: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={`Remove ${title}`}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-2xl px-3 font-medium text-danger hover:bg-red-50"
    >
      <Trash2 aria-hidden className="size-4" />
      Remove
    </button>
  );
}
