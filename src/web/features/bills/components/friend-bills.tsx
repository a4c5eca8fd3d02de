import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { FriendBill } from '../../../../contracts/friends';
import { formatDate } from '../../../../domain/formats';
import { formatPence, toPence } from '../../../../domain/money';
import { StatusBadge } from '../../../entities/bill/components/status-badge';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { useFriendBills } from '../api/friends';
import { rememberBillOrigin } from '../model/opened-from';
import { BillListSkeleton } from './bill-list';
import { LoadFailed } from './list-states';
import { pendingText, sharedText } from './friends-list';

/** One friend's bills with the user, newest first, with their share of each and whether it is paid. */
export function FriendBills({ name }: { name: string }) {
  const bills = useFriendBills(name);
  if (bills.isPending) return <BillListSkeleton />;
  if (bills.isError) {
    if (bills.error instanceof ApiError && bills.error.status === 404)
      return (
        <p className="rounded-3xl bg-white p-6 text-center text-muted">
          No bills shared with this person.
        </p>
      );
    return (
      <LoadFailed
        message={errorMessage(bills.error, 'Could not load the bills')}
        onRetry={() => void bills.refetch()}
      />
    );
  }
  const { friend } = bills.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted" data-testid="friend-summary">
        {sharedText(friend.sharedBills)} · {pendingText(friend)}
      </p>
      <ul className="flex flex-col gap-2" aria-label={`Bills with ${friend.name}`}>
        {bills.data.bills.map((bill) => (
          <li key={bill.id}>
            <FriendBillRow bill={bill} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The day the bill was made, as the bill detail writes it. */
function billDate(bill: FriendBill): string {
  const created = new Date(bill.createdAt);
  return Number.isNaN(created.getTime()) ? bill.date : formatDate(created);
}

function FriendBillRow({ bill }: { bill: FriendBill }) {
  const paid = bill.share.status === 'paid';
  return (
    <Link
      href={`/bill/${bill.id}`}
      onClick={() => rememberBillOrigin('history')}
      className="flex min-h-16 items-center gap-3 rounded-2xl bg-white py-3 pl-4 pr-2 shadow-sm ring-1 ring-line/70 hover:bg-brand-50"
    >
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 break-words font-semibold leading-snug">{bill.name}</p>
        <p className="text-sm text-muted">
          {billDate(bill)} · Bill {formatPence(toPence(bill.totalAmount))}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="tabular font-semibold">{formatPence(toPence(bill.share.amountDue))}</p>
        <StatusBadge tone={paid ? 'done' : 'waiting'}>{paid ? 'Paid' : 'Pending'}</StatusBadge>
      </div>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-muted" />
    </Link>
  );
}
