import { Check, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { personNameProblem } from '../../../../domain/bill-rules';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';

export interface NameChoice {
  /** A name the creator typed that nobody has taken yet: join as that person. */
  participantId?: string;
  /** A name of one's own: join as a new person. */
  name: string;
}

/**
 * Who are you? The names the creator typed that nobody has taken yet, as large buttons, and a field
 * for a name of one's own, checked at the field with the names rule the server applies.
 */
export function NameChooser({
  freeNames,
  takenNames,
  busy,
  error,
  onJoin,
}: {
  freeNames: readonly { id: string; name: string }[];
  /** Names already in use on the bill (shown so a friend sees who is here already). */
  takenNames: readonly string[];
  busy: boolean;
  /** The server's refusal of the last try, if any. */
  error: string | null;
  onJoin: (choice: NameChoice) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [own, setOwn] = useState('');
  const [touched, setTouched] = useState(false);
  const ownProblem = own.trim() === '' && !touched ? null : personNameProblem(own);
  const sameAsTaken =
    own.trim() !== '' &&
    [...takenNames, ...freeNames.map((f) => f.name)].some(
      (n) => n.trim().toLowerCase() === own.trim().toLowerCase(),
    );
  const typing = own.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (typing) {
      setTouched(true);
      if (personNameProblem(own) || sameAsTaken) return;
      onJoin({ name: own.trim() });
      return;
    }
    const person = freeNames.find((f) => f.id === chosen);
    if (person) onJoin({ participantId: person.id, name: person.name });
  };

  const canJoin = typing ? !personNameProblem(own) && !sameAsTaken : chosen !== null;
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          Who are you?
        </h2>
        <p className="mt-1 text-muted">Choose your name, then tick what you had.</p>
      </div>

      {freeNames.length > 0 && (
        <div>
          <p id={`${id}-names`} className="mb-2 text-sm font-semibold">
            Names on this bill
          </p>
          <div role="radiogroup" aria-labelledby={`${id}-names`} className="flex flex-col gap-2">
            {freeNames.map((person) => {
              const on = chosen === person.id && !typing;
              return (
                <button
                  key={person.id}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  onClick={() => {
                    setChosen(person.id);
                    setOwn('');
                    setTouched(false);
                  }}
                  className={`flex min-h-13 items-center justify-between gap-3 rounded-2xl border px-4 text-left text-lg font-semibold ${on ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-line bg-white'}`}
                >
                  <span className="min-w-0 break-words">{person.name}</span>
                  {on && <Check aria-hidden className="size-5 shrink-0 text-brand-700" />}
                </button>
              );
            })}
          </div>
        </div>
      )}

      <TextField
        label={freeNames.length > 0 ? 'Not on the list? Add your name' : 'Your name'}
        value={own}
        autoComplete="given-name"
        autoCapitalize="words"
        enterKeyHint="go"
        onChange={(event) => {
          setOwn(event.target.value);
          if (event.target.value.trim() !== '') setChosen(null);
        }}
        onBlur={() => setTouched(own.trim() !== '')}
        error={
          ownProblem ??
          (sameAsTaken
            ? 'That name is already on this bill: choose it above, or add another'
            : undefined)
        }
      />

      {takenNames.length > 0 && (
        <p className="text-sm text-muted">Already here: {takenNames.join(', ')}</p>
      )}

      {error && (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 font-medium text-danger">
          {error}
        </p>
      )}

      <Button type="submit" size="lg" block disabled={!canJoin || busy} aria-busy={busy}>
        {busy ? (
          <>
            <Spinner size="small" label="Joining the bill" />
            Joining…
          </>
        ) : (
          <>
            <UserPlus aria-hidden className="size-5" />
            Join the bill
          </>
        )}
      </Button>
    </form>
  );
}
