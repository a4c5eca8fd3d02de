import { ChevronRight, CircleCheck, PartyPopper, Send } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatPence, toPence } from '../../../../domain/money';
import { BackButton } from '../../../components/ui/back-button';
import { Button } from '../../../components/ui/button';
import type { QrFriend, QrPaymentData } from '../model/qr-data';
import { PaymentQr, QR_SCREEN_SIZE } from './payment-qr';
import { sharePaymentLink } from './share-payment-link';

const money = (amount: string) => formatPence(toPence(amount));

export interface QrPaymentViewProps {
  data: QrPaymentData;
  onBack: () => void;
  onDone: () => void;
}

/**
 * /qr-payment (payments-accounts.md §2): one friend's QR code at a time, large enough to scan across
 * a table, with a switcher of every friend and what they pay; or their link sent instead.
 */
export function QrPaymentView({ data, onBack, onDone }: QrPaymentViewProps) {
  const firstPending = data.friends.find((f) => f.status === 'pending') ?? data.friends[0]!;
  const [selected, setSelected] = useState(firstPending.participantId);
  const friend = data.friends.find((f) => f.participantId === selected) ?? firstPending;
  const index = data.friends.indexOf(friend);
  const everyonePaid = data.friends.every((f) => f.status === 'paid');
  const list = useRef<HTMLDivElement>(null);
  const more = useMoreToTheRight(list, data.friends.length);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface">
      <div className="flex flex-col gap-4 px-4 pb-6 pt-4">
        <header className="flex items-center gap-2">
          <BackButton label="Back to bill" onClick={onBack} />
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted">Get paid back</p>
            <h1 className="truncate text-2xl font-bold tracking-tight">{data.billName}</h1>
          </div>
        </header>

        {everyonePaid ? (
          <EveryonePaid data={data} />
        ) : (
          <Tabs.Root value={friend.participantId} onValueChange={setSelected}>
            <div className="relative -mx-4">
              <Tabs.List
                ref={list}
                aria-label="Friends to pay you back"
                className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
              >
                {data.friends.map((f) => (
                  <Tabs.Trigger
                    key={f.participantId}
                    value={f.participantId}
                    className="flex min-h-14 shrink-0 flex-col items-start justify-center rounded-2xl border border-line bg-white px-4 py-1.5 text-left data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
                  >
                    <span className="flex max-w-40 items-center gap-1 truncate font-semibold">
                      {f.status === 'paid' && (
                        <CircleCheck aria-hidden className="size-4 shrink-0" />
                      )}
                      <span className="truncate">{f.name}</span>
                    </span>
                    <span className="tabular text-sm opacity-90">
                      {f.status === 'paid' ? 'Paid' : money(f.amountIncludingFee)}
                    </span>
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {more && (
                // The row goes on past the screen's edge: a fade and an arrow say so (it scrolls).
                <div
                  data-testid="more-friends"
                  aria-hidden
                  className="pointer-events-none absolute inset-y-0 right-0 flex w-16 items-center justify-end bg-gradient-to-l from-surface via-surface/90 to-transparent pb-1 pr-2"
                >
                  <ChevronRight className="size-6 text-ink" />
                </div>
              )}
            </div>

            {data.friends.map((f) => (
              <Tabs.Content
                key={f.participantId}
                value={f.participantId}
                className="mt-4 outline-none"
              >
                <FriendQr friend={f} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}

        {data.friends.length > 1 && !everyonePaid && (
          <p className="text-center text-sm text-muted" aria-live="polite">
            Friend {index + 1} of {data.friends.length}: tap a name above
            {more ? ', or swipe it for more,' : ''} to show their code
          </p>
        )}
      </div>

      <div
        data-toast-anchor
        className="sticky bottom-0 mt-auto flex flex-col gap-2 border-t border-line bg-white/95 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur"
      >
        {friend.status === 'pending' && !everyonePaid && (
          <Button
            variant="secondary"
            block
            onClick={() => void sharePaymentLink(friend, data.billName)}
          >
            <Send aria-hidden className="size-5" />
            Send a payment link instead
          </Button>
        )}
        <Button block onClick={onDone}>
          Done
        </Button>
      </div>
    </main>
  );
}

/** Whether the row in `ref` has more to show past its right edge (it scrolls sideways). */
function useMoreToTheRight(ref: RefObject<HTMLElement | null>, count: number): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 4);
    check();
    el.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      el.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [ref, count]);
  return more;
}

/** Every friend has paid: nothing left to scan, said plainly where the codes were. */
function EveryonePaid({ data }: { data: QrPaymentData }) {
  const total = data.friends.reduce((sum, f) => sum + toPence(f.amount), 0);
  return (
    <section
      aria-labelledby="everyone-paid-title"
      className="flex flex-col items-center rounded-3xl bg-white px-6 py-8 text-center shadow-sm"
    >
      <PartyPopper aria-hidden className="size-14 text-brand-700" />
      <h2 id="everyone-paid-title" className="mt-3 text-xl font-bold">
        Everyone has paid
      </h2>
      <p className="tabular mt-1 text-muted">
        {data.friends.length === 1
          ? `${data.friends[0]!.name} paid you back`
          : `All ${data.friends.length} friends paid you back`}
        : {formatPence(total)} settled.
      </p>
      <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Friends who paid">
        {data.friends.map((f) => (
          <li
            key={f.participantId}
            className="flex items-center gap-1 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900"
          >
            <CircleCheck aria-hidden className="size-4" />
            {f.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FriendQr({ friend }: { friend: QrFriend }) {
  if (friend.status === 'paid') {
    return (
      <section
        aria-label={`${friend.name} has paid`}
        className="flex flex-col items-center rounded-3xl bg-white px-6 py-10 text-center shadow-sm"
      >
        <CircleCheck aria-hidden className="size-14 text-brand-700" />
        <p className="mt-3 text-xl font-bold">{friend.name} has paid</p>
        <p className="tabular mt-1 text-muted">Their share of {money(friend.amount)} is settled.</p>
      </section>
    );
  }
  return (
    <section
      aria-label={`QR code for ${friend.name}`}
      className="flex flex-col items-center rounded-3xl bg-white px-5 pb-6 pt-6 text-center shadow-sm"
    >
      <div className="rounded-2xl bg-white p-3 ring-1 ring-line">
        <PaymentQr
          url={friend.url}
          label={`Payment link QR code for ${friend.name}`}
          size={QR_SCREEN_SIZE}
        />
      </div>
      <p className="mt-5 text-muted">{friend.name} pays</p>
      <p className="tabular text-4xl font-bold tracking-tight" data-testid="qr-amount">
        {money(friend.amountIncludingFee)}
      </p>
      <p className="tabular mt-1 text-sm text-muted">
        Share {money(friend.amount)} + {money(friend.fee)} card fee
      </p>
      <p className="mt-4 text-sm">
        Ask {friend.name} to scan this with their phone camera. They pay by card, no account needed.
      </p>
    </section>
  );
}
