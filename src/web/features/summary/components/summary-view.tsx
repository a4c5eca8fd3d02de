import { ArrowLeft, Share2 } from 'lucide-react';
import { useId } from 'react';
import { formatMoney } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { SummaryData, SummaryParticipantAmount } from '../../../lib/summary-data';

export const FEE_LINE_LABEL = 'Payment processing fee (3%)';
export const TOTAL_WITH_FEES_LABEL = 'Total (inc. fees)';

export interface SummaryViewProps {
  summary: SummaryData;
  onBack: () => void;
  onGetPaid: () => void;
  onShare: () => void;
  onDone: () => void;
  /** While the bill is being saved: Done is disabled so it cannot be sent twice. */
  saving?: boolean;
}

/**
 * Who owes what (spec §2 Summary): a card per person with their items, the bill's totals, the card
 * fee for information, and the three actions. Amounts are the stored pence of the split, formatted
 * with the domain's formatMoney, which shows £0.00 for anything that is not a number.
 */
export function SummaryView({
  summary,
  onBack,
  onGetPaid,
  onShare,
  onDone,
  saving = false,
}: SummaryViewProps) {
  const id = useId();
  const people = summary.participantAmounts;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface">
      <div className="flex flex-col gap-6 px-4 pb-6 pt-4">
        <header className="flex items-center gap-2">
          <button
            type="button"
            onClick={onBack}
            aria-label="Back to home"
            className="-ml-2 grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white"
          >
            <ArrowLeft aria-hidden className="size-6" />
          </button>
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted">Summary</p>
            <h1 className="truncate text-2xl font-bold tracking-tight">{summary.billName}</h1>
          </div>
        </header>

        <section
          aria-label="Bill total"
          className="rounded-3xl bg-brand-700 px-5 py-6 text-white shadow-md"
        >
          <p className="text-brand-100">Bill total</p>
          <p className="tabular mt-1 text-4xl font-bold tracking-tight">
            {formatMoney(summary.total)}
          </p>
          <p className="mt-2 text-brand-100">
            Split between {people.length} {people.length === 1 ? 'person' : 'people'}
          </p>
        </section>

        <section aria-labelledby={`${id}-people`}>
          <h2 id={`${id}-people`} className="text-lg font-bold">
            Who owes what
          </h2>
          <ul className="mt-3 flex flex-col gap-3">
            {people.map((person) => (
              <PersonCard key={person.id} person={person} />
            ))}
          </ul>
        </section>

        <section aria-labelledby={`${id}-totals`} className="rounded-3xl bg-white p-4 shadow-sm">
          <h2 id={`${id}-totals`} className="sr-only">
            Totals
          </h2>
          <dl className="tabular flex flex-col gap-2">
            <Line label="Subtotal" amount={formatMoney(summary.subtotal)} />
            <Line label="Service Charge" amount={formatMoney(summary.serviceCharge)} />
            <Line label="Tip" amount={formatMoney(summary.tip)} />
            <Line label="Total" amount={formatMoney(summary.total)} strong />
          </dl>
        </section>

        <section
          aria-labelledby={`${id}-fees`}
          className="rounded-3xl border border-line bg-white/60 p-4"
        >
          <h2 id={`${id}-fees`} className="font-semibold">
            If friends pay by card
          </h2>
          <dl className="tabular mt-2 flex flex-col gap-2">
            <Line label={FEE_LINE_LABEL} amount={formatMoney(summary.fee)} />
            <Line label={TOTAL_WITH_FEES_LABEL} amount={formatMoney(summary.totalIncludingFees)} />
          </dl>
          <p className="mt-2 text-sm text-muted">
            For information: the fee applies only to shares paid by card through Fairshare.
          </p>
        </section>

        <Button variant="secondary" size="lg" block onClick={onShare}>
          <Share2 aria-hidden className="size-5" />
          Share a copy of this bill
        </Button>
      </div>

      <div className="sticky bottom-0 mt-auto flex flex-col gap-2 border-t border-line bg-white/95 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur">
        {/* Medium type so the spec's long label fits one line on a 390 px phone; full height. */}
        <Button block onClick={onGetPaid} className="min-h-13!">
          Covered the bill? Get paid back
        </Button>
        <Button variant="ghost" block onClick={onDone} disabled={saving} aria-busy={saving}>
          {saving && <Spinner size="small" label="Saving" />}
          Done
        </Button>
      </div>
    </main>
  );
}

function PersonCard({ person }: { person: SummaryParticipantAmount }) {
  const id = useId();
  return (
    <li>
      <article aria-labelledby={`${id}-name`} className="rounded-3xl bg-white p-4 shadow-sm">
        <div className="flex items-baseline justify-between gap-3">
          <h3 id={`${id}-name`} className="min-w-0 truncate text-lg font-semibold">
            {person.name}
          </h3>
          <p className="tabular text-2xl font-bold" data-testid="person-amount">
            {formatMoney(person.amount)}
          </p>
        </div>
        <dl className="tabular mt-2 flex flex-col gap-1 text-sm">
          {person.items.map((item, index) => (
            <Line key={index} label={item.name} amount={formatMoney(item.amount)} />
          ))}
          {person.serviceCharge !== 0 && (
            <Line label="Service Charge" amount={formatMoney(person.serviceCharge)} />
          )}
          {person.tip !== 0 && <Line label="Tip" amount={formatMoney(person.tip)} />}
        </dl>
        {person.items.length === 0 && <p className="mt-2 text-sm text-muted">No items</p>}
      </article>
    </li>
  );
}

function Line({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-2 text-lg font-bold' : ''}`}
    >
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd>{amount}</dd>
    </div>
  );
}
