import { ChevronRight, Users } from 'lucide-react';
import { Link } from 'wouter';
import type { Friend } from '../../../../contracts/friends';
import { formatPence, toPence } from '../../../../domain/money';
import { errorMessage } from '../../../lib/error-message';
import { friendPath, useFriends } from '../api/friends';
import { BillListSkeleton } from './bill-list';
import { LoadFailed } from './list-states';

/** 'Nothing pending', or what they still owe and on how many bills. */
export function pendingText(friend: Pick<Friend, 'pendingAmount' | 'pendingBills'>): string {
  if (friend.pendingBills === 0) return 'Nothing pending';
  const bills = friend.pendingBills === 1 ? '1 bill' : `${friend.pendingBills} bills`;
  return `${formatPence(toPence(friend.pendingAmount))} pending on ${bills}`;
}

export const sharedText = (n: number) => `${n} shared ${n === 1 ? 'bill' : 'bills'}`;

/**
 * The people the user has split with, most recent first (DECISIONS.md: /friends and the Friends
 * tab): how many bills each shared and what is still pending; a row lists that person's bills.
 */
export function FriendsList() {
  const friends = useFriends();
  if (friends.isPending) return <BillListSkeleton />;
  if (friends.isError) {
    return (
      <LoadFailed
        message={errorMessage(friends.error, 'Could not load your friends')}
        onRetry={() => void friends.refetch()}
      />
    );
  }
  if (friends.data.friends.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
        <Users aria-hidden className="size-10 text-gray-500" />
        <p className="mt-3 font-semibold">No friends yet</p>
        <p className="text-muted">People you split bills with show up here</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Friends">
      {friends.data.friends.map((f) => (
        <li key={f.name.toLowerCase()}>
          <Link
            href={friendPath(f.name)}
            className="flex min-h-16 items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-line/70 hover:bg-brand-50"
          >
            <span
              aria-hidden
              className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 font-semibold text-brand-800"
            >
              {[...f.name][0]?.toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold [overflow-wrap:anywhere]">{f.name}</p>
              <p className="text-sm text-muted">
                {sharedText(f.sharedBills)}
                {' · '}
                <span className={f.pendingBills ? 'font-medium text-amber-900' : undefined}>
                  {pendingText(f)}
                </span>
              </p>
            </div>
            <ChevronRight aria-hidden className="size-5 shrink-0 text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
