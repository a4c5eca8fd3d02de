import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  creatorPickingResponseSchema,
  finishPickingResponseSchema,
  joinLinkResponseSchema,
  type CreatorPickingResponse,
  type CreatorPicksBody,
  type FinishPickingResponse,
  type JoinLinkResponse,
} from '../../../../contracts/join';
import { activityKeys } from '../../../entities/activity/api/activity';
import { apiRequest } from '../../../lib/api';
import { billsKeys } from '../../../entities/bill/api/keys';

// The creator's side of a bill friends are picking (issue 50's Contract). Every change answers
// with, or is followed by, the picking view as the server now has it.

export const pickingKeys = {
  view: (billId: string) => [...billsKeys.detail(billId), 'picking'] as const,
};

const path = (billId: string, rest = '') => `/api/bills/${encodeURIComponent(billId)}${rest}`;

/** GET /api/bills/:id/picking: every item with its pickers, everyone's share so far, the join link. */
export const pickingQuery = (billId: string) =>
  queryOptions({
    queryKey: pickingKeys.view(billId),
    queryFn: async ({ signal }): Promise<CreatorPickingResponse> =>
      creatorPickingResponseSchema.parse(
        await apiRequest('GET', path(billId, '/picking'), undefined, { signal }),
      ),
    staleTime: 0,
    retry: false,
  });

export function usePicking(billId: string) {
  return useQuery(pickingQuery(billId));
}

/** POST /api/bills/:id/join-link: the bill's one join link (the bill becomes `picking`). */
export async function createJoinLink(billId: string): Promise<JoinLinkResponse> {
  return joinLinkResponseSchema.parse(await apiRequest('POST', path(billId, '/join-link'), {}));
}

export type PickingChange =
  | { kind: 'picks'; body: CreatorPicksBody }
  | { kind: 'assign-rest'; participantId: string }
  | { kind: 'split-rest' };

async function applyChange(billId: string, change: PickingChange): Promise<void> {
  if (change.kind === 'picks') await apiRequest('PUT', path(billId, '/picks'), change.body);
  else if (change.kind === 'assign-rest')
    await apiRequest('POST', path(billId, '/picking/assign-rest'), {
      participantId: change.participantId,
    });
  else await apiRequest('POST', path(billId, '/picking/split-rest'));
}

/** A change the creator makes to the picks: anyone's picks, what is left assigned or split. */
export function usePickingChange(billId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PickingChange) => applyChange(billId, change),
    onSettled: () => client.invalidateQueries({ queryKey: pickingKeys.view(billId) }),
  });
}

/** POST /api/bills/:id/picking/finish ("Ask for the rest"): payment links; the bill turns active. */
export function useFinishPicking(billId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<FinishPickingResponse> =>
      finishPickingResponseSchema.parse(await apiRequest('POST', path(billId, '/picking/finish'))),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: billsKeys.all }),
        client.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
