import { CircleCheck, Clock, Copy, Send } from 'lucide-react';
import { useId } from 'react';
import type { JoinBillResponse, JoinPaymentLinkResponse } from '../../../../contracts/join';
import { formatDate } from '../../../../domain/formats';
import { formatPence, toPence } from '../../../../domain/money';
import { firstNameOf, type PickPortions } from '../../../../domain/picking';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toPay, type JoinView } from '../model/join-view';
import { MyShare } from './my-share';
import { PickItemCard } from './pick-item-card';
import { PickingPeople } from './picking-people';

/** The creator's first name, as the join answer gives it. */
export function creatorNameOf(data: JoinBillResponse): string {
  return firstNameOf(data.participants.find((p) => p.isCreator)?.firstName ?? '');
}

/** The bill's calendar date in the long format, read at noon UTC so no time zone moves it. */
function dateLabel(date: string): string | null {
  const day = date.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const parsed = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? null : formatDate(parsed);
}

/** The bill's date and name, and who is asking. */
export function JoinHeader({ data, subtitle }: { data: JoinBillResponse; subtitle: string }) {
  const date = dateLabel(data.bill.date);
  return (
    <header>
      {date && <p className="text-sm font-medium text-muted">{date}</p>}
      <h1 className="break-words text-2xl font-bold tracking-tight">{data.bill.name}</h1>
      <p className="mt-1 text-muted">{subtitle}</p>
    </header>
  );
}

/** What the friend sees while picking: the items to tick, their share, everyone so far. */
export function PickingBody({
  data,
  view,
  me,
  myName,
  onToggle,
  onPortions,
  onNotMe,
}: {
  data: JoinBillResponse;
  view: JoinView;
  me: string;
  myName: string;
  onToggle: (itemId: string) => void;
  onPortions: (itemId: string, portions: PickPortions) => void;
  onNotMe: () => void;
}) {
  const id = useId();
  const picking = data.bill.status === 'picking';
  const fixed = view.fixed || !picking;
  return (
    <>
      <div className="flex items-center justify-between gap-3 rounded-2xl bg-brand-50 px-4 py-2">
        <p className="min-w-0 break-words">
          You&apos;re <span className="font-semibold">{myName}</span>
        </p>
        {!view.fixed && view.mine?.lines.length === 0 && (
          <Button variant="ghost" size="md" onClick={onNotMe}>
            Not you?
          </Button>
        )}
      </div>

      {view.fixed && (
        <p role="status" className="rounded-2xl bg-amber-50 px-4 py-3 font-medium text-amber-900">
          {data.participants.find((p) => p.id === me)?.paid
            ? 'You have paid: your picks are fixed.'
            : 'Your payment is under way: your picks are held until it ends.'}
        </p>
      )}
      {!picking && !view.fixed && (
        <p role="status" className="rounded-2xl bg-amber-50 px-4 py-3 font-medium text-amber-900">
          Picking has ended: pay your share below.
        </p>
      )}

      <section aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`} className="text-lg font-bold">
          Tick what you had
        </h2>
        <ul className="mt-3 flex flex-col gap-3">
          {view.items.map((item) => (
            <PickItemCard
              key={item.id}
              item={item}
              disabled={fixed}
              onToggle={() => onToggle(item.id)}
              onPortions={(portions) => onPortions(item.id, portions)}
            />
          ))}
        </ul>
      </section>

      <MyShare
        lines={view.mine?.lines ?? []}
        amountPence={view.mine?.amountPence ?? 0}
        feePence={view.mine?.feePence ?? 0}
      />
      <PickingPeople data={data} result={view.result} me={me} />
    </>
  );
}

/** The footer's two ways to pay: now by card, or later from one's own payment link. */
export function PayButtons({
  view,
  busy,
  saving,
  onPayNow,
  onPayLater,
}: {
  view: JoinView;
  busy: 'now' | 'later' | null;
  /** A pick is on its way: the link is priced from the stored picks, so paying waits for it. */
  saving: boolean;
  onPayNow: () => void;
  onPayLater: () => void;
}) {
  const amount = toPay(view.mine);
  const none = !view.mine || view.mine.lines.length === 0;
  return (
    <>
      <p className="sr-only" role="status">
        {none ? 'Nothing picked yet' : `Your share is ${formatPence(amount)}`}
      </p>
      <Button
        size="lg"
        block
        disabled={none || busy !== null || saving}
        aria-busy={busy === 'now'}
        onClick={onPayNow}
      >
        {busy === 'now' ? (
          <>
            <Spinner size="small" label="Opening secure checkout" />
            Opening checkout…
          </>
        ) : none ? (
          'Tick what you had to pay'
        ) : (
          <>Pay now {formatPence(amount)}</>
        )}
      </Button>
      <Button
        variant="secondary"
        block
        disabled={none || busy !== null || saving}
        aria-busy={busy === 'later'}
        onClick={onPayLater}
      >
        <Clock aria-hidden className="size-5" />
        Pay later
      </Button>
    </>
  );
}

/** "Pay later": the friend's own payment link, to keep and open when they are ready. */
export function PayLaterPanel({
  link,
  onCopy,
  onShare,
}: {
  link: JoinPaymentLinkResponse;
  onCopy: () => void;
  onShare: () => void;
}) {
  return (
    <section
      aria-label="Your payment link"
      className="rounded-3xl border border-brand-200 bg-white p-4 shadow-sm"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CircleCheck aria-hidden className="size-5 text-brand-700" />
        Your payment link is ready
      </p>
      <p className="mt-1 text-sm text-muted">
        Pay {formatPence(toPence(link.amountIncludingFee))} from it any time in the next 7 days.
        Keep it: send it to yourself, or come back to this page.
      </p>
      <a
        href={link.url}
        className="mt-3 block break-all rounded-xl bg-surface px-3 py-2 text-sm font-medium text-brand-800 underline"
      >
        {link.url}
      </a>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onCopy}>
          <Copy aria-hidden className="size-5" />
          Copy link
        </Button>
        <Button variant="secondary" onClick={onShare}>
          <Send aria-hidden className="size-5" />
          Send it
        </Button>
      </div>
    </section>
  );
}
