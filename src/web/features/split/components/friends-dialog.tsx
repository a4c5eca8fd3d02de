import { Plus, UserRound, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  canContinueFriends,
  keptFriendNames,
  normaliseName,
  validateFriendName,
} from '../../../../domain/people';
import { BILL_LIMITS } from '../../../../domain/bill-rules';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { saveParticipantNames } from '../../../entities/bill/draft/draft-bill';
import { displayFirstName, useCurrentUser } from '../../../lib/use-current-user';

/** Spec §9: the dialog starts with, and never drops below, two friend fields. */
const MIN_FRIEND_FIELDS = 2;
const REMOVE_PARTICIPANT_QUESTION = 'Are you sure you want to remove this participant?';
const DUPLICATE_NAME_MESSAGE = 'This name is already on the list';

interface FriendsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Called with the confirmed names, the current user first, after they are stored in session
   * storage. The spec's next step is /receipt-flow; the caller decides where to go.
   */
  onContinue: (names: string[]) => void;
  /** Shown above the names, e.g. how the reading of the receipt is going meanwhile. */
  banner?: ReactNode;
}

/** 'Add Friends to Split With' (spec §2): who shares the bill, named, no accounts needed. */
export function FriendsDialog({ open, onOpenChange, onContinue, banner }: FriendsDialogProps) {
  const { user } = useCurrentUser();
  const me = displayFirstName(user);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Friends to Split With"
      description="Just names: friends don't need an account."
    >
      {banner && <div className="pt-2">{banner}</div>}
      {/* Mounted only while open, so every opening starts from two empty fields. */}
      <FriendsForm me={me} onContinue={onContinue} />
    </Dialog>
  );
}

interface Field {
  key: number;
  name: string;
}

function FriendsForm({ me, onContinue }: { me: string; onContinue: (names: string[]) => void }) {
  const baseId = useId();
  const nextKey = useRef(MIN_FRIEND_FIELDS);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [fields, setFields] = useState<Field[]>(() =>
    Array.from({ length: MIN_FRIEND_FIELDS }, (_, key) => ({ key, name: '' })),
  );
  const [confirming, setConfirming] = useState<Field | null>(null);

  const names = fields.map((field) => field.name);
  const canContinue = canContinueFriends(names, me);

  const setName = (key: number, name: string) =>
    setFields((current) =>
      current.map((field) => (field.key === key ? { ...field, name } : field)),
    );

  const addField = () => {
    const key = nextKey.current++;
    setFields((current) => [...current, { key, name: '' }]);
    // Focus once the new field exists.
    requestAnimationFrame(() => inputs.current.get(key)?.focus());
  };

  // Removing drops the row, except that two rows always remain: then the field is emptied.
  const remove = (key: number) => {
    setFields((current) =>
      current.length > MIN_FRIEND_FIELDS
        ? current.filter((field) => field.key !== key)
        : current.map((field) => (field.key === key ? { ...field, name: '' } : field)),
    );
  };

  const askToRemove = (field: Field) => {
    if (field.name.trim() === '') remove(field.key);
    else setConfirming(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canContinue) return;
    const confirmed = [me, ...keptFriendNames(names)];
    saveParticipantNames(confirmed);
    onContinue(confirmed);
  };

  // A later field repeating an earlier name, or the user's own, is the one marked as a duplicate.
  const seen = new Set([normaliseName(me)]);
  const problems = fields.map((field) => {
    const invalid = validateFriendName(field.name);
    if (invalid) return invalid;
    const trimmed = field.name.trim();
    if (trimmed === '') return null;
    const key = normaliseName(trimmed);
    if (seen.has(key)) return DUPLICATE_NAME_MESSAGE;
    seen.add(key);
    return null;
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 pt-2">
      <ul className="flex flex-col gap-3" aria-label="People on this bill">
        <li className="flex min-h-12 items-center gap-3 rounded-2xl bg-brand-50 px-4">
          <span className="grid size-8 place-items-center rounded-full bg-brand-700 text-white">
            <UserRound aria-hidden className="size-4" />
          </span>
          <span
            className="min-w-0 truncate font-semibold"
            title={me}
            data-testid="current-user-participant"
          >
            {me}
          </span>
          <span className="ml-auto shrink-0 text-sm text-brand-800">Included</span>
        </li>
        {fields.map((field, index) => {
          const inputId = `${baseId}-friend-${field.key}`;
          const problemId = `${inputId}-problem`;
          const problem = problems[index];
          const removable = field.name !== '' || fields.length > MIN_FRIEND_FIELDS;
          const label = `Friend ${index + 1}`;
          return (
            <li key={field.key}>
              <label htmlFor={inputId} className="sr-only">
                {label}
              </label>
              <div className="flex items-center gap-2">
                <input
                  id={inputId}
                  ref={(node) => {
                    if (node) inputs.current.set(field.key, node);
                    else inputs.current.delete(field.key);
                  }}
                  value={field.name}
                  onChange={(event) => {
                    // Emptying a name by deleting its text removes that friend as x does: it asks
                    // first, and the name stays until the answer (capture-split-history.md §3).
                    const value = event.target.value;
                    if (value.trim() === '' && field.name.trim() !== '') setConfirming(field);
                    else setName(field.key, value);
                  }}
                  placeholder={`${label}'s name`}
                  autoComplete="off"
                  autoCapitalize="words"
                  enterKeyHint="done"
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? problemId : undefined}
                  className={`min-h-12 w-full min-w-0 flex-1 rounded-2xl border bg-white px-4 text-base placeholder:text-gray-500 ${problem ? 'border-danger' : 'border-gray-500'}`}
                />
                {removable && (
                  <button
                    type="button"
                    onClick={() => askToRemove(field)}
                    aria-label={
                      field.name.trim() ? `Remove ${field.name.trim()}` : `Remove ${label}`
                    }
                    className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-surface hover:text-ink"
                  >
                    <X aria-hidden className="size-5" />
                  </button>
                )}
              </div>
              {problem && (
                <p id={problemId} className="mt-1 px-1 text-sm text-danger">
                  {problem}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <Button
        variant="ghost"
        onClick={addField}
        className="self-start"
        // The user and their friends: at most the bill rules' number of people.
        disabled={fields.length + 1 >= BILL_LIMITS.maxPeople}
      >
        <Plus aria-hidden className="size-5" />
        Add More
      </Button>
      {/* Pinned to the bottom of the sheet, at thumb height, however many friends are listed. */}
      <div className="sticky bottom-0 -mx-5 -mb-4 bg-white px-5 pb-[max(1rem,env(safe-area-inset-bottom))] pt-2">
        <Button type="submit" size="lg" block disabled={!canContinue}>
          Continue
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => !isOpen && setConfirming(null)}
        title={REMOVE_PARTICIPANT_QUESTION}
        description={
          confirming ? `${confirming.name.trim()} will be taken off this bill.` : undefined
        }
        confirmLabel="Remove"
        tone="danger"
        onConfirm={() => {
          if (confirming) remove(confirming.key);
          setConfirming(null);
        }}
      />
    </form>
  );
}
