import { useState } from 'react';
import { billInputProblem } from '../../../domain/bill-rules';
import { Redirect, useLocation } from 'wouter';
import { toast } from '../../components/ui/use-toast';
import { useSaveBill } from '../../features/bills/api/save-bill';
import { savedBillName, wholeBillBody } from '../../features/bills/model/save-body';
import { PaymentsOnboardingDialog } from '../../features/get-paid/components/payments-onboarding-dialog';
import { useGetPaid } from '../../features/get-paid/components/use-get-paid';
import { shareBill } from '../../features/summary/components/share-bill';
import { SummaryView } from '../../features/summary/components/summary-view';
import { keepBill } from '../../features/bills/components/waiting-bills';
import { KEPT_BILL_TOAST } from '../../features/bills/model/waiting-bill';
import { isUnauthorized, NetworkError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import {
  forgetSplit,
  loadSummary,
  renameDraft,
  summaryClientKey,
} from '../../entities/bill/draft/draft-bill';
import { summaryInput } from '../../entities/bill/model/summary-data';
import { useCurrentUser } from '../../lib/use-current-user';
import { isOnline } from '../../lib/use-online';

/** /summary: the split just made, from session storage; home when there is none (spec §2). */
export function SummaryScreen() {
  const [, navigate] = useLocation();
  const [summary, setSummary] = useState(loadSummary);
  const [clientKey] = useState(() => summaryClientKey());
  const { user } = useCurrentUser();
  const save = useSaveBill();
  const getPaid = useGetPaid();
  if (!summary) return <Redirect to="/" replace />;
  // The bill rules, as the server will apply them: while they refuse the bill, Done and Get paid
  // wait, and the summary says why (a summary kept from an older version of the editor, say).
  const refused = billInputProblem(
    summaryInput(summary),
    savedBillName(summary.billName, new Date()),
  );

  // Offline (or when the request never got an answer), the bill is kept on the device with its
  // client key and saved when the connection returns, exactly once (features/bills/waiting-bills).
  const keepForLater = async (body: ReturnType<typeof wholeBillBody> & { clientKey: string }) => {
    if (!user) return;
    try {
      await keepBill(body, user.id, summary.total);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to save bill. Please try again.',
      });
      return;
    }
    toast(KEPT_BILL_TOAST);
    forgetSplit();
    navigate('/');
  };

  // Spec §4 Save flow: one request with the whole bill, status 'saved'. The working split is
  // cleared only once the bill is stored; on failure everything stays so Done can be tried again.
  const done = () => {
    if (save.isPending || getPaid.pending || refused) return;
    const body = { ...wholeBillBody(summary, new Date()), clientKey };
    if (!isOnline()) {
      void keepForLater(body);
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: 'Success!',
          description: 'Bill has been saved successfully.',
        });
        forgetSplit();
        navigate('/');
      },
      onError: (error) => {
        if (isUnauthorized(error)) return; // the app's one 401 handler already said so
        if (error instanceof NetworkError) {
          void keepForLater(body);
          return;
        }
        // The server's own words (the field it refused and why): the bill stays on screen.
        toast({
          variant: 'destructive',
          title: "Couldn't save the bill",
          description: errorMessage(error, 'Failed to save bill. Please try again.'),
        });
      },
    });
  };

  // Spec §4 Get-paid flow: the whole bill stored, then a payment link per friend (now 'active').
  const getPaidBack = () => {
    if (save.isPending || refused) return;
    if (!isOnline()) {
      toast({
        variant: 'destructive',
        title: "You're offline",
        description:
          'Payment links need a connection. Tap Done to keep the bill, and ask to be paid back once you are online.',
      });
      return;
    }
    getPaid.start({
      kind: 'summary',
      summary,
      createBill: async () => {
        // Saved first; asking for its links makes it active (the server does), so a failure in
        // between leaves an honest saved bill rather than an 'active' one with no links.
        const body = { ...wholeBillBody(summary, new Date()), clientKey };
        const { id } = await save.mutateAsync(body);
        return { id, name: body.name };
      },
      onBillCreated: () => forgetSplit(),
    });
  };

  // The draft takes the new name: the summary, and the editor's working bill behind it.
  const rename = (name: string) => {
    renameDraft(name);
    setSummary({ ...summary, billName: name });
  };

  return (
    <>
      <SummaryView
        summary={summary}
        onRename={rename}
        onBack={() => navigate('/')}
        onGetPaid={getPaidBack}
        onShare={() => void shareBill(summary)}
        onDone={done}
        saving={save.isPending}
        gettingPaid={getPaid.pending}
        refused={refused}
      />
      <PaymentsOnboardingDialog
        open={getPaid.onboardingOpen}
        onOpenChange={getPaid.setOnboardingOpen}
      />
    </>
  );
}
