import { Minus, Plus } from 'lucide-react';
import {
  PICK_PORTIONS_MAX,
  PICK_PORTIONS_MIN,
  SHARE_PORTIONS,
  type PickPortions,
} from '../../../../domain/picking';

/** Portions go in steps of 0.5 (DECISIONS.md "Friends pick their own items"). */
const PORTION_STEP = 0.5;

const portionsText = (n: number) => `${n} ${n === 1 ? 'portion' : 'portions'}`;

/**
 * How a person had an item they ticked: shared with whoever else picks it, or a number of
 * portions in 0.5 steps. The friend's page and the creator's screen pick with this same control.
 */
export function PickPortionsControl({
  itemName,
  portions,
  disabled,
  onPortions,
}: {
  itemName: string;
  portions: PickPortions;
  disabled: boolean;
  onPortions: (portions: PickPortions) => void;
}) {
  const sharing = portions === SHARE_PORTIONS;
  const count = typeof portions === 'number' ? portions : 1;
  return (
    <>
      <div
        role="radiogroup"
        aria-label={`How you had ${itemName}`}
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
          aria-label={`Your portions of ${itemName}`}
          className="mt-2 flex items-center justify-between gap-2"
        >
          <button
            type="button"
            aria-label={`Half a portion less of ${itemName}`}
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
            aria-label={`Half a portion more of ${itemName}`}
            disabled={disabled || count >= PICK_PORTIONS_MAX}
            onClick={() => onPortions(count + PORTION_STEP)}
            className="grid size-11 place-items-center rounded-full border border-line text-brand-800 hover:bg-brand-50 disabled:text-gray-400"
          >
            <Plus aria-hidden className="size-5" />
          </button>
        </div>
      )}
    </>
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
