import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import {
  keptManualItems,
  manualRowProblems,
  NAME_MISSING_MESSAGE,
  PRICE_MISSING_MESSAGE,
  type ManualItem,
  type ManualRow,
} from '../model/manual-entry';

const MANUAL_ENTRY_TITLE = 'Manual Receipt Entry';

interface ManualEntryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Every filled row, read exactly: its name trimmed and its price in pence. */
  onAdd: (items: ManualItem[]) => void;
}

/** 'Manual Receipt Entry' (spec §2): type the receipt's lines when it could not be read. */
export function ManualEntryDialog({ open, onOpenChange, onAdd }: ManualEntryDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={MANUAL_ENTRY_TITLE}
      description="Type each item and its price as printed on the receipt."
    >
      {/* Mounted only while open: every opening starts from one empty row. */}
      <ManualEntryForm onCancel={() => onOpenChange(false)} onAdd={onAdd} />
    </Dialog>
  );
}

function ManualEntryForm({
  onCancel,
  onAdd,
}: {
  onCancel: () => void;
  onAdd: ManualEntryDialogProps['onAdd'];
}) {
  const baseId = useId();
  const nextKey = useRef(1);
  const names = useRef(new Map<number, HTMLInputElement>());
  const [rows, setRows] = useState<ManualRow[]>([{ key: 0, name: '', price: '' }]);
  // A missing name or price is said once the row is left (or Add is pressed), not while the
  // first of its two fields is being typed; a price that cannot be read is said at once.
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const kept = keptManualItems(rows);
  const shownProblems = rows.map((row) => {
    const problems = manualRowProblems(row);
    const show = (message: string | null) =>
      message === NAME_MISSING_MESSAGE || message === PRICE_MISSING_MESSAGE
        ? submitted || left.has(row.key)
          ? message
          : null
        : message;
    return { name: show(problems.name), price: show(problems.price) };
  });
  const anyShown = shownProblems.some((p) => p.name || p.price);
  const anyFilled = rows.some((row) => row.name.trim() !== '' || row.price.trim() !== '');

  const update = (key: number, change: Partial<ManualRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const addRow = () => {
    const key = nextKey.current++;
    setRows((current) => [...current, { key, name: '', price: '' }]);
    requestAnimationFrame(() => names.current.get(key)?.focus());
  };

  const removeRow = (index: number) => {
    const remaining = rows.filter((_, i) => i !== index);
    setRows(remaining);
    // Focus the row that took its place, or the one before.
    const next = remaining[Math.min(index, remaining.length - 1)];
    if (next) requestAnimationFrame(() => names.current.get(next.key)?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kept === null) {
      // Nothing is added while a row cannot be read: say what is wrong, at the first such field.
      setSubmitted(true);
      const first = rows.find((row) => {
        const p = manualRowProblems(row);
        return p.name || p.price;
      });
      if (first) requestAnimationFrame(() => names.current.get(first.key)?.focus());
      return;
    }
    if (kept.length === 0) return;
    onAdd(kept);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 pt-2">
      <ul className="flex flex-col gap-3" aria-label="Receipt items">
        {rows.map((row, index) => {
          const nameId = `${baseId}-name-${row.key}`;
          const priceId = `${baseId}-price-${row.key}`;
          const label = row.name.trim() || `Item ${index + 1}`;
          const problems = shownProblems[index]!;
          return (
            <li
              key={row.key}
              onBlur={(event) => {
                // Focus left the row (not just moved from its name to its price).
                if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                  setLeft((current) => new Set(current).add(row.key));
              }}
            >
              <div
                role="group"
                aria-label={`Item ${index + 1}`}
                data-invalid={problems.name || problems.price ? true : undefined}
                className="flex gap-2"
              >
                <div className="min-w-0 flex-1">
                  <label htmlFor={nameId} className="sr-only">
                    Item name
                  </label>
                  <input
                    id={nameId}
                    ref={(node) => {
                      if (node) names.current.set(row.key, node);
                      else names.current.delete(row.key);
                    }}
                    value={row.name}
                    onChange={(e) => update(row.key, { name: e.target.value })}
                    placeholder="Item name"
                    autoComplete="off"
                    autoCapitalize="sentences"
                    enterKeyHint="next"
                    aria-invalid={problems.name ? true : undefined}
                    aria-describedby={problems.name ? `${nameId}-problem` : undefined}
                    className={`min-h-12 w-full rounded-2xl border bg-white px-4 text-base placeholder:text-gray-500 ${problems.name ? 'border-danger' : 'border-gray-500'}`}
                  />
                </div>
                <div className="relative w-28 shrink-0">
                  <label htmlFor={priceId} className="sr-only">
                    Price in pounds
                  </label>
                  <span
                    aria-hidden
                    className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold text-muted"
                  >
                    £
                  </span>
                  <input
                    id={priceId}
                    value={row.price}
                    onChange={(e) => update(row.key, { price: e.target.value })}
                    placeholder="0.00"
                    inputMode="decimal"
                    autoComplete="off"
                    enterKeyHint="done"
                    aria-invalid={problems.price ? true : undefined}
                    aria-describedby={problems.price ? `${priceId}-problem` : undefined}
                    className={`tabular min-h-12 w-full rounded-2xl border bg-white pl-7 pr-3 text-base placeholder:text-gray-500 ${problems.price ? 'border-danger' : 'border-gray-500'}`}
                  />
                </div>
                <button
                  type="button"
                  onClick={() => removeRow(index)}
                  disabled={rows.length === 1}
                  aria-label={`Delete ${label}`}
                  className="grid size-12 shrink-0 place-items-center rounded-full text-muted hover:bg-red-50 hover:text-danger disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent"
                >
                  <Trash2 aria-hidden className="size-5" />
                </button>
              </div>
              {problems.name && (
                <p id={`${nameId}-problem`} className="mt-1 px-1 text-sm text-danger">
                  {problems.name}
                </p>
              )}
              {problems.price && (
                <p id={`${priceId}-problem`} className="mt-1 px-1 text-sm text-danger">
                  {problems.price}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" onClick={addRow} className="self-start">
        <Plus aria-hidden className="size-5" />
        Add Another Item
      </Button>
      <div className="sticky bottom-0 -mx-5 -mb-4 grid grid-cols-[auto_1fr] gap-3 bg-white px-5 pb-[max(1rem,env(safe-area-inset-bottom))] pt-2">
        <Button variant="secondary" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={!anyFilled || anyShown}>
          Add Items to Bill
        </Button>
      </div>
    </form>
  );
}
