import { toast } from '../../../components/ui/use-toast';
import { paymentLinkClipboardText, paymentLinkMessage } from '../model/share-link';

/**
 * 'Send a payment link instead' (payments-accounts.md §2 /qr-payment): the phone's share sheet with
 * the friend's link and a line saying what they owe; where there is none, the clipboard.
 */
export async function sharePaymentLink(
  friend: { name: string; amountIncludingFee: string; url: string },
  billName: string,
): Promise<void> {
  const text = paymentLinkMessage(friend, billName);
  const data = { title: billName, text, url: friend.url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (err) {
      // The user closed the share sheet: nothing to do.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      // Otherwise (not allowed here, no share targets) fall back to the clipboard.
    }
  }
  if (await copyText(paymentLinkClipboardText(friend, billName))) {
    toast({ variant: 'success', title: 'Link copied', description: `Send it to ${friend.name}.` });
  } else {
    toast({
      variant: 'destructive',
      title: 'Could not copy the link',
      description: 'Show the QR code instead, or try again.',
    });
  }
}

/** Writes to the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
