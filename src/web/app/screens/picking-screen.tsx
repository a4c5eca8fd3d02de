import { Redirect, useLocation, useParams } from 'wouter';
import { toast } from '../../components/ui/use-toast';
import { reportError } from '../../components/ui/report-error';
import { errorMessage } from '../../lib/error-message';
import {
  BillDetailSkeleton,
  BillLoadError,
  BillNotFound,
} from '../../features/bills/components/bill-detail-states';
import { billLoadErrorMessage, isBillNotFound } from '../../features/bills/api/bill-detail';
import { useFinishPicking, usePicking, usePickingChange } from '../../features/picking/api/picking';
import { usePickingLive } from '../../features/picking/components/use-picking-live';
import { PickingView } from '../../features/picking/components/picking-view';
import {
  picksWithout,
  setOwnPortions,
  toggleOwnPick,
} from '../../features/picking/model/picking-rows';

/**
 * /bill/:id/picking: the creator's screen of a bill friends are picking. It updates by itself as
 * friends join, pick and pay; "Ask for the rest" ends picking and the bill goes on as a bill with
 * payment links.
 */
export function PickingScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const picking = usePicking(id);
  const change = usePickingChange(id);
  const finish = useFinishPicking(id);
  usePickingLive(id, picking.isSuccess);
  const back = {
    backLabel: 'Back to bill',
    onBack: () => navigate(`/bill/${encodeURIComponent(id)}`),
  };

  if (picking.isPending) return <BillDetailSkeleton {...back} />;
  if (picking.isError) {
    const message = billLoadErrorMessage(picking.error);
    return isBillNotFound(picking.error) ? (
      <BillNotFound message={message} {...back} />
    ) : (
      <BillLoadError message={message} onRetry={() => void picking.refetch()} {...back} />
    );
  }
  const data = picking.data;
  if (data.bill.status !== 'picking')
    return <Redirect to={`/bill/${encodeURIComponent(id)}`} replace />;
  const creatorId = data.participants.find((p) => p.isCreator)?.id ?? '';

  const send = (what: Parameters<typeof change.mutate>[0]) =>
    change.mutate(what, {
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: "That didn't change",
          description: errorMessage(err, 'Please try again.'),
        }),
    });

  return (
    <PickingView
      data={data}
      onBack={back.onBack}
      busy={change.isPending}
      finishing={finish.isPending}
      onToggleOwn={(itemId) =>
        send({
          kind: 'picks',
          body: { participantId: creatorId, picks: toggleOwnPick(data.picks, creatorId, itemId) },
        })
      }
      onOwnPortions={(itemId, portions) =>
        send({
          kind: 'picks',
          body: {
            participantId: creatorId,
            picks: setOwnPortions(data.picks, creatorId, itemId, portions),
          },
        })
      }
      onRemovePick={(participantId, itemId) =>
        send({
          kind: 'picks',
          body: { participantId, picks: picksWithout(data.picks, participantId, itemId) },
        })
      }
      onAssignRest={(participantId) => send({ kind: 'assign-rest', participantId })}
      onSplitRest={() => send({ kind: 'split-rest' })}
      onFinish={() =>
        finish.mutate(undefined, {
          onSuccess: () => {
            toast({
              variant: 'success',
              title: 'Payment links made',
              description: 'Everyone who has not paid can now pay from their link.',
            });
            navigate(`/bill/${encodeURIComponent(id)}`);
          },
          onError: (err) => reportError(err, "Couldn't ask for the rest", 'Please try again.'),
        })
      }
    />
  );
}
