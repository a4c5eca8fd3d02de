import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { FriendsDialog } from '../../features/split/components/friends-dialog';
import { SplitEditor } from '../../features/split/components/split-editor';
import { useSplitEditor } from '../../features/split/components/use-split-editor';
import { newId } from '../../lib/new-id';

/**
 * /split-bill: the split editor on its own screen. With nobody on the bill yet it opens the friends
 * dialog first; confirmed names become the participants.
 */
export function SplitBillScreen() {
  const [, navigate] = useLocation();
  const { state, dispatch } = useSplitEditor();
  const [friendsOpen, setFriendsOpen] = useState(() => state.participants.length === 0);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface px-4 pt-4">
      <header className="mb-5 flex items-center gap-2">
        <button
          type="button"
          onClick={() => navigate('/')}
          aria-label="Back to home"
          className="-ml-2 grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white"
        >
          <ArrowLeft aria-hidden className="size-6" />
        </button>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">Split the bill</h1>
          <p className="truncate text-sm text-muted">{state.billName}</p>
        </div>
      </header>
      <SplitEditor
        state={state}
        dispatch={dispatch}
        // SEAM(receipt issue): drive this from the receipt processing state in session storage.
        processingReceipt={false}
        onSplit={() => navigate('/summary')}
        onAddFriends={() => setFriendsOpen(true)}
        footerClassName="-mx-4 px-4"
      />
      <FriendsDialog
        open={friendsOpen}
        onOpenChange={setFriendsOpen}
        // The spec goes on to /receipt-flow here; until the receipt issue builds it, the names
        // become the participants of the editor already on screen.
        onContinue={(names) => {
          dispatch({
            type: 'addParticipants',
            participants: names.map((name) => ({ id: newId(), name })),
          });
          setFriendsOpen(false);
        }}
      />
    </main>
  );
}
