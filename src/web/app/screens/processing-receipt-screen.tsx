import { useEffect, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { ProcessingView } from '../../features/receipt/components/processing-view';
import { useReceiptProcessing } from '../../features/receipt/components/use-receipt-processing';
import { FAILURE_DELAY_MS, SUCCESS_DELAY_MS } from '../../features/receipt/model/processing-state';
import { FriendsDialog } from '../../features/split/components/friends-dialog';
import { clearWorkingBill, loadParticipantNames } from '../../entities/bill/draft/draft-bill';

/**
 * /processing-receipt (spec §2): 'Hold tight...' while the receipt is read. Once it is (800 ms after
 * success, 1000 ms after failure, so the outcome can be seen) it goes on to the editor, asking for
 * the participants' names first if nobody has given them yet.
 */
export function ProcessingReceiptScreen() {
  const [, navigate] = useLocation();
  const state = useReceiptProcessing();
  const [askNames, setAskNames] = useState(false);
  const settled = state.status === 'complete' || state.status === 'error';

  useEffect(() => {
    if (!settled) return;
    const timer = setTimeout(
      () => {
        if (loadParticipantNames().length > 0) navigate('/split-bill', { replace: true });
        else setAskNames(true);
      },
      state.status === 'complete' ? SUCCESS_DELAY_MS : FAILURE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [settled, state.status, navigate]);

  if (state.status === 'idle') return <Redirect to="/" replace />;
  return (
    <>
      <ProcessingView state={state} />
      <FriendsDialog
        open={askNames}
        // Without names the editor still works: people can be added there.
        onOpenChange={(open) => !open && navigate('/split-bill', { replace: true })}
        onContinue={() => {
          clearWorkingBill();
          navigate('/split-bill', { replace: true });
        }}
      />
    </>
  );
}
