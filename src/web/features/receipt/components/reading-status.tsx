import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import type { ProcessingState } from '../model/processing-state';
import { stageText, useScanProgress } from './use-receipt-processing';

/**
 * One line saying how the reading is going, for screens and dialogs shown while it runs. A polite
 * live region, so a screen reader hears the stages without losing its place.
 */
export function ReadingStatus({ state }: { state: ProcessingState }) {
  const progress = useScanProgress();
  let icon = <LoaderCircle aria-hidden className="size-5 shrink-0 animate-spin" />;
  let text = stageText(progress);
  let tone = 'bg-brand-50 text-brand-900';
  if (state.status === 'complete') {
    const count = state.data.items.length;
    icon = <CircleCheck aria-hidden className="size-5 shrink-0" />;
    text =
      count === 0
        ? 'Receipt read: no items found, you can add them next'
        : `Receipt read: ${count} ${count === 1 ? 'item' : 'items'} found`;
  } else if (state.status === 'error') {
    icon = <CircleAlert aria-hidden className="size-5 shrink-0" />;
    text = "We couldn't read the receipt: you can add items by hand next";
    tone = 'bg-amber-50 text-amber-900';
  } else if (state.status === 'idle') {
    return null;
  }
  return (
    <p
      role="status"
      aria-live="polite"
      className={`flex min-h-11 items-center gap-3 rounded-2xl px-4 py-2 text-sm font-medium ${tone}`}
    >
      {icon}
      <span>{text}</span>
    </p>
  );
}
