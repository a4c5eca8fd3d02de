import type { JoinBody, JoinResponse } from '../../../../contracts/join';
import { expectAnswer } from '../../../lib/answer';
import { apiRequest } from '../../../lib/api';
import { useAction } from '../../../lib/use-fetched';

/** POST /api/join/:token/participants: join as a name the creator typed, or as a new person. */
export async function joinAs(token: string, body: JoinBody): Promise<JoinResponse> {
  return expectAnswer<JoinResponse>(
    await apiRequest('POST', `/api/join/${encodeURIComponent(token)}/participants`, body),
    ['participantId', 'secret'],
  );
}

export function useJoinAs(token: string) {
  return useAction((body: JoinBody) => joinAs(token, body));
}
