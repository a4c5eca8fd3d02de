import type { JoinBillResponse } from '../../../../contracts/join';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { prefetch, useFetched } from '../../../lib/use-fetched';
import { joinKeys } from './keys';

/** GET /api/join/:token: the bill being picked, its people (first names) and every pick. */
export async function fetchJoinBill(
  token: string,
  signal?: AbortSignal,
): Promise<JoinBillResponse> {
  const raw = await apiRequest('GET', `/api/join/${encodeURIComponent(token)}`, undefined, {
    signal,
  });
  const answer = expectAnswer<JoinBillResponse>(
    raw,
    ['bill', 'notPicked', 'expiresAt'],
    ['participants', 'picks'],
  );
  expectAnswer<JoinBillResponse['bill']>(
    answer.bill,
    ['name', 'serviceCharge', 'tip', 'tax'],
    ['items'],
  );
  return answer;
}

/** The join answer, kept current: asked again whenever the bill's stream says something changed. */
export function useJoinBill(token: string) {
  return useFetched(joinKeys.bill(token), (signal) => fetchJoinBill(token, signal));
}

/** Starts reading the bill as the page loads, beside the screen's scripts. */
export function prefetchJoinBill(token: string) {
  prefetch(joinKeys.bill(token), (signal) => fetchJoinBill(token, signal));
}
