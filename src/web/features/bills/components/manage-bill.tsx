import { Archive, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BillDetail } from '../../../../contracts/bills';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { reportError } from '../../../components/ui/report-error';
import { toast } from '../../../components/ui/use-toast';
import { useArchiveBill, useDeleteBill } from '../api/manage-bill';

/** What the owner may still do with a bill as it stands (DECISIONS.md Managing saved bills). */
export function manageChoice(bill: Pick<BillDetail, 'hasPayments' | 'archived' | 'status'>) {
  if (!bill.hasPayments) return 'delete' as const;
  if (!bill.archived) return 'archive' as const;
  return null;
}

/**
 * The end of a bill's life, at the foot of its page: delete it while nobody has paid (its links,
 * if any, stop working, and the question says so), else archive it out of the lists.
 */
export function ManageBill({ bill, onGone }: { bill: BillDetail; onGone: () => void }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteBill(bill.id);
  const archive = useArchiveBill(bill.id);
  const choice = manageChoice(bill);
  if (!choice) return null;
  const busy = remove.isPending || archive.isPending;

  const confirm = () => {
    setAsking(false);
    const done = (title: string) => () => {
      toast({ variant: 'success', title });
      onGone();
    };
    const failed = (err: unknown) =>
      reportError(
        err,
        choice === 'delete' ? 'Bill not deleted' : 'Bill not archived',
        'Please try again.',
      );
    if (choice === 'delete')
      remove.mutate(undefined, { onSuccess: done('Bill deleted'), onError: failed });
    else archive.mutate(true, { onSuccess: done('Bill archived'), onError: failed });
  };

  const links = bill.hasPaymentLinks;
  return (
    <section aria-label="Manage this bill" className="flex flex-col gap-2">
      <Button
        variant="ghost"
        block
        className={choice === 'delete' ? 'text-danger' : ''}
        disabled={busy}
        aria-busy={busy}
        onClick={() => setAsking(true)}
      >
        {choice === 'delete' ? (
          <Trash2 aria-hidden className="size-5" />
        ) : (
          <Archive aria-hidden className="size-5" />
        )}
        {choice === 'delete' ? 'Delete bill' : 'Archive bill'}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={choice === 'delete' ? `Delete ${bill.name}?` : `Archive ${bill.name}?`}
        description={
          choice === 'delete'
            ? links
              ? "Its payment links stop working: friends who open them are told the bill is no longer available. This can't be undone."
              : "This can't be undone."
            : 'A friend has paid, so it stays in your data, out of Home and History.'
        }
        confirmLabel={choice === 'delete' ? 'Delete' : 'Archive'}
        tone={choice === 'delete' ? 'danger' : 'primary'}
        onConfirm={confirm}
      />
    </section>
  );
}
