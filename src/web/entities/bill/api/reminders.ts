import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  remindersResponseSchema,
  type RemindersResponse,
} from '../../../../contracts/notifications';
import { apiRequest } from '../../../lib/api';
import { billsKeys } from './keys';

const path = (billId: string) => `/api/bills/${encodeURIComponent(billId)}/reminders`;

/** GET /api/bills/:id/reminders: when each friend of the bill was last reminded. */
export const remindersQuery = (billId: string) =>
  queryOptions({
    queryKey: [...billsKeys.detail(billId), 'reminders'] as const,
    queryFn: async ({ signal }): Promise<RemindersResponse> =>
      remindersResponseSchema.parse(await apiRequest('GET', path(billId), undefined, { signal })),
  });

export const useReminders = (billId: string, enabled: boolean) =>
  useQuery({ ...remindersQuery(billId), enabled: enabled && billId !== '' });

/** POST /api/bills/:id/reminders: the creator has just shared a reminder with these friends. */
export async function recordReminders(
  billId: string,
  participantIds: string[],
): Promise<RemindersResponse> {
  return remindersResponseSchema.parse(await apiRequest('POST', path(billId), { participantIds }));
}
