import { Check, Lock } from 'lucide-react';
import { useId } from 'react';
import { formatPence, type Pence } from '../../../../domain/money';
import { SHARE_PORTIONS, type PickPortions } from '../../../../domain/picking';
import { PickPortionsControl } from '../../../entities/picking/components/pick-portions';

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

      {item.mine !== null && (
        <div className="border-t border-line px-4 pb-3 pt-2">
          <p className="text-sm font-medium">
            <span className="tabular">{formatPence(item.minePence)}</span> for you
          </p>
          <PickPortionsControl
            itemName={item.name}
            portions={item.mine}
            disabled={disabled}
            onPortions={onPortions}
          />
        </div>
      )}
    </li>
  );
}
