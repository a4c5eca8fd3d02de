import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { toast } from '../../components/ui/use-toast';
import { useSaveBill } from '../../features/bills/api/save-bill';
import { wholeBillBody } from '../../features/bills/model/save-body';
import { clearSplitEditorState } from '../../features/split/components/use-split-editor';
import { shareBill } from '../../features/summary/components/share-bill';
import { SummaryView } from '../../features/summary/components/summary-view';
import { isUnauthorized } from '../../lib/api';
import { clearParticipantNames } from '../../lib/participant-names';
import { clearSummaryData, loadSummaryData } from '../../lib/summary-data';

/** /summary: the split just made, from session storage; home when there is none (spec §2). */
export function SummaryScreen() {
  const [, navigate] = useLocation();
  const [summary] = useState(loadSummaryData);
  const save = useSaveBill();
  if (!summary) return <Redirect to="/" replace />;

  // Spec §4 Save flow: one request with the whole bill, status 'saved'. The working split is
  // cleared only once the bill is stored; on failure everything stays so Done can be tried again.
  const done = () => {
    if (save.isPending) return;
    save.mutate(wholeBillBody(summary, new Date()), {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: 'Success!',
          description: 'Bill has been saved successfully.',
        });
        clearSplitEditorState();
        clearParticipantNames();
        clearSummaryData();
        navigate('/');
      },
      onError: (error) => {
        if (isUnauthorized(error)) return; // the app's one 401 handler already said so
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to save bill. Please try again.',
        });
      },
    });
  };

  return (
    <SummaryView
      summary={summary}
      onBack={() => navigate('/')}
      // SEAM(payments issue): create the bill as 'active' with payment links (spec §4 Get-paid
      // flow, payments-accounts.md). Until then the button says what is coming.
      onGetPaid={() => toast({ title: 'Payment links are coming soon' })}
      onShare={() => void shareBill(summary)}
      onDone={done}
      saving={save.isPending}
    />
  );
}
