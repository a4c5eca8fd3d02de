import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BellRing, Check, CircleAlert, Clock, Copy, QrCode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { BillStatus } from '../../../../contracts/bills';
import type { CreatorPaymentLink } from '../../../../contracts/payments';
import { formatPence, toPence } from '../../../../domain/money';
import { StatusBadge } from '../../../entities/bill/components/status-badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { reportError } from '../../../components/ui/report-error';
import { errorMessage } from '../../../lib/error-message';
import {
  billPaymentLabel,
  paidCountText,
  shareBadge,
} from '../../../entities/bill/model/payment-status';
import { useLiveBill } from '../../../entities/bill/api/live';
import {
  RemindButton,
  RemindedAgo,
  useRemind,
  type RemindFriend,
} from '../../../entities/bill/components/reminders';
import { useBillPaymentLinks } from '../api/bill-payment-links';
import { createPaymentLinks } from '../api/create-payment-links';
import { refreshAfterPayment, useMarkPaid, useUndoPaid, type ManualMethod } from '../api/mark-paid';
import { linksFailure } from '../model/get-paid-messages';
import { DelayedPaymentQr } from './payment-qr';
import { copyText } from './share-payment-link';

// payments-accounts.md §2 Payment links dialog, §9 (QR 250 px, margin 1, after 200 ms; 'Copied' for
// 2 s; links expire in 7 days), and marking a friend paid by hand.
export const COPIED_FLAG_MS = 2000;

const money = (amount: string) => formatPence(toPence(amount));

export interface PaymentLinksDialogProps {
  billId: string;
  billName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function PaymentLinksDialog({
  billId,
  billName,
  open,
  onOpenChange,
}: PaymentLinksDialogProps) {
  const [qrFor, setQrFor] = useState<string | null>(null);
  const links = useBillPaymentLinks(billId, open);
  useLiveBill(open ? billId : null);
  const qrLink = links.data?.paymentLinks.find((l) => l.participantId === qrFor);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setQrFor(null);
        onOpenChange(next);
      }}
      title={qrLink ? `${qrLink.participantName}'s QR code` : 'Payment Links'}
      description={billName}
    >
      {qrLink ? (
        <QrView link={qrLink} onBack={() => setQrFor(null)} />
      ) : links.isPending ? (
        <LinksSkeleton />
      ) : links.isError ? (
        <div
          role="alert"
          className="mt-2 flex flex-col items-center rounded-3xl border border-red-200 px-6 py-8 text-center"
        >
          <CircleAlert aria-hidden className="size-8 text-danger" />
          <p className="mt-2 font-semibold">
            {errorMessage(links.error, 'Could not load the payment links')}
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => void links.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <LinksList
          billId={billId}
          billName={billName}
          billStatus={links.data.billStatus}
          links={links.data.paymentLinks}
          onShowQr={setQrFor}
        />
      )}
    </Dialog>
  );
}

function LinksList({
  billId,
  billName,
  billStatus,
  links,
  onShowQr,
}: {
  billId: string;
  billName: string;
  billStatus: BillStatus;
  links: CreatorPaymentLink[];
  onShowQr: (participantId: string) => void;
}) {
  const client = useQueryClient();
  const markPaid = useMarkPaid(billId);
  const undoPaid = useUndoPaid(billId);
  const [markFor, setMarkFor] = useState<CreatorPaymentLink | null>(null);
  const [method, setMethod] = useState<ManualMethod>('cash');
  const [undoFor, setUndoFor] = useState<CreatorPaymentLink | null>(null);
  const [renewing, setRenewing] = useState(false);
  // What just changed, for screen readers: the row itself shows it, and a toast would cover the
  // dialog's title (and tapping its close button, outside the dialog, would close the dialog).
  const [announcement, setAnnouncement] = useState('');
  const remind = useRemind(billId, billName, links.length > 0);

  if (links.length === 0) {
    return (
      <div className="mt-2 flex flex-col items-center rounded-3xl border border-dashed border-gray-300 px-6 py-10 text-center">
        <QrCode aria-hidden className="size-10 text-gray-500" />
        <p className="mt-3 font-semibold">No payment links found</p>
      </div>
    );
  }

  const paid = links.filter((l) => l.status === 'paid').length;
  const status = billPaymentLabel(billStatus);
  const busyId = markPaid.isPending
    ? markPaid.variables?.participantId
    : undoPaid.isPending
      ? undoPaid.variables?.participantId
      : undefined;
  const anyExpired = links.some((l) => shareBadge(l).expired);
  // Friends who can still pay by their link: the ones a reminder is for.
  const unpaid: RemindFriend[] = links.filter(canRemind);

  async function renew() {
    setRenewing(true);
    try {
      await refreshAfterPayment(client, billId, await createPaymentLinks({ billId }));
      setAnnouncement('Links renewed: they expire in 7 days.');
    } catch (err) {
      const failure = linksFailure(err);
      if (failure.kind === 'toast') toast({ variant: 'destructive', ...failure.text });
      if (failure.kind === 'onboarding')
        toast({
          variant: 'destructive',
          title: 'Payment setup failed',
          description: 'Connect a bank account before asking friends to pay you back.',
        });
    } finally {
      setRenewing(false);
    }
  }

  return (
    <>
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="font-semibold" data-testid="links-paid-count">
          {paidCountText(paid, links.length)}
        </p>
        {status && (
          <StatusBadge tone={status === 'Completed' ? 'done' : 'waiting'}>{status}</StatusBadge>
        )}
      </div>
      {unpaid.length > 1 && (
        <Button variant="secondary" block className="mb-3" onClick={() => remind.remindAll(unpaid)}>
          <BellRing aria-hidden className="size-5" />
          Remind everyone
        </Button>
      )}
      <ul className="flex flex-col gap-3">
        {links.map((link) => (
          <LinkRow
            key={link.id}
            link={link}
            remindedAt={remind.remindedAt(link.participantId)}
            onRemind={() => remind.remindOne(link)}
            busy={busyId === link.participantId}
            disabled={busyId !== undefined}
            onShowQr={() => onShowQr(link.participantId)}
            onMarkPaid={() => {
              setMethod('cash');
              setMarkFor(link);
            }}
            onUndo={() => setUndoFor(link)}
          />
        ))}
      </ul>
      {anyExpired && (
        <div className="mt-3 rounded-2xl bg-red-50 p-3 text-sm text-red-900">
          <p>Expired links can no longer be paid. Renew them to send again.</p>
          <Button
            variant="secondary"
            size="md"
            className="mt-2"
            onClick={() => void renew()}
            disabled={renewing}
            aria-busy={renewing}
          >
            {renewing && <Spinner size="small" label="Renewing" />}
            Renew expired links
          </Button>
        </div>
      )}
      <p className="mt-4 flex items-center gap-2 text-sm text-muted">
        <Clock aria-hidden className="size-4" />
        Links expire in 7 days
      </p>
      <p className="sr-only" aria-live="polite" data-testid="links-announcement">
        {announcement}
      </p>
      {remind.dialog}

      <ConfirmDialog
        open={markFor !== null}
        onOpenChange={(next) => !next && setMarkFor(null)}
        title={markFor ? `Mark ${markFor.participantName} as paid?` : ''}
        description={
          markFor
            ? `Only if they paid you their share of ${money(markFor.amount)} another way. How did they pay?`
            : undefined
        }
        confirmLabel="Mark as paid"
        onConfirm={() => {
          const link = markFor;
          if (!link) return;
          markPaid.mutate(
            { participantId: link.participantId, method },
            {
              onSuccess: () => setAnnouncement(`${link.participantName} marked as paid`),
              onError: (err) => reportError(err, 'Could not mark as paid', 'Please try again.'),
            },
          );
        }}
      >
        <fieldset className="mt-4">
          <legend className="sr-only">How they paid</legend>
          <div className="grid gap-2">
            {(
              [
                ['cash', 'Cash'],
                ['bank_transfer', 'Bank transfer'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="flex min-h-12 cursor-pointer items-center gap-2 rounded-2xl border border-line px-3 font-medium has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
              >
                <input
                  type="radio"
                  name="paid-method"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                  className="size-5 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </ConfirmDialog>

      <ConfirmDialog
        open={undoFor !== null}
        onOpenChange={(next) => !next && setUndoFor(null)}
        title={undoFor ? `Undo ${undoFor.participantName}'s payment?` : ''}
        description={undoFor ? `${undoFor.participantName} will show as Pending again.` : undefined}
        confirmLabel="Undo"
        tone="danger"
        onConfirm={() => {
          const link = undoFor;
          if (!link) return;
          undoPaid.mutate(
            { participantId: link.participantId },
            {
              onSuccess: () => setAnnouncement(`${link.participantName} is pending again`),
              onError: (err) => reportError(err, 'Could not undo', 'Please try again.'),
            },
          );
        }}
      />
    </>
  );
}

/** A friend still to pay by a link that works: "Remind" is for them. */
const canRemind = (l: CreatorPaymentLink) => {
  const badge = shareBadge(l);
  return badge.label === 'Pending' && !badge.expired;
};

const BADGE_TONE = { Paid: 'done', Pending: 'waiting', Disputed: 'disputed' } as const;

function LinkRow({
  link,
  remindedAt,
  busy,
  disabled,
  onShowQr,
  onRemind,
  onMarkPaid,
  onUndo,
}: {
  link: CreatorPaymentLink;
  remindedAt: Date | null;
  onRemind: () => void;
  busy: boolean;
  disabled: boolean;
  onShowQr: () => void;
  onMarkPaid: () => void;
  onUndo: () => void;
}) {
  const badge = shareBadge(link);
  const name = link.participantName;
  const usable = badge.label === 'Pending' && !badge.expired;
  return (
    <li
      aria-label={name}
      data-testid="payment-link-row"
      className="rounded-2xl border border-line bg-white p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{name}</p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <StatusBadge tone={BADGE_TONE[badge.label]} testId="share-badge">
              {badge.label}
            </StatusBadge>
            {badge.expired && <StatusBadge tone="expired">Expired</StatusBadge>}
            {badge.detail && <span className="text-sm text-muted">{badge.detail}</span>}
            {usable && <RemindedAgo at={remindedAt} />}
          </div>
        </div>
        <div className="shrink-0 text-right">
          <p className="tabular text-xl font-bold" data-testid="link-amount">
            {money(link.amountIncludingFee)}
          </p>
          <p className="tabular text-xs text-muted">
            Share {money(link.amount)} + {money(link.fee)} fee
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 empty:hidden">
        {usable && (
          <>
            <Button
              variant="secondary"
              size="md"
              onClick={onShowQr}
              aria-label={`Show QR code for ${name}`}
              className="w-11 px-0!"
            >
              <QrCode aria-hidden className="size-5" />
            </Button>
            <CopyLinkButton url={link.url} name={name} />
            <RemindButton name={name} onClick={onRemind} />
          </>
        )}
        {badge.canMarkPaid && (
          <Button
            variant="ghost"
            size="md"
            className="ml-auto px-2!"
            onClick={onMarkPaid}
            disabled={disabled}
            // The visible words first, then whose share (WCAG 2.5.3, label in name).
            aria-label={`Mark as paid, ${name}`}
          >
            {busy && <Spinner size="small" label="Saving" />}
            Mark as paid
          </Button>
        )}
        {badge.canUndo && (
          <Button
            variant="ghost"
            size="md"
            className="ml-auto px-2!"
            onClick={onUndo}
            disabled={disabled}
            aria-label={`Undo ${name}'s payment`}
          >
            {busy && <Spinner size="small" label="Saving" />}
            Undo
          </Button>
        )}
      </div>
    </li>
  );
}

/** Copies the link; 'Copied' shows for 2 s (spec §9). */
function CopyLinkButton({
  url,
  name,
  label = 'Copy',
  block,
}: {
  url: string;
  name: string;
  /** Short in a row, where the QR button and 'Mark as paid' must fit beside it on a phone. */
  label?: string;
  block?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    if (!(await copyText(url))) {
      toast({
        variant: 'destructive',
        title: 'Could not copy the link',
        description: 'Show the QR code instead, or try again.',
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FLAG_MS);
  }

  return (
    <Button
      variant="secondary"
      size="md"
      className="px-3!"
      block={block}
      onClick={() => void copy()}
    >
      {copied ? <Check aria-hidden className="size-5" /> : <Copy aria-hidden className="size-5" />}
      {/* Named by the words it shows and then whose link (WCAG 2.5.3, label in name). */}
      <span aria-live="polite">
        <span>{copied ? 'Copied' : label}</span>
        <span className="sr-only">
          {copied
            ? ` ${name}'s link`
            : label === 'Copy'
              ? ` payment link for ${name}`
              : ` for ${name}`}
        </span>
      </span>
    </Button>
  );
}

function QrView({ link, onBack }: { link: CreatorPaymentLink; onBack: () => void }) {
  return (
    <div className="flex flex-col items-center pb-2 text-center">
      <div className="grid min-h-[250px] place-items-center">
        <DelayedPaymentQr
          url={link.url}
          label={`Payment link QR code for ${link.participantName}`}
        />
      </div>
      <p className="mt-4 text-muted">{link.participantName} pays</p>
      <p className="tabular text-3xl font-bold">{money(link.amountIncludingFee)}</p>
      <p className="tabular text-sm text-muted">
        Share {money(link.amount)} + {money(link.fee)} card fee
      </p>
      <div className="mt-5 flex w-full flex-col gap-2">
        <CopyLinkButton url={link.url} name={link.participantName} label="Copy link" block />
        <Button variant="ghost" block onClick={onBack}>
          <ArrowLeft aria-hidden className="size-5" />
          All payment links
        </Button>
      </div>
    </div>
  );
}

function LinksSkeleton() {
  return (
    <div role="status" aria-label="Loading payment links" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} data-testid="link-skeleton" className="rounded-2xl border border-line p-4">
          <div className="flex justify-between">
            <div className="h-5 w-1/3 animate-pulse rounded bg-gray-200" />
            <div className="h-5 w-16 animate-pulse rounded bg-gray-200" />
          </div>
          <div className="mt-3 h-4 w-20 animate-pulse rounded-full bg-gray-200" />
          <div className="mt-3 flex gap-2">
            <div className="size-11 animate-pulse rounded-2xl bg-gray-200" />
            <div className="h-11 w-28 animate-pulse rounded-2xl bg-gray-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
