import type { ReactNode } from 'react';

const tones = {
  /** paid, completed */
  done: 'bg-brand-100 text-brand-900',
  /** pending, active */
  waiting: 'bg-amber-100 text-amber-900',
  /** an expired link */
  expired: 'bg-red-100 text-red-900',
  /** a payment disputed with the payer's bank */
  disputed: 'bg-red-100 text-red-900',
};

export type BadgeTone = keyof typeof tones;

/** A small rounded label: Paid / Pending / Disputed / Expired, Completed / Active. */
export function StatusBadge({
  tone,
  children,
  testId,
}: {
  tone: BadgeTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
