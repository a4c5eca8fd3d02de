import { UserPlus, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { participantNameProblem, type EditorParticipant } from '../model/editor-state';

interface ParticipantChipsProps {
  participants: readonly EditorParticipant[];
  onAdd: (name: string) => void;
  onRemove: (participantId: string) => void;
  /** Offered when nobody is on the bill yet: reopens the friends dialog. */
  onAddFriends?: () => void;
}

/** Who is on the bill: a chip per person with a cross, and a field to add one more (spec §2). */
export function ParticipantChips({
  participants,
  onAdd,
  onRemove,
  onAddFriends,
}: ParticipantChipsProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const problem = participantNameProblem(participants, name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null) return;
    onAdd(name);
    setName('');
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        People
      </h2>
      {participants.length > 0 ? (
        <ul aria-label="People on this bill" className="mt-3 flex flex-wrap gap-2">
          {participants.map((participant) => (
            <li
              key={participant.id}
              className="inline-flex min-h-11 min-w-0 max-w-full items-center rounded-full bg-brand-100 pl-4 font-medium text-brand-900"
            >
              {/* A long name is shortened; its title, and the remove button's label, keep it whole. */}
              <span className="min-w-0 truncate" title={participant.name}>
                {participant.name}
              </span>
              <button
                type="button"
                aria-label={`Remove ${participant.name}`}
                onClick={() => {
                  onRemove(participant.id);
                  // The chip and its button are gone: keep focus somewhere useful.
                  input.current?.focus();
                }}
                className="grid size-11 shrink-0 place-items-center rounded-full text-brand-800 hover:bg-brand-200"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-dashed border-gray-300 p-3">
          <p className="text-muted">Nobody on this bill yet.</p>
          {onAddFriends && (
            <Button variant="secondary" onClick={onAddFriends}>
              <UserPlus aria-hidden className="size-5" />
              Add friends
            </Button>
          )}
        </div>
      )}
      <form onSubmit={submit} noValidate className="mt-3 flex gap-2">
        <label htmlFor={`${id}-name`} className="sr-only">
          Add a person
        </label>
        <input
          ref={input}
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Add a person"
          autoComplete="off"
          autoCapitalize="words"
          enterKeyHint="done"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={`min-h-11 min-w-0 flex-1 rounded-2xl border bg-white px-4 text-base placeholder:text-gray-500 ${problem ? 'border-danger' : 'border-gray-500'}`}
        />
        <Button type="submit" variant="secondary" disabled={problem !== null}>
          Add
        </Button>
      </form>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 px-1 text-sm text-danger">
          {problem}
        </p>
      )}
    </section>
  );
}
