import { ListScreen } from '../../components/list-screen';
import { HistoryBills } from '../../features/bills/components/history-bills';

/** /history (spec §2 History): every bill, grouped by when; back goes home. */
export function HistoryScreen() {
  return (
    <ListScreen title="History" back={{ href: '/', label: 'Back to home' }} active="history">
      <HistoryBills />
    </ListScreen>
  );
}
