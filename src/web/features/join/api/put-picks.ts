import type { MyShare, PutPicksBody } from '../../../../contracts/join';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';

/**
 * PUT /api/join/:token/picks: this person's whole set of picks (idempotent); the answer is their
 * share as the server now stores it. 409 names the payment holding an item; 403 a wrong secret.
 */
export async function putPicks(token: string, body: PutPicksBody): Promise<MyShare> {
  return expectAnswer<MyShare>(
    await apiRequest('PUT', `/api/join/${encodeURIComponent(token)}/picks`, body),
    ['participantId', 'amount', 'fee', 'amountIncludingFee'],
    ['lines'],
  );
}
