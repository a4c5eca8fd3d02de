import { Check, Lock, Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { formatPence, type Pence } from '../../../../domain/money';
import {
  PICK_PORTIONS_MAX,
  PICK_PORTIONS_MIN,
  SHARE_PORTIONS,
  type PickPortions,
} from '../../../../domain/picking';

/** Portions go in steps of 0.5 (DECISIONS.md "Friends pick their own items"). */
export const PORTION_STEP = 0.5;

export interface PickItemView {
  id: string;
  name: string;
  amountPence: Pence;
  /** My portions of it ('share': with whoever else picks it); null when I have not picked it. */
  mine: PickPortions | null;
  /** What my portions come to, at the moment (0 when not picked). */
  minePence: Pence;
  /** Everyone else who picked it, with their portions. */
  others: readonly { name: string; portions: PickPortions }[];
  /** Why it cannot be changed now ("Sam is paying for this one"), or null. */
  locked: string | null;
}

const portionsText = (n: number) => `${n} ${n === 1 ? 'portion' : 'portions'}`;
const otherText = (o: { name: string; portions: PickPortions }) =>
  o.portions === SHARE_PORTIONS ? o.name : `${o.name} (×${o.portions})`;

/**
 * One item of the bill on the friend's page: a large tick for "I had this", who else had it, and,
 * once ticked, how many portions (shared with whoever else picks it, by portions).
 */
export function PickItemCard({
  item,
  disabled,
  onToggle,
  onPortions,
}: {
  item: PickItemView;
  /** The whole list is fixed (my share is being paid, or paid). */
  disabled: boolean;
  onToggle: () => void;
  onPortions: (portions: PickPortions) => void;
}) {
  const id = useId();
  const picked = item.mine !== null;
  const sharing = item.mine === SHARE_PORTIONS;
  const count = typeof item.mine === 'number' ? item.mine : 1;
  const described = [item.locked && `${id}-locked`, `${id}-who`].filter(Boolean).join(' ');
  return (
    <li
      className={`rounded-3xl border bg-white shadow-sm ${picked ? 'border-brand-700' : 'border-line'}`}
    >
      <button
        type="button"
        role="checkbox"
        aria-checked={picked}
        aria-disabled={disabled || undefined}
        aria-describedby={described}
        onClick={() => !disabled && onToggle()}
        className="flex min-h-16 w-full items-center gap-3 rounded-3xl px-4 py-3 text-left"
      >
        <span
          aria-hidden
          className={`grid size-7 shrink-0 place-items-center rounded-lg border-2 ${picked ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white'}`}
        >
          {picked && <Check className="size-5" strokeWidth={3} />}
        </span>
        <span className="min-w-0 flex-1 break-words font-semibold">{item.name}</span>
        <span className="tabular shrink-0 font-semibold">{formatPence(item.amountPence)}</span>
      </button>

      <div className="-mt-1 px-4 pb-3 pl-14 text-sm">
        <p id={`${id}-who`} className="text-muted">
          {item.others.length === 0
            ? picked
              ? 'Only you so far'
              : 'Nobody has picked this yet'
            : `${picked ? 'Also picked by' : 'Picked by'} ${item.others.map(otherText).join(', ')}`}
        </p>
        {item.locked && (
          <p
            id={`${id}-locked`}
            className="mt-1 flex items-center gap-1.5 font-medium text-amber-800"
          >
            <Lock aria-hidden className="size-4 shrink-0" />
            {item.locked}
          </p>
        )}
      </div>

      {picked && (
        <div className="border-t border-line px-4 pb-3 pt-2">
          <p className="text-sm font-medium">
            <span className="tabular">{formatPence(item.minePence)}</span> for you
          </p>
          <div
            role="radiogroup"
            aria-label={`How you had ${item.name}`}
            className="mt-2 flex flex-col gap-2"
          >
            <button
              type="button"
              role="radio"
              aria-checked={sharing}
              aria-disabled={disabled || undefined}
              onClick={() => !disabled && !sharing && onPortions(SHARE_PORTIONS)}
              className={`flex min-h-11 items-center gap-2 rounded-2xl border px-3 text-left text-sm font-medium ${sharing ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-line'}`}
            >
              <Dot on={sharing} />
              Share with whoever else picks it
            </button>
            <button
              type="button"
              role="radio"
              aria-checked={!sharing}
              aria-disabled={disabled || undefined}
              onClick={() => !disabled && sharing && onPortions(1)}
              className={`flex min-h-11 items-center gap-2 rounded-2xl border px-3 text-left text-sm font-medium ${!sharing ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-line'}`}
            >
              <Dot on={!sharing} />
              Say how many portions you had
            </button>
          </div>
          {!sharing && (
            <div
              role="group"
              aria-label={`Your portions of ${item.name}`}
              className="mt-2 flex items-center justify-between gap-2"
            >
              <button
                type="button"
                aria-label={`Half a portion less of ${item.name}`}
                disabled={disabled || count <= PICK_PORTIONS_MIN}
                onClick={() => onPortions(count - PORTION_STEP)}
                className="grid size-11 place-items-center rounded-full border border-line text-brand-800 hover:bg-brand-50 disabled:text-gray-400"
              >
                <Minus aria-hidden className="size-5" />
              </button>
              <p aria-live="polite" className="tabular text-center font-semibold">
                {portionsText(count)}
              </p>
              <button
                type="button"
                aria-label={`Half a portion more of ${item.name}`}
                disabled={disabled || count >= PICK_PORTIONS_MAX}
                onClick={() => onPortions(count + PORTION_STEP)}
                className="grid size-11 place-items-center rounded-full border border-line text-brand-800 hover:bg-brand-50 disabled:text-gray-400"
              >
                <Plus aria-hidden className="size-5" />
              </button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function Dot({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden
      className={`grid size-5 shrink-0 place-items-center rounded-full border-2 ${on ? 'border-brand-700' : 'border-gray-400'}`}
    >
      {on && <span className="size-2.5 rounded-full bg-brand-700" />}
    </span>
  );
}
