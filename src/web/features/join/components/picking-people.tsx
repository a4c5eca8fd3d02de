import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import type { JoinBillResponse } from '../../../../contracts/join';
import { formatPence, type Pence } from '../../../../domain/money';
import type { PickingResult } from '../../../../domain/picking';

/**
 * Everyone on the bill with what they owe so far (worked out from the picks, mine as I tick them)
 * and whether they have paid, then what nobody has picked yet.
 */
export function PickingPeople({
  data,
  result,
  me,
}: {
  data: JoinBillResponse;
  result: PickingResult;
  me: string | null;
}) {
  const id = useId();
  const shares = new Map(result.shares.map((s) => [s.participantId, s]));
  const total = (pence: Pence) => formatPence(pence);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Everyone so far
      </h2>
      <ul className="mt-3 flex flex-col divide-y divide-line">
        {data.participants.map((p) => {
          const share = shares.get(p.id);
          const owes = share ? share.amountPence + share.feePence : 0;
          return (
            <li key={p.id} className="flex min-h-11 items-center justify-between gap-3 py-2">
              <span className="min-w-0 break-words font-medium">
                {p.firstName}
                {p.id === me && <span className="text-muted"> (you)</span>}
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <span className="tabular">{total(owes)}</span>
                {p.paid ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                    <CircleCheck aria-hidden className="size-3.5" />
                    Paid
                  </span>
                ) : p.state === 'held' ? (
                  <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                    Paying
                  </span>
                ) : !p.joined && !p.isCreator ? (
                  <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-700">
                    Not here yet
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <div
        className="mt-3 rounded-2xl bg-surface px-3 py-2"
        data-testid="not-picked"
        aria-live="polite"
      >
        <p className="flex justify-between gap-3 font-semibold">
          <span>Not picked yet</span>
          <span className="tabular">{formatPence(result.notPicked.amountPence)}</span>
        </p>
        {result.notPicked.items.length > 0 && (
          <p className="mt-0.5 text-sm text-muted">
            {result.notPicked.items.map((i) => i.name).join(', ')}
          </p>
        )}
      </div>
    </section>
  );
}
