import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JoinBillResponse } from '../../../../contracts/join';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { JOIN_STALE_TIME, joinKeys } from './keys';

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

export const joinBillQuery = (token: string) =>
  queryOptions({
    queryKey: joinKeys.bill(token),
    queryFn: ({ signal }) => fetchJoinBill(token, signal),
    staleTime: JOIN_STALE_TIME,
    retry: false,
  });

/** The join answer, kept current: asked again whenever the bill's stream says something changed. */
export function useJoinBill(token: string) {
  return useQuery(joinBillQuery(token));
}
