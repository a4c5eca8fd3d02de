import { BillName } from '../../entities/bill/components/bill-name';
import { BackButton } from '../../components/ui/back-button';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../components/ui/use-toast';
import { ManualEntryDialog } from '../../features/receipt/components/manual-entry-dialog';
import { TakePhotoDialog } from '../../features/receipt/components/take-photo-dialog';
import { UploadPreviewDialog } from '../../features/receipt/components/upload-preview-dialog';
import {
  clearReading,
  startReading,
  useReceiptProcessing,
} from '../../features/receipt/components/use-receipt-processing';
import type { ReceiptData } from '../../features/receipt/model/processing-state';
import { outcomeToast } from '../../features/receipt/model/scan-messages';
import { FriendsDialog } from '../../features/split/components/friends-dialog';
import { SplitEditor } from '../../features/split/components/split-editor';
import { UnsavedDraftCard } from '../../features/split/components/unsaved-draft-card';
import { useSplitEditor } from '../../features/split/components/use-split-editor';
import { useSaveBill } from '../../features/bills/api/save-bill';
import { pickingBillBody } from '../../features/bills/model/save-body';
import { createJoinLink } from '../../features/picking/api/picking';
import { toSplitInput } from '../../features/split/model/editor-state';
import {
  discardParkedDraft,
  forgetSplit,
  loadParkedDraft,
  saveSummary,
  takeBackParkedDraft,
} from '../../entities/bill/draft/draft-bill';
import { reportError } from '../../components/ui/report-error';
import { newId } from '../../lib/new-id';
import { displayFirstName, useCurrentUser } from '../../lib/use-current-user';
import { isOnline } from '../../lib/use-online';

type ReceiptDialog = 'upload' | 'photo' | 'manual' | null;

/**
 * /split-bill: the split editor on its own screen. With nobody on the bill yet it opens the friends
 * dialog first; confirmed names become the participants. A receipt read in the background (from
 * home, or the upload dialog here) lands in the editor when it is done, and the scan and manual
 * entry dialogs are offered from the editor.
 */
export function SplitBillScreen() {
  const [, navigate] = useLocation();
  const { state, dispatch } = useSplitEditor();
  const [friendsOpen, setFriendsOpen] = useState(() => state.participants.length === 0);
  const [dialog, setDialog] = useState<ReceiptDialog>(null);
  const processing = useReceiptProcessing();
  const consumed = useRef<number | null>(null);
  // An unsaved bill put aside when this scan started: offered back, never mixed into this one.
  const [parked, setParked] = useState(loadParkedDraft);
  const { user } = useCurrentUser();
  const save = useSaveBill();
  const [picking, setPicking] = useState(false);

  // The second way to split: the bill is saved for friends to pick their own items (status
  // picking, the creator first), given its join link, and the picking screen shows its QR code.
  const letFriendsPick = async () => {
    if (picking) return;
    if (!isOnline()) {
      toast({
        variant: 'destructive',
        title: "You're offline",
        description: 'Friends pick from a link: connect to the internet, then try again.',
      });
      return;
    }
    setPicking(true);
    try {
      const body = pickingBillBody(
        {
          billName: state.billName,
          input: toSplitInput(state),
          receiptId: state.receiptId,
          creatorName: displayFirstName(user),
        },
        new Date(),
      );
      const { id } = await save.mutateAsync(body);
      await createJoinLink(id);
      forgetSplit();
      navigate(`/bill/${encodeURIComponent(id)}/picking`);
    } catch (err) {
      setPicking(false);
      reportError(err, "Couldn't save the bill", 'Failed to save bill. Please try again.');
    }
  };

  const loadReading = (reading: ReceiptData) =>
    dispatch({
      type: 'loadReceipt',
      receipt: reading,
      ids: reading.items.map(() => newId()),
    });

  // A finished reading is taken once: its items replace the bill's; with none (or on failure) only
  // the sample items go, so they never pass for the receipt's and nothing typed is lost. Its toast
  // shows, and the state returns to idle.
  useEffect(() => {
    if (processing.status !== 'complete' && processing.status !== 'error') return;
    if (consumed.current === processing.startTime) return;
    consumed.current = processing.startTime;
    if (processing.status === 'complete' && processing.data.items.length > 0)
      loadReading(processing.data);
    else dispatch({ type: 'dropSampleItems' });
    const message = outcomeToast(processing, processing.source === 'editor' ? 'preview' : 'scan');
    if (message) toast(message);
    clearReading();
    // loadReading only dispatches; the reading itself is what this effect follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [processing, dispatch]);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface px-4 pt-4">
      <header className="mb-5 flex items-center gap-2">
        <BackButton label="Back to home" onClick={() => navigate('/')} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">Split the bill</h1>
          <BillName
            as="p"
            name={state.billName}
            onRename={(name) => dispatch({ type: 'renameBill', name })}
            textClassName="pt-2 text-sm text-muted"
            testId="bill-name"
          />
        </div>
      </header>
      {parked && (
        <div className="mb-5">
          <UnsavedDraftCard
            draft={parked}
            onContinue={() => {
              const taken = takeBackParkedDraft(state);
              if (taken) dispatch({ type: 'replace', state: taken });
              setParked(null);
            }}
            onDiscard={() => {
              discardParkedDraft();
              setParked(null);
            }}
          />
        </div>
      )}
      <SplitEditor
        state={state}
        dispatch={dispatch}
        processingReceipt={processing.status === 'pending'}
        onSplit={(summary) => {
          saveSummary(summary);
          navigate('/summary');
        }}
        onAddFriends={() => setFriendsOpen(true)}
        onScanReceipt={() => setDialog('photo')}
        onUploadReceipt={() => setDialog('upload')}
        onEnterItems={() => setDialog('manual')}
        onLetFriendsPick={() => void letFriendsPick()}
        lettingFriendsPick={picking}
        footerClassName="-mx-4 px-4"
      />
      <FriendsDialog
        open={friendsOpen}
        onOpenChange={setFriendsOpen}
        // Here the editor is already on screen, so the names join it directly; the receipt journey
        // from home goes through /receipt-flow instead (see ReceiptCaptureHost).
        onContinue={(names) => {
          dispatch({
            type: 'addParticipants',
            participants: names.map((name) => ({ id: newId(), name })),
          });
          setFriendsOpen(false);
        }}
      />
      <UploadPreviewDialog
        open={dialog === 'upload'}
        onOpenChange={(open) => setDialog(open ? 'upload' : null)}
        onProcess={(file) => {
          startReading(file, 'editor');
          setDialog(null);
        }}
        onEnterManually={() => setDialog('manual')}
      />
      <TakePhotoDialog
        open={dialog === 'photo'}
        onOpenChange={(open) => setDialog(open ? 'photo' : null)}
        onRead={(reading) => {
          loadReading(reading);
          setDialog(null);
        }}
        onEnterManually={() => setDialog('manual')}
      />
      <ManualEntryDialog
        open={dialog === 'manual'}
        onOpenChange={(open) => setDialog(open ? 'manual' : null)}
        onAdd={(items) => {
          dispatch({ type: 'addItems', items: items.map((item) => ({ ...item, id: newId() })) });
          setDialog(null);
        }}
      />
    </main>
  );
}
