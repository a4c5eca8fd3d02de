import { useId } from 'react';
import { formatPence } from '../../../../domain/money';
import { BILL_TOO_LARGE_MESSAGE, type BillTotals } from '../../../../domain/split';

/**
 * The running totals, and what the bill rules say of the bill as a whole (too large, a total or a
 * share below zero). No totals when the typed amounts add up beyond what pence can hold.
 */
export function TotalsSection({
  totals,
  amountsError,
}: {
  totals: BillTotals | null;
  amountsError: string | null;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-totals`} className="rounded-3xl bg-white p-4 shadow-sm">
      <h2 id={`${id}-totals`} className="sr-only">
        Totals
      </h2>
      {totals ? (
        <dl className="tabular flex flex-col gap-2">
          <TotalLine label="Subtotal" amount={formatPence(totals.subtotal)} />
          <TotalLine label="Service Charge" amount={formatPence(totals.serviceCharge)} />
          <TotalLine label="Tip" amount={formatPence(totals.tip)} />
          {totals.tax !== 0 && <TotalLine label="Tax" amount={formatPence(totals.tax)} />}
          <TotalLine label="Total" amount={formatPence(totals.total)} strong />
        </dl>
      ) : (
        <p className="text-danger">{amountsError ?? BILL_TOO_LARGE_MESSAGE}</p>
      )}
      {totals && amountsError && (
        <p role="alert" className="mt-3 text-danger">
          {amountsError}
        </p>
      )}
    </section>
  );
}

function TotalLine({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-2 text-xl font-bold' : 'text-muted'}`}
    >
      <dt>{label}</dt>
      <dd className="text-ink">{amount}</dd>
    </div>
  );
}
