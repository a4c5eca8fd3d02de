import { ArrowLeft, Share2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import type { BillDetail, Participant } from '../../../../contracts/bills';
import { formatDateTime } from '../../../../domain/formats';
import { formatPence, toPence } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import type { SummaryParticipantAmount } from '../../../lib/summary-data';
import { summaryOfBill } from '../model/detail-summary';

const FEE_LINE_LABEL = 'Payment processing fee (3%)';
const TOTAL_WITH_FEES_LABEL = 'Total (inc. fees)';

export interface BillDetailViewProps {
  bill: BillDetail;
  backLabel: string;
  onBack: () => void;
  onGetPaid: () => void;
  onShare: () => void;
  onDone: () => void;
}

const money = (amount: string) => formatPence(toPence(amount));

/**
 * A saved bill (spec §2 Bill detail): who owes what and for which items, the totals, the card fee
 * for information, and the summary's three actions. Totals are the server's; each person's lines
 * come from summaryOfBill, which uses them only where they agree with the server's amounts due.
 */
export function BillDetailView({
  bill,
  backLabel,
  onBack,
  onGetPaid,
  onShare,
  onDone,
}: BillDetailViewProps) {
  const id = useId();
  const people = bill.participants;
  const summary = useMemo(() => summaryOfBill(bill), [bill]);
  const created = new Date(bill.createdAt);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface">
      <div className="flex flex-col gap-6 px-4 pb-6 pt-4">
        <header className="flex items-center gap-2">
          <button
            type="button"
            onClick={onBack}
            aria-label={backLabel}
            className="-ml-2 grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white"
          >
            <ArrowLeft aria-hidden className="size-6" />
          </button>
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted">
              {Number.isNaN(created.getTime()) ? 'Bill' : formatDateTime(created)}
            </p>
            <h1 className="truncate text-2xl font-bold tracking-tight">{bill.name}</h1>
          </div>
        </header>

        <section
          aria-label="Bill total"
          className="rounded-3xl bg-brand-700 px-5 py-6 text-white shadow-md"
        >
          <p className="text-brand-100">Bill total</p>
          <p className="tabular mt-1 text-4xl font-bold tracking-tight">
            {money(bill.totalAmount)}
          </p>
          <p className="mt-2 text-brand-100">
            Split between {people.length} {people.length === 1 ? 'person' : 'people'}
            {bill.mode === 'equal' ? ' equally' : ''}
          </p>
        </section>

        <section aria-labelledby={`${id}-people`}>
          <h2 id={`${id}-people`} className="text-lg font-bold">
            Who owes what
          </h2>
          <ul className="mt-3 flex flex-col gap-3">
            {summary.participantAmounts.map((share, i) => (
              <PersonCard
                key={share.id}
                share={share}
                person={people[i]}
                equal={bill.mode === 'equal'}
              />
            ))}
          </ul>
        </section>

        <section aria-labelledby={`${id}-totals`} className="rounded-3xl bg-white p-4 shadow-sm">
          <h2 id={`${id}-totals`} className="sr-only">
            Totals
          </h2>
          <dl className="tabular flex flex-col gap-2">
            <Line label="Subtotal" amount={money(bill.subtotal)} />
            <Line label="Service Charge" amount={money(bill.serviceCharge)} />
            <Line
              label={bill.tipPercent ? `Tip (${bill.tipPercent}%)` : 'Tip'}
              amount={money(bill.tip)}
            />
            <Line label="Total" amount={money(bill.totalAmount)} strong />
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
            <Line label={FEE_LINE_LABEL} amount={money(bill.fee)} />
            <Line label={TOTAL_WITH_FEES_LABEL} amount={money(bill.totalIncludingFees)} />
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
        <Button block onClick={onGetPaid} className="min-h-13!">
          Covered the bill? Get paid back
        </Button>
        <Button variant="ghost" block onClick={onDone}>
          Done
        </Button>
      </div>
    </main>
  );
}

function PersonCard({
  share,
  person,
  equal,
}: {
  share: SummaryParticipantAmount;
  person: Participant | undefined;
  equal: boolean;
}) {
  const id = useId();
  // The server's item lines carry portions; they are the same lines in the same order.
  const portions =
    person && person.assignedItems.length === share.items.length
      ? person.assignedItems.map((line) => line.portions)
      : [];
  return (
    <li>
      <article aria-labelledby={`${id}-name`} className="rounded-3xl bg-white p-4 shadow-sm">
        <div className="flex items-baseline justify-between gap-3">
          <h3 id={`${id}-name`} className="min-w-0 truncate text-lg font-semibold">
            {share.name}
          </h3>
          <p className="tabular text-2xl font-bold" data-testid="person-amount">
            {formatPence(share.amount)}
          </p>
        </div>
        <dl className="tabular mt-2 flex flex-col gap-1 text-sm">
          {share.items.map((item, index) => {
            const n = portions[index];
            return (
              <Line
                key={index}
                label={item.name}
                detail={n !== undefined && n !== 1 && n > 0 ? `×${n}` : undefined}
                amount={formatPence(item.amount)}
              />
            );
          })}
          {share.serviceCharge !== 0 && (
            <Line label="Service Charge" amount={formatPence(share.serviceCharge)} />
          )}
          {share.tip !== 0 && <Line label="Tip" amount={formatPence(share.tip)} />}
        </dl>
        {share.items.length === 0 && (
          <p className="mt-2 text-sm text-muted">{equal ? 'An equal share' : 'No items'}</p>
        )}
      </article>
    </li>
  );
}

function Line({
  label,
  detail,
  amount,
  strong,
}: {
  label: string;
  detail?: string | undefined;
  amount: string;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-2 text-lg font-bold' : ''}`}
    >
      <dt className={strong ? '' : 'text-muted'}>
        {label}
        {detail && <span className="ml-1 text-xs font-semibold text-brand-800">{detail}</span>}
      </dt>
      <dd>{amount}</dd>
    </div>
  );
}
