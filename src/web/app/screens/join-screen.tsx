import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'wouter';
import type { JoinBillResponse } from '../../../contracts/join';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { useJoinBill } from '../../features/join/api/join-bill';
import { useJoinAs } from '../../features/join/api/join-bill-as';
import { creatorNameOf, JoinHeader } from '../../features/join/components/join-header';
import { NameChooser } from '../../features/join/components/name-chooser';
import { useJoinLive } from '../../features/join/components/use-join-live';
import {
  forgetDeviceSecret,
  readDeviceSecret,
  saveDeviceSecret,
  type DeviceSecret,
} from '../../features/join/model/device-secret';
import { HomeLink, PayLoading, StatusPanel } from '../../features/payer/components/pay-states';
import { PayFrame } from '../../features/payer/components/pay-frame';

// The picking part (items, share, checkout) is its own chunk: a friend opening the link from the
// QR code first sees "Who are you?", which needs none of it. It is fetched as soon as this device
// has joined (or is joining), alongside the bill.
const loadPicking = () => import('./join-picking');
const JoinPicking = lazy(() => loadPicking().then((m) => ({ default: m.JoinPicking })));

export const JOIN_NOT_FOUND_TITLE = 'This link has expired or does not exist';
const JOIN_LOAD_FAILED = "We couldn't load this bill. Check your connection and try again.";

/**
 * /join/:token (DECISIONS.md "Friends pick their own items"), public: choose your name, tick what
 * you had, see your share to the penny, then pay now or later. The device keeps the friend's
 * secret, so coming back shows their picks.
 */
export function JoinScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const bill = useJoinBill(token);
  const [me, setMe] = useState<DeviceSecret | null>(() => readDeviceSecret(token));
  useJoinLive(token, bill.isSuccess);
  useEffect(() => {
    if (me) void loadPicking();
  }, [me]);

  if (bill.isPending) return <PayLoading label="Loading the bill" />;
  if (bill.isError) {
    const missing = bill.error instanceof ApiError && bill.error.status === 404;
    return (
      <PayFrame label="No account needed">
        <StatusPanel
          tone={missing ? 'expired' : 'error'}
          alert={!missing}
          title={missing ? JOIN_NOT_FOUND_TITLE : 'Something went wrong'}
          message={
            missing
              ? 'Ask the person who paid the bill to send you the link again, or scan their code.'
              : errorMessage(bill.error, JOIN_LOAD_FAILED)
          }
          actions={
            missing ? (
              <HomeLink>Go to Fairshare</HomeLink>
            ) : (
              <button
                type="button"
                onClick={() => void bill.refetch()}
                className="inline-flex min-h-13 w-full items-center justify-center rounded-2xl bg-brand-700 px-6 text-lg font-semibold text-white hover:bg-brand-800"
              >
                Try again
              </button>
            )
          }
        />
      </PayFrame>
    );
  }
  const data = bill.data;
  const known = me && data.participants.some((p) => p.id === me.participantId) ? me : null;
  if (!known)
    return (
      <ChooseName
        token={token}
        data={data}
        onJoined={(secret) => {
          saveDeviceSecret(token, secret);
          setMe(secret);
        }}
      />
    );
  return (
    <Suspense fallback={<PayLoading label="Loading the bill" />}>
      <JoinPicking
        token={token}
        data={data}
        me={known}
        onForget={() => {
          forgetDeviceSecret(token);
          setMe(null);
        }}
      />
    </Suspense>
  );
}

function ChooseName({
  token,
  data,
  onJoined,
}: {
  token: string;
  data: JoinBillResponse;
  onJoined: (secret: DeviceSecret) => void;
}) {
  const join = useJoinAs(token);
  const [error, setError] = useState<string | null>(null);
  const creator = creatorNameOf(data);
  const free = data.participants
    .filter((p) => !p.joined && !p.isCreator)
    .map((p) => ({ id: p.id, name: p.firstName }));
  const taken = data.participants.filter((p) => p.joined || p.isCreator).map((p) => p.firstName);
  if (data.bill.status !== 'picking')
    return (
      <PayFrame label="No account needed">
        <StatusPanel
          tone="expired"
          title="Picking has ended"
          message={`${creator || 'The person who paid'} has asked everyone for their share. Ask them for your payment link.`}
          actions={<HomeLink>Go to Fairshare</HomeLink>}
        />
      </PayFrame>
    );
  return (
    <PayFrame label="No account needed">
      <JoinHeader
        data={data}
        subtitle={`${creator || 'A friend'} paid for this one. Pick what you had and pay your share, no account needed.`}
      />
      <section className="rounded-3xl bg-white p-4 shadow-sm">
        <NameChooser
          freeNames={free}
          takenNames={taken}
          busy={join.isPending}
          error={error}
          onJoin={({ name }) => {
            setError(null);
            void loadPicking();
            join.mutate(
              { name },
              {
                onSuccess: (answer) => onJoined(answer),
                onError: (err) => setError(errorMessage(err, JOIN_LOAD_FAILED)),
              },
            );
          }}
        />
      </section>
    </PayFrame>
  );
}
