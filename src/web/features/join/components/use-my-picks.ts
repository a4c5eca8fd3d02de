import { useRef, useState } from 'react';
import type { JoinBillResponse } from '../../../../contracts/join';
import type { PickPortions } from '../../../../domain/picking';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { refetchFetched } from '../../../lib/use-fetched';
import { joinKeys } from '../api/keys';
import { putPicks } from '../api/put-picks';
import type { DeviceSecret } from '../model/device-secret';
import {
  myChangeProblem,
  picksOf,
  setPortions,
  togglePick,
  type MyPicks,
} from '../model/join-view';

export const PICK_NOT_SAVED = 'Your pick was not saved. Check your connection and try again.';

/**
 * My picks on the friend's page: shown at once as I tick (the share follows them, worked out in the
 * browser), sent to the server one set at a time, the latest set winning. A change someone's
 * payment holds is refused with the reason, here by the same rule as the server's or by the
 * server's 409; a wrong secret (403) sends me back to choosing my name.
 */
export function useMyPicks({
  token,
  data,
  me,
  onRefused,
  onForbidden,
}: {
  token: string;
  data: JoinBillResponse;
  me: DeviceSecret | null;
  onRefused: (reason: string) => void;
  onForbidden: () => void;
}) {
  const server = picksOf(data.picks, me?.participantId ?? null);
  const [draft, setDraft] = useState<MyPicks | null>(null);
  const [saving, setSaving] = useState(false);
  const version = useRef(0);
  const inFlight = useRef(false);
  const queued = useRef<MyPicks | null>(null);
  const mine = draft ?? server;

  const send = async (picks: MyPicks, sentVersion: number) => {
    if (!me) return;
    if (inFlight.current) {
      queued.current = picks;
      return;
    }
    inFlight.current = true;
    setSaving(true);
    try {
      await putPicks(token, {
        participantId: me.participantId,
        secret: me.secret,
        picks: [...picks].map(([itemId, portions]) => ({ itemId, portions })),
      });
      await refetchFetched(joinKeys.bill(token));
      if (version.current === sentVersion && !queued.current) setDraft(null);
    } catch (err) {
      queued.current = null;
      setDraft(null);
      if (err instanceof ApiError && err.status === 403) onForbidden();
      else onRefused(errorMessage(err, PICK_NOT_SAVED));
      void refetchFetched(joinKeys.bill(token));
    } finally {
      inFlight.current = false;
      const next = queued.current;
      queued.current = null;
      if (next) void send(next, version.current);
      else setSaving(false);
    }
  };

  const change = (next: MyPicks) => {
    if (!me) return;
    const reason = myChangeProblem(data, me.participantId, mine, next);
    if (reason) {
      onRefused(reason);
      return;
    }
    version.current += 1;
    setDraft(next);
    void send(next, version.current);
  };

  return {
    mine,
    saving,
    toggle: (itemId: string) => change(togglePick(mine, itemId)),
    portions: (itemId: string, portions: PickPortions) =>
      change(setPortions(mine, itemId, portions)),
  };
}
