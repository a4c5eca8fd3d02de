import type { BillDetail } from '../../../../contracts/bills';
import type { CreatePaymentLinksBody } from '../../../../contracts/payments';
import { toDecimalString } from '../../../../domain/money';
import type {
  SummaryData,
  SummaryParticipantAmount,
} from '../../../entities/bill/model/summary-data';

// Who is asked to pay (payments-accounts.md §4 Get-paid flow): everyone on the bill but its creator,
// who is the first participant of a split (the signed-in user) and is flagged so on a saved bill.

/** The friends of an unsaved split: its shares, less the creator's. */
export function friendSharesOfSummary(summary: SummaryData): SummaryParticipantAmount[] {
  const creatorId = summary.participants[0]?.id;
  return summary.participantAmounts.filter((share) => share.id !== creatorId);
}

/** How many friends a saved bill has to be paid back by. */
export function friendCountOfBill(bill: Pick<BillDetail, 'participants'>): number {
  return bill.participants.filter((p) => !p.isCreator).length;
}

/**
 * POST /api/payment-links for a bill just made from the summary: each friend's name and share
 * (the amount due before the card fee) as a 2-decimal string. The server checks each amount against
 * its own split and refuses the lot, storing nothing, if one differs.
 */
export function linksRequestFromSummary(
  billId: string,
  summary: SummaryData,
): CreatePaymentLinksBody {
  return {
    billId,
    participants: friendSharesOfSummary(summary).map((share) => ({
      name: share.name,
      amount: toDecimalString(share.amount),
    })),
  };
}
