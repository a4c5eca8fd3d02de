import { Share2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { BillName } from './bill-name';
import { BackButton } from '../../../components/ui/back-button';
import { Button } from '../../../components/ui/button';
import type { SummaryParticipantAmount } from '../model/summary-data';
import { Spinner } from '../../../components/ui/spinner';

// The one layout of a split bill (spec §2 Summary and Bill detail): who owes what, the totals, the
// card fee for information, and the three actions. Both screens hand it amounts already formatted.

const FEE_LINE_LABEL = 'Payment processing fee (3%)';
const TOTAL_WITH_FEES_LABEL = 'Total (inc. fees)';
/** Beside the fee line (DECISIONS.md Payments): what the creator's friends pay them back. */
export const youWillReceive = (amount: string) => `You'll receive ${amount} from friends`;

interface BreakdownLine {
  label: string;
  /** a small note beside the label, such as '×1.5' portions */
  detail?: string | undefined;
  amount: string;
}

interface BreakdownPerson {
  id: string;
  name: string;
  amount: string;
  lines: BreakdownLine[];
  /** shown under a person with no items of their own */
  emptyText: string;
  hasItems: boolean;
  /** Whether they have paid the creator back, once payment links exist (Paid / Pending). */
  badge?: ReactNode;
}

/** The tip's label on the totals: 'Tip (10%)' with the percentage the bill was split with. */
export function tipLineLabel(tipPercent: number | null): string {
  return tipPercent ? `Tip (${tipPercent}%)` : 'Tip';
}

/** '×2.5' beside an item line the person had other than one portion of; nothing otherwise. */
function portionsNote(portions: number | null | undefined): string | undefined {
  return portions != null && portions !== 1 && portions > 0 ? `×${portions}` : undefined;
}

/**
 * A person's card from their share: their items (each with its portions when not one), then their
 * part of the service charge, tip and tax when not zero. The summary and bill detail both build their
 * cards here, from the same lines, so they show the same thing.
 */
export function breakdownPerson(
  share: SummaryParticipantAmount,
  format: (pence: number) => string,
  { emptyText = 'No items' }: { emptyText?: string } = {},
): BreakdownPerson {
  const lines: BreakdownLine[] = share.items.map((item) => ({
    label: item.name,
    detail: portionsNote(item.portions),
    amount: format(item.amount),
  }));
  if (share.serviceCharge !== 0) {
    lines.push({ label: 'Service Charge', amount: format(share.serviceCharge) });
  }
  if (share.tip !== 0) lines.push({ label: 'Tip', amount: format(share.tip) });
  if (share.tax) lines.push({ label: 'Tax', amount: format(share.tax) });
  return {
    id: share.id,
    name: share.name,
    amount: format(share.amount),
    lines,
    emptyText,
    hasItems: share.items.length > 0,
  };
}

interface BillBreakdownProps {
  /** small line above the title: 'Summary', or the bill's date */
  kicker: string;
  title: string;
  /** Offers renaming the bill beside its title (the draft's name, or a saved bill's). */
  onRename?: (name: string) => Promise<void> | void;
  backLabel: string;
  onBack: () => void;
  total: string;
  peopleCount: number;
  /** ' equally' for a bill split equally */
  splitSuffix?: string;
  people: BreakdownPerson[];
  /** tax: the tax added on top of the prices, shown when the bill has one. */
  totals: {
    subtotal: string;
    serviceCharge: string;
    tipLabel: string;
    tip: string;
    tax?: string | undefined;
  };
  fee: string;
  totalIncludingFees: string;
  /**
   * What the creator's friends owe them, fees excluded (everyone but the creator, who is listed
   * first), and the part of the fee those friends pay on top: said beside the fee, so the box is
   * not read as what the creator collects.
   */
  fromFriends?: { amount: string; fee: string } | undefined;
  /**
   * Starts getting paid back; a bill that has payment links already offers `mainAction` instead
   * (what can still be done), never to start again.
   */
  onGetPaid?: (() => void) | undefined;
  mainAction?: ReactNode;
  onShare: () => void;
  onDone: () => void;
  /** While the bill is being saved: Done is disabled so it cannot be sent twice. */
  saving?: boolean;
  /** While the get-paid flow runs: its button shows it and neither action can start again. */
  gettingPaid?: boolean;
  /** How far paying back has gone (a bill with payment links), and its actions, under the total. */
  paymentStatus?: ReactNode;
  /** The receipt's photo, for a saved bill that was read from one. */
  receipt?: ReactNode;
  /** What the owner may still do with a saved bill (delete, archive), at the foot of the page. */
  manage?: ReactNode;
  /** Beside 'Who owes what': changing the bill's items, people and amounts (a saved bill's Edit). */
  editAction?: ReactNode;
  /** Why the bill cannot be saved as it is: said above the actions, which stay disabled. */
  refused?: string | null;
}

export function BillBreakdown(props: BillBreakdownProps) {
  const id = useId();
  const { peopleCount, saving = false, gettingPaid = false } = props;
  const busy = saving || gettingPaid || !!props.refused;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface">
      <div className="flex flex-col gap-6 px-4 pb-6 pt-4">
        <header className="flex items-center gap-2">
          <BackButton label={props.backLabel} onClick={props.onBack} />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-muted">{props.kicker}</p>
            {props.onRename ? (
              <BillName
                name={props.title}
                onRename={props.onRename}
                textClassName="text-2xl font-bold tracking-tight"
                testId="bill-title"
              />
            ) : (
              <h1 className="truncate text-2xl font-bold tracking-tight">{props.title}</h1>
            )}
          </div>
        </header>

        <section
          aria-label="Bill total"
          className="rounded-3xl bg-brand-700 px-5 py-6 text-white shadow-md"
        >
          <p className="text-brand-100">Bill total</p>
          <p className="tabular mt-1 text-4xl font-bold tracking-tight">{props.total}</p>
          <p className="mt-2 text-brand-100">
            Split between {peopleCount} {peopleCount === 1 ? 'person' : 'people'}
            {props.splitSuffix ?? ''}
          </p>
          {props.paymentStatus}
        </section>

        <section aria-labelledby={`${id}-people`}>
          <div className="flex items-center justify-between gap-3">
            <h2 id={`${id}-people`} className="text-lg font-bold">
              Who owes what
            </h2>
            {props.editAction}
          </div>
          <ul className="mt-3 flex flex-col gap-3">
            {props.people.map((person) => (
              <PersonCard key={person.id} person={person} />
            ))}
          </ul>
        </section>

        <section aria-labelledby={`${id}-totals`} className="rounded-3xl bg-white p-4 shadow-sm">
          <h2 id={`${id}-totals`} className="sr-only">
            Totals
          </h2>
          <dl className="tabular flex flex-col gap-2">
            <Line label="Subtotal" amount={props.totals.subtotal} />
            <Line label="Service Charge" amount={props.totals.serviceCharge} />
            <Line label={props.totals.tipLabel} amount={props.totals.tip} />
            {props.totals.tax !== undefined && <Line label="Tax" amount={props.totals.tax} />}
            <Line label="Total" amount={props.total} strong />
          </dl>
        </section>

        <section
          aria-labelledby={`${id}-fees`}
          className="rounded-3xl border border-line bg-white/60 p-4"
        >
          <h2 id={`${id}-fees`} className="font-semibold">
            If friends pay through Fairshare
          </h2>
          {props.fromFriends && (
            <p className="mt-2 font-semibold text-brand-800" data-testid="from-friends">
              {youWillReceive(props.fromFriends.amount)}
            </p>
          )}
          <dl className="tabular mt-2 flex flex-col gap-2">
            <Line label={FEE_LINE_LABEL} amount={props.fee} />
            <Line label={TOTAL_WITH_FEES_LABEL} amount={props.totalIncludingFees} />
          </dl>
          <p className="mt-2 text-sm text-muted">
            {props.fromFriends
              ? `For information: friends pay their part of the fee (${props.fromFriends.fee}) on top of their shares, the same from a bank app or by card. It is Fairshare's, not part of what you receive.`
              : 'For information: the fee applies only to shares paid through Fairshare, from a bank app or by card.'}
          </p>
        </section>

        {props.receipt}

        <Button variant="secondary" size="lg" block onClick={props.onShare}>
          <Share2 aria-hidden className="size-5" />
          Share a copy of this bill
        </Button>
        {props.manage}
      </div>

      <div
        data-toast-anchor
        className="sticky bottom-0 mt-auto flex flex-col gap-2 border-t border-line bg-white/95 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur"
      >
        {props.refused && (
          <p role="alert" className="text-center text-sm font-medium text-danger">
            {props.refused}
          </p>
        )}
        {/* Medium type so the spec's long label fits one line on a 390 px phone; full height. */}
        {props.onGetPaid ? (
          <Button
            block
            onClick={props.onGetPaid}
            className="min-h-13!"
            disabled={busy}
            aria-busy={gettingPaid}
          >
            {gettingPaid && <Spinner size="small" label="Getting payment links" />}
            Covered the bill? Get paid back
          </Button>
        ) : (
          props.mainAction
        )}
        <Button variant="ghost" block onClick={props.onDone} disabled={busy} aria-busy={saving}>
          {saving && <Spinner size="small" label="Saving" />}
          Done
        </Button>
      </div>
    </main>
  );
}

function PersonCard({ person }: { person: BreakdownPerson }) {
  const id = useId();
  return (
    <li>
      <article aria-labelledby={`${id}-name`} className="rounded-3xl bg-white p-4 shadow-sm">
        <div className="flex items-baseline justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`${id}-name`} className="truncate text-lg font-semibold">
              {person.name}
            </h3>
            {person.badge}
          </div>
          <p className="tabular text-2xl font-bold" data-testid="person-amount">
            {person.amount}
          </p>
        </div>
        <dl className="tabular mt-2 flex flex-col gap-1 text-sm">
          {person.lines.map((line, index) => (
            <Line key={index} {...line} />
          ))}
        </dl>
        {!person.hasItems && <p className="mt-2 text-sm text-muted">{person.emptyText}</p>}
      </article>
    </li>
  );
}

function Line({ label, detail, amount, strong }: BreakdownLine & { strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-2 text-lg font-bold' : ''}`}
    >
      <dt className={`min-w-0 break-words ${strong ? '' : 'text-muted'}`}>
        <span>{label}</span>
        {detail && <span className="ml-1 text-xs font-semibold text-brand-800">{detail}</span>}
      </dt>
      <dd className="shrink-0">{amount}</dd>
    </div>
  );
}
