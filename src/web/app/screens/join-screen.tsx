import { useState } from 'react';
import { useParams } from 'wouter';
import type { JoinBillResponse } from '../../../contracts/join';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { useJoinBill } from '../../features/join/api/join-bill';
import { useJoinAs } from '../../features/join/api/join-bill-as';
import { useJoinPaymentLink } from '../../features/join/api/join-payment-link';
import {
  creatorNameOf,
  JoinHeader,
  PayButtons,
  PayLaterPanel,
  PickingBody,
} from '../../features/join/components/join-page';
import { NameChooser } from '../../features/join/components/name-chooser';
import { useJoinLive } from '../../features/join/components/use-join-live';
import { useMyPicks } from '../../features/join/components/use-my-picks';
import {
  forgetDeviceSecret,
  readDeviceSecret,
  saveDeviceSecret,
  type DeviceSecret,
} from '../../features/join/model/device-secret';
import { joinView } from '../../features/join/model/join-view';
import {
  HomeLink,
  PaymentNotAvailableState,
  PayLoading,
  StatusPanel,
} from '../../features/payer/components/pay-states';
import { PayFrame } from '../../features/payer/components/pay-frame';
import { copyText } from '../../features/get-paid/components/share-payment-link';
import { useStartCheckout } from '../../features/payer/components/use-start-checkout';

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
    <Picking
      token={token}
      data={data}
      me={known}
      onForget={() => {
        forgetDeviceSecret(token);
        setMe(null);
      }}
    />
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

function Picking({
  token,
  data,
  me,
  onForget,
}: {
  token: string;
  data: JoinBillResponse;
  me: DeviceSecret;
  onForget: () => void;
}) {
  const picks = useMyPicks({
    token,
    data,
    me,
    onRefused: (reason) =>
      toast({ variant: 'destructive', title: "That pick can't change", description: reason }),
    onForbidden: () => {
      toast({
        variant: 'destructive',
        title: 'Choose your name again',
        description: 'This device is no longer joined to the bill.',
      });
      onForget();
    },
  });
  const view = joinView(data, me.participantId, picks.mine);
  const link = useJoinPaymentLink(token);
  const checkout = useStartCheckout(token, { onStale: () => undefined });
  const [busy, setBusy] = useState<'now' | 'later' | null>(null);
  const person = data.participants.find((p) => p.id === me.participantId)!;
  const creator = creatorNameOf(data);

  if (checkout.notAvailable) return <PaymentNotAvailableState message={checkout.notAvailable} />;
  if (person.paid)
    return (
      <PayFrame label="No account needed">
        <StatusPanel
          tone="success"
          title="You've paid"
          message={`Thank you, ${person.firstName}. Your share of ${data.bill.name} is settled with ${creator || 'the person who paid'}.`}
          actions={<HomeLink>Go to Fairshare</HomeLink>}
        />
      </PayFrame>
    );

  const paymentLink = async () => {
    // Any pick still on its way is stored first: the link is priced from the stored picks.
    return link.mutateAsync({ participantId: me.participantId, secret: me.secret });
  };
  const payNow = async () => {
    setBusy('now');
    try {
      const answer = await paymentLink();
      await checkout.start({
        token: answer.token,
        billName: data.bill.name,
        recipientName: creator,
        testMode: data.testMode,
        people: [
          {
            id: me.participantId,
            name: person.firstName,
            amount: answer.amount,
            fee: answer.fee,
            lines: (view.mine?.lines ?? []).map((l) => ({
              kind: l.kind,
              name: l.name,
              amount: (l.amountPence / 100).toFixed(2),
              portions: l.portions,
            })),
          },
        ],
      });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Payment Error',
        description: errorMessage(err, 'Unable to set up payment. Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  };
  const payLater = async () => {
    setBusy('later');
    try {
      await paymentLink();
    } catch (err) {
      toast({
        variant: 'destructive',
        title: "Couldn't make your link",
        description: errorMessage(err, 'Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <PayFrame
      label="No account needed"
      testMode={data.testMode}
      footer={
        <PayButtons
          view={view}
          busy={busy ?? (checkout.busy ? 'now' : null)}
          saving={picks.saving}
          onPayNow={() => void payNow()}
          onPayLater={() => void payLater()}
        />
      }
    >
      <JoinHeader data={data} subtitle={`${creator || 'A friend'} paid for this one.`} />
      {link.data && busy === null && (
        <PayLaterPanel
          link={link.data}
          onCopy={() =>
            void copyText(link.data.url).then((ok) =>
              toast(
                ok
                  ? { variant: 'success', title: 'Link copied' }
                  : { variant: 'destructive', title: 'Could not copy the link' },
              ),
            )
          }
          onShare={() => {
            if (typeof navigator.share === 'function')
              void navigator
                .share({ title: data.bill.name, url: link.data.url })
                .catch(() => undefined);
            else void copyText(link.data.url);
          }}
        />
      )}
      <PickingBody
        data={data}
        view={view}
        me={me.participantId}
        myName={person.firstName}
        onToggle={picks.toggle}
        onPortions={picks.portions}
        onNotMe={onForget}
      />
    </PayFrame>
  );
}
