import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { toast } from '../../components/ui/use-toast';
import { clearSplitEditorState } from '../../features/split/components/use-split-editor';
import { shareBill } from '../../features/summary/components/share-bill';
import { SummaryView } from '../../features/summary/components/summary-view';
import { clearParticipantNames } from '../../lib/participant-names';
import { clearSummaryData, loadSummaryData } from '../../lib/summary-data';

/** /summary: the split just made, from session storage; home when there is none (spec §2). */
export function SummaryScreen() {
  const [, navigate] = useLocation();
  const [summary] = useState(loadSummaryData);
  if (!summary) return <Redirect to="/" replace />;

  return (
    <SummaryView
      summary={summary}
      onBack={() => navigate('/')}
      // SEAM(payments issue): create the bill as 'active' with payment links (spec §4 Get-paid
      // flow, payments-accounts.md). Until then the button says what is coming.
      onGetPaid={() => toast({ title: 'Payment links are coming soon' })}
      onShare={() => void shareBill(summary)}
      // SEAM(bills issue): Done saves the bill with status 'saved' and invalidates the bills and
      // activity lists (spec §4 Save flow) before the working state is cleared.
      onDone={() => {
        clearSplitEditorState();
        clearParticipantNames();
        clearSummaryData();
        navigate('/');
      }}
    />
  );
}
