import { Dialog } from '../../../components/ui/dialog';
import type { SummaryData } from '../../../lib/summary-data';
import { SplitEditor } from './split-editor';
import { useSplitEditor } from './use-split-editor';

export interface SplitEditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  processingReceipt?: boolean;
  onSplit: (summary: SummaryData) => void;
}

/**
 * The split editor as a dialog (spec §2 "also shown as a dialog"), for flows that split without
 * leaving the screen they are on. It edits the same working bill as /split-bill.
 */
export function SplitEditorDialog({
  open,
  onOpenChange,
  processingReceipt,
  onSplit,
}: SplitEditorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Split the bill" tall>
      {/* Mounted only while open, so it reads the stored working bill afresh each time. */}
      <DialogEditor processingReceipt={processingReceipt ?? false} onSplit={onSplit} />
    </Dialog>
  );
}

function DialogEditor({
  processingReceipt,
  onSplit,
}: {
  processingReceipt: boolean;
  onSplit: (summary: SummaryData) => void;
}) {
  const { state, dispatch } = useSplitEditor();
  return (
    <div className="pt-2">
      <SplitEditor
        state={state}
        dispatch={dispatch}
        processingReceipt={processingReceipt}
        onSplit={onSplit}
        footerClassName="-mx-5 -mb-4 px-5"
      />
    </div>
  );
}
