import type { PublicBill } from '../../../../contracts/payments';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { useFetched } from '../../../lib/use-fetched';
import { payKeys } from './keys';

/** GET /api/payment-links/:token/bill: the link's bill and everyone on it, for paying for several. */
export async function fetchLinkBill(token: string, signal?: AbortSignal): Promise<PublicBill> {
  const raw = await apiRequest(
    'GET',
    `/api/payment-links/${encodeURIComponent(token)}/bill`,
    undefined,
    { signal },
  );
  const bill = expectAnswer<PublicBill>(
    raw,
    ['name', 'creatorName', 'totalAmount', 'linkParticipantId', 'expired'],
    ['participants'],
  );
  // Each participant is checked too: the payer picks from them (spec §8 'Bill participants
  // data is invalid').
  for (const p of bill.participants)
    expectAnswer(
      p,
      ['id', 'participantName', 'amountDueIncludingFee', 'status', 'payable'],
      ['lines'],
    );
  return bill;
}

export function useLinkBill(token: string) {
  return useFetched(payKeys.bill(token), (signal) => fetchLinkBill(token, signal));
}
