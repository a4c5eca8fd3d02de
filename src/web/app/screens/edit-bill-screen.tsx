import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { BillDetail } from '../../../contracts/bills';
import { BackButton } from '../../components/ui/back-button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { reportError } from '../../components/ui/report-error';
import { toast } from '../../components/ui/use-toast';
import { billsKeys } from '../../entities/bill/api/keys';
import { BillName } from '../../entities/bill/components/bill-name';
import { forgetEditedBill } from '../../entities/bill/draft/draft-bill';
import { draftOfSavedBill } from '../../entities/bill/draft/from-saved';
import {
  billLoadErrorMessage,
  isBillNotFound,
  useBillDetail,
} from '../../features/bills/api/bill-detail';
import { isBillLocked, useUpdateBill } from '../../features/bills/api/update-bill';
import {
  BillDetailSkeleton,
  BillLoadError,
  BillLocked,
  BillNotFound,
} from '../../features/bills/components/bill-detail-states';
import { billEditable, LOCKED_BILL_TEXT } from '../../features/bills/components/bill-detail-view';
import { editedBillBody } from '../../features/bills/model/save-body';
import { ManualEntryDialog } from '../../features/receipt/components/manual-entry-dialog';
import { SplitEditor } from '../../features/split/components/split-editor';
import { useEditSavedBill } from '../../features/split/components/use-split-editor';
import { isUnauthorized } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { newId } from '../../lib/new-id';
import { isOnline } from '../../lib/use-online';

const BACK_LABEL = 'Back to the bill';

/**
 * /bill/:id/edit (DECISIONS.md Managing saved bills): a saved bill without payment links in the
 * split editor, its items, people, who had what, service, tip and tax; Save changes sends the whole
 * bill again (PUT /api/bills/:id) and the bill's page shows the amounts the server stored.
 */
export function EditBillScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const bill = useBillDetail(id);
  const back = () => navigate(`/bill/${encodeURIComponent(id)}`);
  const props = { backLabel: BACK_LABEL, onBack: back };

  if (bill.isPending) return <BillDetailSkeleton {...props} />;
  if (bill.isError) {
    const message = billLoadErrorMessage(bill.error);
    return isBillNotFound(bill.error) ? (
      <BillNotFound message={message} {...props} />
    ) : (
      <BillLoadError message={message} onRetry={() => void bill.refetch()} {...props} />
    );
  }
  if (!billEditable(bill.data)) {
    const message =
      bill.data.status === 'picking'
        ? 'Friends are picking their items on this bill: change picks from the picking screen.'
        : LOCKED_BILL_TEXT;
    return <BillLocked message={message} {...props} />;
  }
  return <BillEditor bill={bill.data} onBack={back} />;
}

function BillEditor({ bill, onBack }: { bill: BillDetail; onBack: () => void }) {
  const client = useQueryClient();
  const [saved] = useState(() => draftOfSavedBill(bill));
  const { state, dispatch } = useEditSavedBill(bill.id, () => saved);
  const update = useUpdateBill(bill.id);
  const [leaving, setLeaving] = useState(false);
  const [locked, setLocked] = useState<string | null>(null);
  const [entering, setEntering] = useState(false);
  const changed = JSON.stringify(state) !== JSON.stringify(saved);

  // The changes are given up (or can no longer be saved): they go, and the new bill being made,
  // kept apart in the draft, stays as it was.
  const leave = () => {
    forgetEditedBill();
    onBack();
  };

  const save = (summary: Parameters<typeof editedBillBody>[0]) => {
    if (update.isPending) return;
    if (!isOnline()) {
      toast({
        variant: 'destructive',
        title: "You're offline",
        description: 'Your changes are kept on this device: save them once you are online.',
      });
      return;
    }
    update.mutate(editedBillBody(summary, bill.date, new Date()), {
      onSuccess: () => {
        forgetEditedBill();
        toast({ variant: 'success', title: 'Bill updated' });
        onBack();
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        // Links were made for the bill meanwhile (another tab, another phone): nothing was changed.
        if (isBillLocked(error)) {
          setLocked(errorMessage(error, LOCKED_BILL_TEXT));
          return;
        }
        // Offline or refused: the changes stay in the editor (and the draft) to be saved again.
        reportError(error, "Couldn't save the changes", 'Failed to save bill. Please try again.');
      },
    });
  };

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface px-4 pt-4">
      <header className="mb-5 flex items-center gap-2">
        <BackButton label={BACK_LABEL} onClick={() => (changed ? setLeaving(true) : leave())} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">Edit the bill</h1>
          <BillName
            as="p"
            name={state.billName}
            onRename={(name) => dispatch({ type: 'renameBill', name })}
            textClassName="pt-2 text-sm text-muted"
            testId="bill-name"
          />
        </div>
      </header>
      <SplitEditor
        state={state}
        dispatch={dispatch}
        onSplit={save}
        splitLabel="Save changes"
        splitting={update.isPending}
        onEnterItems={() => setEntering(true)}
        footerClassName="-mx-4 px-4"
      />
      <ManualEntryDialog
        open={entering}
        onOpenChange={setEntering}
        onAdd={(items) => {
          dispatch({ type: 'addItems', items: items.map((item) => ({ ...item, id: newId() })) });
          setEntering(false);
        }}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title="Leave without saving?"
        description="Your changes to this bill will be lost. The bill stays as it was saved."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        tone="danger"
        onConfirm={leave}
      />
      <ConfirmDialog
        open={locked !== null}
        onOpenChange={(open) => !open && setLocked(null)}
        title="This bill can no longer change"
        description={locked}
        confirmLabel={BACK_LABEL}
        cancelLabel="Stay here"
        onConfirm={() => {
          void client.invalidateQueries({ queryKey: billsKeys.detail(bill.id) });
          leave();
        }}
      />
    </main>
  );
}
