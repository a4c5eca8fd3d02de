import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { keptManualItems, type ManualRow } from '../model/manual-entry';

export const MANUAL_ENTRY_TITLE = 'Manual Receipt Entry';

export interface ManualEntryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rows with both a name and a price, as 2-decimal pounds. */
  onAdd: (items: { name: string; amount: string }[]) => void;
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
  const kept = keptManualItems(rows);

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
          return (
            <li key={row.key}>
              <div role="group" aria-label={`Item ${index + 1}`} className="flex gap-2">
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
                    className="min-h-12 w-full rounded-2xl border border-gray-500 bg-white px-4 text-base placeholder:text-gray-500"
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
                    className="tabular min-h-12 w-full rounded-2xl border border-gray-500 bg-white pl-7 pr-3 text-base placeholder:text-gray-500"
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
        <Button type="submit" size="lg" disabled={kept.length === 0}>
          Add Items to Bill
        </Button>
      </div>
    </form>
  );
}
