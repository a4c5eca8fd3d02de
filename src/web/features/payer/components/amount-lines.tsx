import type { ReactNode } from 'react';

// Amount lines as bill-breakdown.tsx draws them: a label (with an optional note such as '×2') on
// the left, the amount on the right, in tabular figures so the pennies line up.

export function AmountLine({
  label,
  detail,
  amount,
  strong = false,
  muted = true,
  className = '',
}: {
  label: ReactNode;
  detail?: string | undefined;
  amount: string;
  strong?: boolean;
  muted?: boolean;
  /** e.g. a rule above the first line of a group; lines stay flat so each row is one dt and dd. */
  className?: string;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-3 text-lg font-bold' : ''} ${className}`}
    >
      <dt className={`min-w-0 break-words ${strong || !muted ? '' : 'text-muted'}`}>
        <span>{label}</span>
        {detail && <span className="ml-1 text-xs font-semibold text-brand-800">{detail}</span>}
      </dt>
      <dd className="shrink-0 tabular">{amount}</dd>
    </div>
  );
}

export function AmountList({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return <dl className={`tabular flex flex-col gap-2 ${className}`}>{children}</dl>;
}
