import { formatDate } from '../../../../domain/formats';
import { formatPence, toPence } from '../../../../domain/money';

/** The words sent with a friend's payment link (the link itself goes alongside). */
export function paymentLinkMessage(
  friend: { name: string; amountIncludingFee: string },
  billName: string,
) {
  const amount = formatPence(toPence(friend.amountIncludingFee));
  return `Hi ${friend.name}, your share of ${billName} is ${amount}. Pay by card here, no account needed:`;
}

/** What goes on the clipboard when the phone cannot share: the words, then the link. */
export function paymentLinkClipboardText(
  friend: { name: string; amountIncludingFee: string; url: string },
  billName: string,
) {
  return `${paymentLinkMessage(friend, billName)} ${friend.url}`;
}

/**
 * A bill's date ("yyyy-mm-dd") in the spec's long form, "November 22, 2026". Read at noon UTC so the
 * calendar day is the same in London whatever the season; '' for anything that is not a date.
 */
export function formatBillDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date);
}
