import { useLongPress } from '../../../lib/use-long-press';
import { portionsLabel } from '../model/portions';

interface AssignButtonProps {
  name: string;
  /** This person's portions on the item: 0 when not on it. */
  portions: number;
  /** The item is split equally: everyone is on it and the button cannot change that. */
  everyone: boolean;
  /** Id of the text that explains the long press and its keyboard equivalent. */
  describedBy: string;
  onToggle: () => void;
  onSetPortions: () => void;
}

/**
 * One person on one item: a tap toggles them on or off (spec §4 Assignment); holding it, Shift+Enter
 * or the context-menu key opens the portions dialog instead, and the release does not also toggle.
 */
export function AssignButton({
  name,
  portions,
  everyone,
  describedBy,
  onToggle,
  onSetPortions,
}: AssignButtonProps) {
  const { handlers, consumeLongPress } = useLongPress(onSetPortions);
  const on = everyone || portions > 0;
  const multiplier = everyone ? '' : portionsLabel(portions);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-describedby={everyone ? undefined : describedBy}
      disabled={everyone}
      onClick={() => {
        if (consumeLongPress()) return;
        onToggle();
      }}
      {...(everyone ? {} : handlers)}
      title={name}
      className={`inline-flex min-h-11 min-w-11 max-w-full touch-manipulation select-none items-center justify-center gap-1 rounded-full border px-4 text-base font-medium transition-colors [-webkit-touch-callout:none] ${
        on
          ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
          : 'border-gray-300 bg-white text-ink hover:border-brand-600 hover:bg-brand-50'
      } disabled:cursor-default disabled:border-brand-100 disabled:bg-brand-100 disabled:text-brand-900`}
    >
      {/* A long name is shortened with an ellipsis; the button's title and name keep it whole. */}
      <span className="min-w-0 truncate">{name}</span>
      {multiplier && (
        <>
          <span aria-hidden className="tabular font-semibold">
            {multiplier}
          </span>
          <span className="sr-only">, {portions} portions</span>
        </>
      )}
    </button>
  );
}
