import { Users } from 'lucide-react';
import { errorMessage } from '../../../lib/error-message';
import { useBills } from '../api/bills-list';
import { friendsFromBills } from '../model/friends';
import { BillListSkeleton } from './bill-list';
import { LoadFailed } from './list-states';

/** The people the user has split with, from their bills (DECISIONS.md: the Friends tab). */
export function FriendsList() {
  const bills = useBills();
  if (bills.isPending) return <BillListSkeleton />;
  if (bills.isError) {
    return (
      <LoadFailed
        message={errorMessage(bills.error, 'Could not load your friends')}
        onRetry={() => void bills.refetch()}
      />
    );
  }
  const friends = friendsFromBills(bills.data);
  if (friends.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
        <Users aria-hidden className="size-10 text-gray-500" />
        <p className="mt-3 font-semibold">No friends yet</p>
        <p className="text-muted">People you split bills with show up here</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-2">
      {friends.map((f) => (
        <li
          key={f.name}
          className="flex min-h-16 items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-line/70"
        >
          <span
            aria-hidden
            className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 font-semibold text-brand-800"
          >
            {f.name.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{f.name}</p>
            <p className="text-sm text-muted">
              {f.sharedBills} shared {f.sharedBills === 1 ? 'bill' : 'bills'}
              {f.pendingBills > 0 ? ` · ${f.pendingBills} pending` : ''}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
