import { CircleAlert, CloudOff, ReceiptPoundSterling } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The empty state of a bill list (spec §2 Home, History). */
export function NoBills({ hint }: { hint?: string }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
      <ReceiptPoundSterling aria-hidden className="size-10 text-gray-500" />
      <p className="mt-3 font-semibold">No bills yet</p>
      {hint && <p className="text-muted">{hint}</p>}
    </div>
  );
}

/** A list that failed to load: what happened and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-3xl border border-red-200 bg-white px-6 py-8 text-center"
    >
      <CircleAlert aria-hidden className="size-8 text-danger" />
      <p className="mt-2 font-semibold">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A list that waits for the connection to come back (offline, nothing to show yet). */
export function WaitingForConnection() {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
      <CloudOff aria-hidden className="size-10 text-gray-500" />
      <p className="mt-3 font-semibold">Your bills show when you&apos;re back online</p>
    </div>
  );
}
