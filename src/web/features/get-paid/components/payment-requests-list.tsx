import { ChevronRight, CircleAlert, QrCode } from 'lucide-react';
import { useState } from 'react';
import { formatPence, toPence } from '../../../../domain/money';
import { StatusBadge } from '../../../entities/bill/components/status-badge';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';
import { billPaymentLabel, paidCountText } from '../../../entities/bill/model/payment-status';
import { useLiveBill } from '../../../entities/bill/api/live';
import { usePaymentRequests } from '../api/payment-requests';
import { formatBillDate } from '../model/share-link';
import { PaymentLinksDialog } from './payment-links-dialog';

/**
 * The Payments tab's 'Recent Payment Links' (payments-accounts.md §2): each bill with links, its
 * date, total, how many have paid and whether it is complete; each opens its links dialog.
 */
/** How many of the listed bills are watched by their streams at once. */
const WATCHED_BILLS = 3;

function LiveBill({ billId }: { billId: string }) {
  useLiveBill(billId);
  return null;
}

export function PaymentRequestsList() {
  const requests = usePaymentRequests();
  const [openBill, setOpenBill] = useState<{ id: string; name: string } | null>(null);

  if (requests.isPending) return <RequestsSkeleton />;
  if (requests.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center rounded-3xl border border-red-200 bg-white px-6 py-8 text-center"
      >
        <CircleAlert aria-hidden className="size-8 text-danger" />
        <p className="mt-2 font-semibold">
          {errorMessage(requests.error, 'Could not load your payment links')}
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => void requests.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (requests.data.requests.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
        <QrCode aria-hidden className="size-10 text-gray-500" />
        <p className="mt-3 font-semibold">No payment links yet</p>
        <p className="mt-1 text-muted">
          Split a bill, then tap &lsquo;Covered the bill? Get paid back&rsquo; to send each friend a
          link.
        </p>
      </div>
    );
  }

  // The newest bills still waiting for friends are watched live (a browser keeps six connections
  // to a site: a few streams, not one per bill).
  const watched = requests.data.requests
    .filter((r) => r.billStatus === 'active')
    .slice(0, WATCHED_BILLS)
    .map((r) => r.billId);

  return (
    <>
      {watched.map((id) => (
        <LiveBill key={id} billId={id} />
      ))}
      <ul className="flex flex-col gap-2">
        {requests.data.requests.map((r) => {
          const status = billPaymentLabel(r.billStatus) ?? 'Active';
          const date = formatBillDate(r.date);
          return (
            <li key={r.billId}>
              <button
                type="button"
                onClick={() => setOpenBill({ id: r.billId, name: r.billName })}
                data-testid="payment-request"
                className="flex w-full items-center gap-3 rounded-2xl bg-white p-4 text-left shadow-sm ring-1 ring-line/70 hover:bg-brand-50"
              >
                {/* Named by everything it shows (WCAG 2.5.3, label in name), after what it does. */}
                <span className="sr-only">View payment links: </span>
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="line-clamp-2 break-words font-semibold leading-snug">
                      {r.billName}
                    </p>
                    <p className="tabular shrink-0 font-semibold">
                      {formatPence(toPence(r.totalAmount))}
                    </p>
                  </div>
                  {date && <p className="text-sm text-muted">{date}</p>}
                  <div className="mt-2 flex items-center justify-between gap-2">
                    <p className="text-sm">{paidCountText(r.paidCount, r.linkCount)}</p>
                    <StatusBadge tone={status === 'Completed' ? 'done' : 'waiting'}>
                      {status}
                    </StatusBadge>
                  </div>
                </div>
                <ChevronRight aria-hidden className="size-5 shrink-0 text-muted" />
              </button>
            </li>
          );
        })}
      </ul>
      <PaymentLinksDialog
        billId={openBill?.id ?? ''}
        billName={openBill?.name ?? ''}
        open={openBill !== null}
        onOpenChange={(open) => !open && setOpenBill(null)}
      />
    </>
  );
}

function RequestsSkeleton() {
  return (
    <div role="status" aria-label="Loading payment links" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          data-testid="request-skeleton"
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line/70"
        >
          <div className="flex justify-between">
            <div className="h-5 w-1/2 animate-pulse rounded bg-gray-200" />
            <div className="h-5 w-16 animate-pulse rounded bg-gray-200" />
          </div>
          <div className="mt-2 h-4 w-1/3 animate-pulse rounded bg-gray-200" />
          <div className="mt-3 flex justify-between">
            <div className="h-4 w-20 animate-pulse rounded bg-gray-200" />
            <div className="h-5 w-16 animate-pulse rounded-full bg-gray-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
