import { toast } from '../../../components/ui/use-toast';
import type { SummaryData } from '../../../entities/bill/model/summary-data';
import { shareText } from '../model/share-text';

/**
 * 'Share a copy of this bill' (spec §2, §8): the device's share sheet where there is one, else the
 * clipboard with the spec's toast. A share the person cancels is left alone; a share sheet that
 * refuses (no user gesture, unsupported data) falls back to the clipboard.
 */
export async function shareBill(summary: SummaryData): Promise<void> {
  const text = shareText(summary);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: summary.billName, text });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    toast({
      title: 'Copied to clipboard',
      description: 'Bill summary has been copied to your clipboard',
      variant: 'success',
    });
  } catch {
    toast({
      title: "Couldn't share the bill",
      description: 'This browser blocked sharing and copying. Try again from another browser.',
      variant: 'destructive',
    });
  }
}
