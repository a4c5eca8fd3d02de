import { useId } from 'react';
import { formatPence, type Pence } from '../../../../domain/money';
import type { ShareLine } from '../../../../domain/shares';

/** '×1.5' beside an item line with portions other than one. */
const portionsDetail = (portions: number | null) =>
  portions === null || portions === 1 ? undefined : `×${portions}`;

/**
 * What I owe so far, line by line (items, service, tip, tax, fee) to the penny, as the domain's
 * pickingShares works it out from everyone's picks: the same function the server prices with.
 */
export function MyShare({
  lines,
  amountPence,
  feePence,
}: {
  lines: readonly ShareLine[];
  amountPence: Pence;
  feePence: Pence;
}) {
  const id = useId();
  const share = lines.filter((l) => l.kind !== 'fee');
  const fee = lines.filter((l) => l.kind === 'fee');
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Your share
      </h2>
      {share.length === 0 ? (
        <p className="mt-2 text-muted">Tick what you had and your share shows here.</p>
      ) : (
        <dl className="tabular mt-3 flex flex-col gap-2" aria-live="polite">
          {share.map((line, i) => (
            <Line
              key={`s${i}`}
              label={line.name}
              detail={line.kind === 'item' ? portionsDetail(line.portions) : undefined}
              amount={formatPence(line.amountPence)}
            />
          ))}
          {fee.map((line, i) => (
            <Line
              key={`f${i}`}
              label={line.name}
              amount={formatPence(line.amountPence)}
              className={i === 0 ? 'border-t border-dashed border-line pt-2' : ''}
            />
          ))}
          <Line label="Total to pay" amount={formatPence(amountPence + feePence)} strong />
        </dl>
      )}
      {fee.length > 0 && (
        <p className="mt-3 text-sm text-muted">
          The processing fee is 3% of the bill, shared equally by everyone who picks something.
        </p>
      )}
    </section>
  );
}

function Line({
  label,
  detail,
  amount,
  strong = false,
  className = '',
}: {
  label: string;
  detail?: string | undefined;
  amount: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-3 text-lg font-bold' : ''} ${className}`}
    >
      <dt className={`min-w-0 break-words ${strong ? '' : 'text-muted'}`}>
        <span>{label}</span>
        {detail && <span className="ml-1 text-xs font-semibold text-brand-800">{detail}</span>}
      </dt>
      <dd className="shrink-0">{amount}</dd>
    </div>
  );
}
