import { groupHistoryBills } from '../../../../domain/bill-lists';
import { errorMessage } from '../../../lib/error-message';
import { displayFirstName, useCurrentUser } from '../../../lib/use-current-user';
import { useBills } from '../api/bills-list';
import { historyLine } from '../model/participant-line';
import { BillList, BillListSkeleton } from './bill-list';
import { LoadFailed, NoBills } from './list-states';

/** History's list (spec §2 History): this week, last week, each date within a year, last year. */
export function HistoryBills() {
  const { user } = useCurrentUser();
  const bills = useBills();
  const me = user ? displayFirstName(user) : null;

  if (bills.isPending) return <BillListSkeleton rows={5} />;
  if (bills.isError) {
    return (
      <LoadFailed
        message={errorMessage(bills.error, 'Could not load your bills')}
        onRetry={() => void bills.refetch()}
      />
    );
  }
  const groups = groupHistoryBills(bills.data, new Date());
  if (groups.length === 0) return <NoBills />;
  return (
    <BillList
      groups={groups}
      line={(b) => historyLine(b.participants, me)}
      origin="history"
      headingLevel={2}
    />
  );
}
