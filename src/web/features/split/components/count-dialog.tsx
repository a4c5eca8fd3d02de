import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { countSharesOf, countSharesProblem, type CountShare } from '../../../../domain/assigning';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toSplitItem, type EditorItem, type EditorParticipant } from '../model/editor-state';

export interface CountTarget {
  item: EditorItem;
  /** the count the receipt printed, 2 or more */
  count: number;
  /** what the item is called on screen */
  title: string;
}

/**
 * 'Who had the 2 Garlic Bread?': an item read with a count shared out by it, how many each person
 * had; each one's number becomes their portions (domain/assigning.ts assignByCount), so the price
 * is split by them. Done waits until every one of the count is given.
 */
export function CountDialog({
  target,
  participants,
  onClose,
  onConfirm,
}: {
  target: CountTarget | null;
  participants: readonly EditorParticipant[];
  onClose: () => void;
  onConfirm: (shares: CountShare[]) => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? `Who had the ${target.count} ${target.title}?` : ''}
      description="How many each person had: their share of the price follows."
    >
      {target && (
        <CountForm
          key={target.item.id}
          target={target}
          participants={participants}
          onCancel={onClose}
          onConfirm={onConfirm}
        />
      )}
    </Dialog>
  );
}

function CountForm({
  target,
  participants,
  onCancel,
  onConfirm,
}: {
  target: CountTarget;
  participants: readonly EditorParticipant[];
  onCancel: () => void;
  onConfirm: (shares: CountShare[]) => void;
}) {
  const id = useId();
  const { count } = target;
  const [shares, setShares] = useState(() =>
    countSharesOf(
      toSplitItem(target.item),
      participants.map((p) => p.id),
    ),
  );
  const problem = countSharesProblem(count, shares);
  const given = shares.reduce((sum, s) => sum + s.units, 0);
  const change = (participantId: string, by: 1 | -1) =>
    setShares((all) =>
      all.map((s) =>
        s.participantId === participantId ? { ...s, units: Math.max(0, s.units + by) } : s,
      ),
    );
  return (
    <form
      noValidate
      className="flex flex-col gap-4 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onConfirm(shares);
      }}
    >
      <ul className="flex flex-col gap-2">
        {participants.map((participant, i) => {
          const units = shares[i]?.units ?? 0;
          return (
            <li
              key={participant.id}
              className="flex items-center justify-between gap-3 rounded-2xl bg-surface py-1 pl-4 pr-1"
            >
              <span id={`${id}-${i}`} className="min-w-0 truncate text-lg font-semibold">
                {participant.name}
              </span>
              <div
                role="group"
                aria-labelledby={`${id}-${i}`}
                className="flex shrink-0 items-center gap-1"
              >
                <button
                  type="button"
                  aria-label={`One fewer for ${participant.name}`}
                  disabled={units === 0}
                  onClick={() => change(participant.id, -1)}
                  className="grid size-11 place-items-center rounded-full border border-gray-300 bg-white text-brand-800 hover:bg-brand-50 disabled:text-gray-400"
                >
                  <Minus aria-hidden className="size-5" />
                </button>
                <span
                  data-testid="count-units"
                  className="tabular w-10 text-center text-xl font-bold"
                >
                  {units}
                </span>
                <button
                  type="button"
                  aria-label={`One more for ${participant.name}`}
                  disabled={given >= count}
                  onClick={() => change(participant.id, 1)}
                  className="grid size-11 place-items-center rounded-full border border-gray-300 bg-white text-brand-800 hover:bg-brand-50 disabled:text-gray-400"
                >
                  <Plus aria-hidden className="size-5" />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <p
        role="status"
        className={`text-center text-sm font-medium ${problem ? 'text-amber-800' : 'text-brand-800'}`}
      >
        {problem ?? `All ${count} given`}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={problem !== null}>
          Done
        </Button>
      </div>
    </form>
  );
}
