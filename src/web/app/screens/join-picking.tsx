import { useState } from 'react';
import type { JoinBillResponse } from '../../../contracts/join';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/error-message';
import { useJoinPaymentLink } from '../../features/join/api/join-payment-link';
import { creatorNameOf, JoinHeader } from '../../features/join/components/join-header';
import { PayButtons, PayLaterPanel, PickingBody } from '../../features/join/components/join-page';
import { useMyPicks } from '../../features/join/components/use-my-picks';
import type { DeviceSecret } from '../../features/join/model/device-secret';
import { joinView } from '../../features/join/model/join-view';
import {
  HomeLink,
  PaymentNotAvailableState,
  StatusPanel,
} from '../../features/payer/components/pay-states';
import { PayFrame } from '../../features/payer/components/pay-frame';
import { copyText } from '../../features/get-paid/components/share-payment-link';
import { useStartCheckout } from '../../features/payer/components/use-start-checkout';

/**
 * The friend's page once they have joined (/join/:token, loaded by join-screen.tsx): tick what
 * you had, see your share to the penny, then pay now or later.
 */
export function JoinPicking({
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
