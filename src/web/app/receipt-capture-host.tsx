import { useLocation } from 'wouter';
import { ReadingStatus } from '../features/receipt/components/reading-status';
import { useReceiptCapture } from '../features/receipt/components/use-receipt-capture';
import { useReceiptProcessing } from '../features/receipt/components/use-receipt-processing';
import { FriendsDialog } from '../features/split/components/friends-dialog';
import { clearSplitEditorState } from '../features/split/components/use-split-editor';

/**
 * Mounted once for the whole app: a chosen receipt starts reading at once while the friends dialog
 * asks who is splitting (spec §1 steps 2-3, §2 Home). Continue stores the names (the dialog does)
 * and goes to /receipt-flow, which waits for the reading or goes straight to the editor.
 */
export function ReceiptCaptureHost() {
  const [, navigate] = useLocation();
  const capture = useReceiptCapture();
  const processing = useReceiptProcessing();
  return (
    <FriendsDialog
      open={capture.open}
      onOpenChange={(open) => !open && capture.dismiss()}
      banner={<ReadingStatus state={processing} />}
      onContinue={() => {
        // A new receipt is a new bill: the editor starts afresh with these people.
        clearSplitEditorState();
        capture.close();
        navigate('/receipt-flow');
      }}
    />
  );
}
