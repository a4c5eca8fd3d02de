import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import type { EditorParticipant } from '../model/editor-state';

/**
 * While items are being selected, in the Split bar's place at thumb height: how many are selected,
 * and a button per person that gives them all the selected items at once.
 */
export function SelectionBar({
  selected,
  participants,
  onAssign,
  onCancel,
  footerClassName,
}: {
  selected: number;
  participants: readonly EditorParticipant[];
  onAssign: (participantId: string) => void;
  onCancel: () => void;
  footerClassName: string;
}) {
  const id = useId();
  return (
    <div
      role="region"
      aria-labelledby={`${id}-label`}
      className={`sticky bottom-0 z-10 mt-6 border-t border-line bg-white/95 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur ${footerClassName}`}
    >
      <div className="flex items-center justify-between gap-3">
        <p id={`${id}-label`} className="font-semibold" aria-live="polite">
          {selected === 0
            ? 'Select the items one person had'
            : `${selected} ${selected === 1 ? 'item' : 'items'} selected: give to`}
        </p>
        <Button variant="ghost" size="md" onClick={onCancel} className="-mr-2">
          Cancel
        </Button>
      </div>
      <div
        role="group"
        aria-label="Give the selected items to"
        className="mt-2 flex max-h-32 flex-wrap gap-2 overflow-y-auto"
      >
        {participants.map((participant) => (
          <button
            key={participant.id}
            type="button"
            disabled={selected === 0}
            onClick={() => onAssign(participant.id)}
            title={participant.name}
            className="inline-flex min-h-11 min-w-11 max-w-full items-center justify-center rounded-full border border-brand-700 bg-brand-700 px-4 text-base font-medium text-white hover:bg-brand-800 disabled:border-gray-300 disabled:bg-white disabled:text-gray-600"
          >
            <span className="min-w-0 truncate">{participant.name}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
