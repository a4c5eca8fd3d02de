import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ProcessingState } from '../model/processing-state';
import { stageText, useScanProgress } from './use-receipt-processing';

const PROCESSING_HEADLINE = 'Hold tight, Fairshare is doing the maths...';

/**
 * The processing screen's content (spec §2): the headline, a spinner, and how far the reading has
 * got, as a progress bar (the upload's percent, then an indeterminate bar while the server reads).
 */
export function ProcessingView({ state }: { state: ProcessingState }) {
  const progress = useScanProgress();
  const done = state.status === 'complete' || state.status === 'error';
  const percent = progress?.stage === 'uploading' ? progress.percent : null;

  let status = stageText(progress);
  if (state.status === 'complete') {
    const count = state.data.items.length;
    status =
      count === 0
        ? 'No items found. You can add them by hand next.'
        : `Found ${count} ${count === 1 ? 'item' : 'items'}. Opening your bill...`;
  } else if (state.status === 'error') {
    status = `${state.error} You can add items by hand next.`;
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-8 bg-surface px-6 text-center">
      <div className="grid size-28 place-items-center rounded-full bg-white shadow-sm">
        {state.status === 'complete' ? (
          <CircleCheck aria-hidden className="size-14 text-brand-700" />
        ) : state.status === 'error' ? (
          <CircleAlert aria-hidden className="size-14 text-amber-700" />
        ) : (
          <span
            aria-hidden
            className="size-16 animate-spin rounded-full border-[5px] border-brand-100 border-t-brand-700"
          />
        )}
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{PROCESSING_HEADLINE}</h1>
      <div className="w-full max-w-xs">
        <div
          role="progressbar"
          aria-label="Reading your receipt"
          aria-valuemin={0}
          aria-valuemax={100}
          {...(done
            ? { 'aria-valuenow': 100 }
            : percent !== null && { 'aria-valuenow': percent, 'aria-valuetext': status })}
          className="h-2 w-full overflow-hidden rounded-full bg-brand-100"
        >
          {done || percent !== null ? (
            <div
              className="h-full rounded-full bg-brand-700 transition-[width] duration-200"
              style={{ width: `${done ? 100 : Math.max(4, percent ?? 0)}%` }}
            />
          ) : (
            <div className="h-full w-1/3 animate-indeterminate rounded-full bg-brand-700" />
          )}
        </div>
        <p role="status" aria-live="polite" className="mt-3 min-h-12 text-muted">
          {status}
        </p>
      </div>
    </main>
  );
}
