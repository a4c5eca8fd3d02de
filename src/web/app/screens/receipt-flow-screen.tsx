import { Redirect } from 'wouter';
import { useReceiptProcessing } from '../../features/receipt/components/use-receipt-processing';

/**
 * /receipt-flow (spec §2): where the receipt journey goes next, by the processing state: still
 * reading to the processing screen, read or failed to the editor, nothing going on to home.
 */
export function ReceiptFlowScreen() {
  const state = useReceiptProcessing();
  if (state.status === 'pending') return <Redirect to="/processing-receipt" replace />;
  if (state.status === 'complete' || state.status === 'error')
    return <Redirect to="/split-bill" replace />;
  return <Redirect to="/" replace />;
}
