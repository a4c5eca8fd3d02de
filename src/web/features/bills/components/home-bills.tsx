import { groupHomeBills } from '../../../../domain/bill-lists';
import { NetworkError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { displayFirstName, useCurrentUser } from '../../../lib/use-current-user';
import { useBills } from '../api/bills-list';
import { homeLine } from '../model/participant-line';
import { BillList, BillListSkeleton } from './bill-list';
import { LoadFailed, NoBills, WaitingForConnection } from './list-states';

/** Home's bill list (spec §2 Home): This week, Last week, or the 3 most recent; else empty. */
export function HomeBills() {
  const { user } = useCurrentUser();
  const bills = useBills();
  const me = user ? displayFirstName(user) : null;

  // Offline with nothing to show yet: a calm note, and the list comes by itself once back online.
  if (bills.isPending && bills.fetchStatus === 'paused') return <WaitingForConnection />;
  if (bills.isError && bills.error instanceof NetworkError) return <WaitingForConnection />;
  if (bills.isPending) return <BillListSkeleton />;
  if (bills.isError) {
    return (
      <LoadFailed
        message={errorMessage(bills.error, 'Could not load your bills')}
        onRetry={() => void bills.refetch()}
      />
    );
  }
  const groups = groupHomeBills(bills.data, new Date());
  if (groups.length === 0) return <NoBills hint="Start by capturing a receipt" />;
  return <BillList groups={groups} line={(b) => homeLine(b.participants, me)} origin="home" />;
}
