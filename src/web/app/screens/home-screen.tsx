import { AppHeader } from '../../components/app-header';
import { BottomNav } from '../../components/bottom-nav';
import { PhotoSourceButtons } from '../../components/photo-source-buttons';
import { useOnboardingReturn } from '../../features/account/components/use-onboarding-return';
import { HomeBills } from '../../features/bills/components/home-bills';
import { WaitingBillsCard } from '../../features/bills/components/waiting-bills-card';
import { WaitingReceiptsCard } from '../../features/receipt/components/waiting-receipts-card';
import { UnsavedDraftCard } from '../../features/split/components/unsaved-draft-card';
import {
  clearWorkingBill,
  discardParkedDraft,
  loadParkedDraft,
  loadUnsavedDraft,
  takeBackParkedDraft,
} from '../../entities/bill/draft/draft-bill';
import { announceReceipt } from '../../lib/receipt-events';
import { useCurrentUser } from '../../lib/use-current-user';
import { useState } from 'react';
import { useLocation } from 'wouter';

/** The working bill when it is unsaved, else one put aside by a scan: either is offered back. */
function unsavedBill() {
  const current = loadUnsavedDraft();
  if (current) return { draft: current, parked: false };
  const parked = loadParkedDraft();
  return parked ? { draft: parked, parked: true } : null;
}

export function HomeScreen() {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const [unsaved, setUnsaved] = useState(unsavedBill);
  useOnboardingReturn();

  return (
    <div className="min-h-dvh pb-28">
      <AppHeader />
      <main className="mx-auto w-full max-w-md px-4 pt-4">
        <h1 className="text-2xl font-bold">Hi {user?.firstName ?? 'there'}</h1>
        <p className="text-muted">Who are we splitting with today?</p>

        <div className="mt-5">
          <PhotoSourceButtons
            cameraLabel="Capture Receipt"
            libraryLabel="Upload From Library"
            onFile={announceReceipt}
          />
        </div>

        {user && (
          <div className="mt-5 space-y-3 empty:hidden">
            {unsaved && (
              <UnsavedDraftCard
                draft={unsaved.draft}
                onContinue={() => {
                  if (unsaved.parked) takeBackParkedDraft(null);
                  navigate('/split-bill');
                }}
                onDiscard={() => {
                  if (unsaved.parked) discardParkedDraft();
                  else clearWorkingBill();
                  setUnsaved(unsavedBill());
                }}
              />
            )}
            <WaitingReceiptsCard userId={user.id} />
            <WaitingBillsCard userId={user.id} />
          </div>
        )}

        <section aria-labelledby="bills-title" className="mt-8">
          <h2 id="bills-title" className="text-lg font-semibold">
            Your bills
          </h2>
          <div className="mt-3">
            <HomeBills />
          </div>
        </section>
      </main>
      <BottomNav active="home" />
    </div>
  );
}
