import { CircleAlert, Lock, SearchX } from 'lucide-react';
import { BackButton } from '../../../components/ui/back-button';
import { Button } from '../../../components/ui/button';

interface StateProps {
  backLabel: string;
  onBack: () => void;
}

function Frame({ backLabel, onBack, children }: StateProps & { children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface px-4 pt-4">
      <BackButton label={backLabel} onClick={onBack} />
      {children}
    </main>
  );
}

/** Spec §2 / §8: 'Bill not found' on screen, with the reason and the way back. */
export function BillNotFound({ message, ...props }: StateProps & { message: string }) {
  return (
    <Frame {...props}>
      <div className="mt-10 flex flex-col items-center rounded-3xl bg-white px-6 py-10 text-center shadow-sm">
        <SearchX aria-hidden className="size-10 text-gray-500" />
        <h1 className="mt-3 text-2xl font-bold">Bill not found</h1>
        <p className="mt-1 text-muted">{message}</p>
        <Button className="mt-6" onClick={props.onBack}>
          {props.backLabel}
        </Button>
      </div>
    </Frame>
  );
}

/** A bill that can no longer be changed (it has payment links), opened in the editor. */
export function BillLocked({ message, ...props }: StateProps & { message: string }) {
  return (
    <Frame {...props}>
      <div className="mt-10 flex flex-col items-center rounded-3xl bg-white px-6 py-10 text-center shadow-sm">
        <Lock aria-hidden className="size-10 text-gray-500" />
        <h1 className="mt-3 text-2xl font-bold">This bill can no longer change</h1>
        <p className="mt-1 text-muted">{message}</p>
        <Button className="mt-6" onClick={props.onBack}>
          {props.backLabel}
        </Button>
      </div>
    </Frame>
  );
}

/** A load that failed for another reason (a 5xx, the network): say so and offer a retry. */
export function BillLoadError({
  message,
  onRetry,
  ...props
}: StateProps & { message: string; onRetry: () => void }) {
  return (
    <Frame {...props}>
      <div
        role="alert"
        className="mt-10 flex flex-col items-center rounded-3xl border border-red-200 bg-white px-6 py-10 text-center"
      >
        <CircleAlert aria-hidden className="size-10 text-danger" />
        <h1 className="mt-3 text-xl font-bold">{message}</h1>
        <p className="mt-1 text-muted">Check your connection, then try again.</p>
        <Button className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Frame>
  );
}

/** Placeholders in the shape of the detail while it loads. */
export function BillDetailSkeleton(props: StateProps) {
  return (
    <Frame {...props}>
      <div role="status" aria-label="Loading bill" className="mt-2 flex flex-col gap-4">
        <div className="h-7 w-1/2 animate-pulse rounded bg-gray-200" />
        <div className="h-32 animate-pulse rounded-3xl bg-gray-200" />
        {[0, 1].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-3xl bg-white shadow-sm" />
        ))}
      </div>
    </Frame>
  );
}
