import { groupHistoryBills } from '../../../../domain/bill-lists';
import { NetworkError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { displayFirstName, useCurrentUser } from '../../../lib/use-current-user';
import { Button } from '../../../components/ui/button';
import { useBillsHistory } from '../api/bills-list';
import { historyLine } from '../model/participant-line';
import { BillList, BillListSkeleton } from './bill-list';
import { LoadFailed, NoBills, WaitingForConnection } from './list-states';

/** History's list (spec §2 History): this week, last week, each date within a year, last year. */
export function HistoryBills() {
  const { user } = useCurrentUser();
  const bills = useBillsHistory();
  const me = user ? displayFirstName(user) : null;

  // Offline with nothing to show yet: a calm note, and the list comes by itself once back online.
  if (bills.isPending && bills.fetchStatus === 'paused') return <WaitingForConnection />;
  if (bills.isLoadingError && bills.error instanceof NetworkError) return <WaitingForConnection />;
  if (bills.isPending) return <BillListSkeleton rows={5} />;
  // Only a failed first page replaces the list; a failed older page keeps what is shown.
  if (bills.isLoadingError) {
    return (
      <LoadFailed
        message={errorMessage(bills.error, 'Could not load your bills')}
        onRetry={() => void bills.refetch()}
      />
    );
  }
  const all = bills.data.pages.flatMap((page) => page.bills);
  const groups = groupHistoryBills(all, new Date());
  if (groups.length === 0) return <NoBills />;
  return (
    <>
      <BillList
        groups={groups}
        line={(b) => historyLine(b.participants, me)}
        origin="history"
        headingLevel={2}
      />
      {bills.hasNextPage || bills.isFetchNextPageError ? (
        <div className="mt-4 flex flex-col items-center gap-2">
          {bills.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(bills.error, 'Could not load older bills')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            block
            disabled={bills.isFetchingNextPage}
            aria-busy={bills.isFetchingNextPage}
            onClick={() => void bills.fetchNextPage()}
          >
            {bills.isFetchingNextPage ? 'Loading older bills...' : 'Show older bills'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
