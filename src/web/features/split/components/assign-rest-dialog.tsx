import { Dialog } from '../../../components/ui/dialog';
import type { EditorParticipant } from '../model/editor-state';

/** 'Assign the rest to…': the items nobody has yet, all to the person chosen here. */
export function AssignRestDialog({
  open,
  onOpenChange,
  participants,
  left,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  participants: readonly EditorParticipant[];
  /** How many items nobody has yet. */
  left: number;
  onChoose: (participantId: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Assign the rest to…"
      description={`The ${left === 1 ? 'item' : `${left} items`} nobody has yet will be theirs.`}
    >
      <ul aria-label="People on this bill" className="flex flex-col gap-2 pt-3">
        {participants.map((participant) => (
          <li key={participant.id}>
            <button
              type="button"
              onClick={() => onChoose(participant.id)}
              className="flex min-h-12 w-full items-center rounded-2xl border border-gray-300 bg-white px-4 text-left text-lg font-semibold hover:border-brand-600 hover:bg-brand-50"
            >
              <span className="min-w-0 truncate">{participant.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
