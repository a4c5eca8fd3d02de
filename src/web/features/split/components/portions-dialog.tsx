import { Minus, Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { BILL_LIMITS, PORTIONS_MESSAGE } from '../../../../domain/bill-rules';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { parsePortions, PORTION_STEP, QUICK_PORTIONS, stepPortions } from '../model/portions';

export interface PortionsTarget {
  itemId: string;
  itemName: string;
  participantId: string;
  participantName: string;
  /** Current portions; 0 when the person is not on the item yet. */
  portions: number;
}

interface PortionsDialogProps {
  target: PortionsTarget | null;
  onClose: () => void;
  onConfirm: (portions: number) => void;
}

/** 'How many portions?' (spec §2): a person's share of one item in 0.5 steps; 0 takes them off it. */
export function PortionsDialog({ target, onClose, onConfirm }: PortionsDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="How many portions?"
      description={
        target && (
          <>
            {possessive(target.participantName)} share of {target.itemName.trim() || 'this item'}
          </>
        )
      }
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }}
    >
      {target && (
        <PortionsForm
          key={`${target.itemId}:${target.participantId}`}
          target={target}
          inputRef={input}
          onCancel={onClose}
          onConfirm={onConfirm}
        />
      )}
    </Dialog>
  );
}

// The current user is 'You' when signed out: "Your share", not "You's share".
function possessive(name: string): string {
  return name === 'You' ? 'Your' : `${name}’s`;
}

function PortionsForm({
  target,
  inputRef,
  onCancel,
  onConfirm,
}: {
  target: PortionsTarget;
  inputRef: RefObject<HTMLInputElement | null>;
  onCancel: () => void;
  onConfirm: (portions: number) => void;
}) {
  const id = useId();
  // Someone not on the item yet starts at one portion, as a tap would give them.
  const [text, setText] = useState(() => String(target.portions > 0 ? target.portions : 1));
  const portions = parsePortions(text);
  const current = portions ?? Number(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (portions !== null) onConfirm(portions);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 pt-3">
      <div>
        <label htmlFor={id} className="sr-only">
          Portions
        </label>
        <div className="flex items-center justify-center gap-4">
          <button
            type="button"
            aria-label="Fewer portions"
            onClick={() => setText(String(stepPortions(current, -1)))}
            disabled={portions === 0}
            className="grid size-13 place-items-center rounded-full border border-gray-300 text-brand-800 hover:bg-brand-50 disabled:text-gray-400"
          >
            <Minus aria-hidden className="size-6" />
          </button>
          <input
            ref={inputRef}
            id={id}
            type="number"
            inputMode="decimal"
            step={PORTION_STEP}
            min={0}
            max={BILL_LIMITS.portionsMax}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={portions === null ? true : undefined}
            aria-describedby={`${id}-hint`}
            className={`tabular h-14 w-28 rounded-2xl border text-center text-3xl font-bold ${portions === null ? 'border-danger' : 'border-gray-500'}`}
          />
          <button
            type="button"
            aria-label="More portions"
            onClick={() => setText(String(stepPortions(current, 1)))}
            disabled={portions !== null && portions >= BILL_LIMITS.portionsMax}
            className="grid size-13 place-items-center rounded-full border border-gray-300 text-brand-800 hover:bg-brand-50 disabled:text-gray-400"
          >
            <Plus aria-hidden className="size-6" />
          </button>
        </div>
        <p
          id={`${id}-hint`}
          className={`mt-2 text-center text-sm ${portions === null ? 'text-danger' : 'text-muted'}`}
        >
          {portions === null
            ? PORTIONS_MESSAGE
            : portions === 0
              ? `0 takes ${target.participantName} off this item`
              : 'In steps of 0.5. 0 takes them off the item.'}
        </p>
      </div>
      <div role="group" aria-label="Quick picks" className="grid grid-cols-4 gap-2">
        {QUICK_PORTIONS.map((pick) => (
          <button
            key={pick}
            type="button"
            aria-pressed={portions === pick}
            onClick={() => setText(String(pick))}
            className={`tabular min-h-11 rounded-2xl border text-lg font-semibold ${portions === pick ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-ink hover:bg-brand-50'}`}
          >
            {pick}
            <span className="sr-only"> {pick === 1 ? 'portion' : 'portions'}</span>
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={portions === null}>
          Confirm
        </Button>
      </div>
    </form>
  );
}
