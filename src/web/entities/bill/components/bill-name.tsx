import { Pencil } from 'lucide-react';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { renameBillBodySchema } from '../../../../contracts/bills';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** Why a bill name would be refused, by the same rule the server's PATCH /api/bills/:id keeps. */
export function billNameProblem(name: string): string | null {
  const parsed = renameBillBodySchema.shape.name.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a bill name');
}

export interface BillNameProps {
  name: string;
  /**
   * Keeps the new name (already checked and trimmed): in the draft for the editor and the summary,
   * on the server for a saved bill. A rejection's message is shown at the field.
   */
  onRename: (name: string) => Promise<void> | void;
  /** The element that shows the name: the screen's title (h1), or a line under it. */
  as?: 'h1' | 'p';
  textClassName?: string;
  testId?: string;
}

/**
 * A bill's name with a Rename button beside it; the button turns the name into a small form
 * (Enter saves, Escape or Cancel leaves it as it was) and focus comes back to the button after.
 * Long names wrap, so nothing scrolls sideways.
 */
export function BillName({ name, onRename, as = 'h1', textClassName, testId }: BillNameProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Set when the form closes: the button takes focus once it is back on the page.
  const refocus = useRef(false);
  const Text = as;

  // In the commit that brings the button back, not at the next frame: after an awaited save the
  // closing render is scheduled as a task, and a frame can come first, when there is no button yet
  // to focus (focus was then lost on the page).
  useLayoutEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [editing]);

  const open = () => {
    setValue(name);
    setError(null);
    setEditing(true);
  };
  const close = () => {
    refocus.current = true;
    setEditing(false);
    setSaving(false);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const problem = billNameProblem(value);
    if (problem) {
      setError(problem);
      return;
    }
    const next = value.trim();
    if (next === name) {
      close();
      return;
    }
    setSaving(true);
    try {
      await onRename(next);
      close();
    } catch (err) {
      setSaving(false);
      setError(err instanceof Error && err.message ? err.message : 'The name was not saved');
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Escape') return;
    // Escape closes the rename form only, not a dialog around it.
    e.stopPropagation();
    e.preventDefault();
    close();
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 items-start gap-1" data-testid={testId}>
        <Text className={`min-w-0 break-words [overflow-wrap:anywhere] ${textClassName ?? ''}`}>
          {name}
        </Text>
        <button
          ref={button}
          type="button"
          onClick={open}
          aria-label="Rename bill"
          title="Rename bill"
          className="-my-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Pencil aria-hidden className="size-4" />
        </button>
      </div>
    );
  }

  const errorId = `${id}-error`;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Rename bill"
      className="flex w-full min-w-0 flex-col gap-2"
      data-testid={testId}
    >
      {/* The screen keeps its title (its h1) while the name is being edited. */}
      <Text className="sr-only">{name}</Text>
      <label htmlFor={`${id}-input`} className="text-sm font-semibold">
        Bill name
      </label>
      <input
        id={`${id}-input`}
        // The form opens because the person asked for it: the field takes focus at once.
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        enterKeyHint="done"
        autoComplete="off"
        className={`block min-h-12 w-full min-w-0 rounded-xl border bg-white px-4 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-200 ${error ? 'border-danger' : 'border-gray-300'}`}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving && <Spinner size="small" label="Saving the name" />}
          Save name
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={close} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
