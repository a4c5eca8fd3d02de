import { BellRing, Link2, Pencil, QrCode, Users } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { BillDetail, Participant } from '../../../../contracts/bills';
import { formatDateTime } from '../../../../domain/formats';
import { formatPence, toPence } from '../../../../domain/money';
import {
  BillBreakdown,
  breakdownPerson,
  tipLineLabel,
} from '../../../entities/bill/components/bill-breakdown';
import {
  RemindButton,
  RemindedAgo,
  useRemind,
  type RemindFriend,
} from '../../../entities/bill/components/reminders';
import { StatusBadge } from '../../../entities/bill/components/status-badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import {
  billPaymentLabel,
  paidCountText,
  shareBadge,
} from '../../../entities/bill/model/payment-status';
import { summaryOfBill } from '../model/detail-summary';
import { ReceiptPhoto } from './receipt-photo';

export interface BillDetailViewProps {
  bill: BillDetail;
  backLabel: string;
  onBack: () => void;
  onGetPaid: () => void;
  onShare: () => void;
  onDone: () => void;
  /** Renames the saved bill (PATCH /api/bills/:id); rejects with the words to show. */
  onRename?: (name: string) => Promise<void>;
  /** Opens the payment links dialog; shown once the bill has links (active or completed). */
  onViewLinks?: () => void;
  /** While the get-paid flow runs. */
  gettingPaid?: boolean;
  /** Opens the creator's picking screen; shown while friends pick their own items. */
  onOpenPicking?: () => void;
  /** Friends still to pay by a working link: "Remind" each, "Remind everyone". */
  unpaidLinks?: RemindFriend[];
  /** Delete or archive, at the foot of the page (ManageBill). */
  manage?: ReactNode;
  /** Opens the bill in the editor; offered while it can change (billEditable). */
  onEdit?: () => void;
}

/** Said where Edit would be once links are out: why the bill's amounts can no longer change. */
export const LOCKED_BILL_TEXT =
  'Payment links have been made for this bill, so its items, people and amounts can no longer change.';

/**
 * Whether a saved bill can still be changed in the editor (DECISIONS.md Managing saved bills): not
 * once it has payment links, nor while friends pick their own items (the picking screen does that).
 */
export function billEditable(bill: Pick<BillDetail, 'status' | 'hasPaymentLinks'>): boolean {
  return bill.status === 'saved' && !bill.hasPaymentLinks;
}

const money = (amount: string) => formatPence(toPence(amount));

/**
 * A saved bill (spec §2 Bill detail): who owes what and for which items, the totals, the card fee
 * for information, and the summary's three actions. Every amount is the server's, stored at save.
 */
export function BillDetailView({
  bill,
  backLabel,
  onViewLinks,
  gettingPaid,
  onGetPaid,
  onOpenPicking,
  unpaidLinks = [],
  onEdit,
  manage,
  ...actions
}: BillDetailViewProps) {
  const remind = useRemind(bill.id, bill.name, bill.status === 'active');
  const linkOf = (participantId: string) =>
    bill.status === 'active'
      ? unpaidLinks.find((l) => l.participantId === participantId)
      : undefined;
  const summary = useMemo(() => summaryOfBill(bill), [bill]);
  const payment = billPaymentLabel(bill.status);
  const friends = bill.participants.filter((p) => !p.isCreator);
  const paid = friends.filter((p) => p.status === 'paid').length;
  const created = new Date(bill.createdAt);
  const equal = bill.mode === 'equal';
  return (
    <BillBreakdown
      {...actions}
      kicker={Number.isNaN(created.getTime()) ? 'Bill' : formatDateTime(created)}
      editAction={
        onEdit &&
        billEditable(bill) && (
          <Button variant="ghost" onClick={onEdit} className="-mr-2">
            <Pencil aria-hidden className="size-4" />
            Edit bill
          </Button>
        )
      }
      manage={
        <>
          {bill.hasPaymentLinks && (
            <p className="px-1 text-sm text-muted" data-testid="bill-locked">
              {LOCKED_BILL_TEXT}
            </p>
          )}
          {manage}
        </>
      }
      title={bill.name}
      backLabel={backLabel}
      total={money(bill.totalAmount)}
      peopleCount={bill.participants.length}
      splitSuffix={equal ? ' equally' : ''}
      people={summary.participantAmounts.map((share, i) => {
        const person = bill.participants[i];
        return {
          ...breakdownPerson(share, formatPence, {
            emptyText: equal ? 'An equal share' : 'No items',
          }),
          badge:
            payment && person && !person.isCreator ? (
              <PaidBadge
                person={person}
                link={linkOf(person.id)}
                remindedAt={remind.remindedAt(person.id)}
                onRemind={remind.remindOne}
              />
            ) : undefined,
        };
      })}
      gettingPaid={gettingPaid}
      // Once links exist the bill is being paid back: its links (to remind a friend or see who
      // paid) are what is left to do, not a second round of getting paid.
      onGetPaid={payment ? undefined : onGetPaid}
      mainAction={
        payment && (
          <>
            {onViewLinks && (
              <Button block onClick={onViewLinks} className="min-h-13!" disabled={gettingPaid}>
                <Link2 aria-hidden className="size-5" />
                View payment links
              </Button>
            )}
            {bill.status === 'active' && (
              <Button
                variant="secondary"
                block
                onClick={onGetPaid}
                disabled={gettingPaid}
                aria-busy={gettingPaid}
              >
                {gettingPaid ? (
                  <Spinner size="small" label="Opening the QR codes" />
                ) : (
                  <QrCode aria-hidden className="size-5" />
                )}
                Show QR codes
              </Button>
            )}
            {bill.status === 'active' && unpaidLinks.length > 1 && (
              <Button variant="secondary" block onClick={() => remind.remindAll(unpaidLinks)}>
                <BellRing aria-hidden className="size-5" />
                Remind everyone
              </Button>
            )}
            {remind.dialog}
          </>
        )
      }
      paymentStatus={
        bill.status === 'picking' ? (
          <div className="mt-4 border-t border-white/20 pt-3" data-testid="bill-payment-status">
            <p className="font-semibold">Friends are picking their items</p>
            {onOpenPicking && (
              <Button
                variant="secondary"
                block
                onClick={onOpenPicking}
                className="mt-3 border-white"
              >
                <Users aria-hidden className="size-5" />
                See who picked what
              </Button>
            )}
          </div>
        ) : (
          payment && (
            <div className="mt-4 border-t border-white/20 pt-3" data-testid="bill-payment-status">
              <div className="flex items-center justify-between gap-2">
                <p className="font-semibold">{paidCountText(paid, friends.length)}</p>
                <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                  {payment}
                </span>
              </div>
            </div>
          )
        )
      }
      totals={{
        subtotal: money(bill.subtotal),
        serviceCharge: money(bill.serviceCharge),
        tipLabel: tipLineLabel(bill.tipPercent),
        tip: money(bill.tip),
        tax: toPence(bill.tax) !== 0 ? money(bill.tax) : undefined,
      }}
      receipt={
        bill.receiptId ? (
          <ReceiptPhoto receiptId={bill.receiptId} billName={bill.name} />
        ) : undefined
      }
      fee={money(bill.fee)}
      totalIncludingFees={money(bill.totalIncludingFees)}
      fromFriends={
        friends.length
          ? {
              amount: formatPence(friends.reduce((sum, p) => sum + toPence(p.amountDue), 0)),
              fee: formatPence(friends.reduce((sum, p) => sum + toPence(p.fee), 0)),
            }
          : undefined
      }
    />
  );
}

const BADGE_TONE = { Paid: 'done', Pending: 'waiting', Disputed: 'disputed' } as const;

/** Paid, Pending or Disputed, and how it was paid (spec §2 Payment links dialog, on the bill). */
function PaidBadge({
  person,
  link,
  remindedAt,
  onRemind,
}: {
  person: Participant;
  /** Their link, while they still have to pay by it. */
  link?: RemindFriend;
  remindedAt: Date | null;
  onRemind: (friend: RemindFriend) => void;
}) {
  // A share of £0.00 has no link: there is nothing to pay, so it is neither Paid nor Pending.
  if (toPence(person.amountDueIncludingFee) === 0)
    return (
      <div className="mt-1 flex flex-wrap items-center gap-1.5">
        <StatusBadge tone="done" testId="share-badge">
          Nothing to pay
        </StatusBadge>
      </div>
    );
  const badge = shareBadge(person);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5">
      <StatusBadge tone={BADGE_TONE[badge.label]} testId="share-badge">
        {badge.label}
      </StatusBadge>
      {badge.detail && <span className="text-xs text-muted">{badge.detail}</span>}
      {link && (
        <>
          <RemindedAgo at={remindedAt} />
          <span className="basis-full" />
          <RemindButton name={person.participantName} onClick={() => onRemind(link)} />
        </>
      )}
    </div>
  );
}
