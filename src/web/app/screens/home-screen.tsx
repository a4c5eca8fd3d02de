import { AppHeader } from '../../components/app-header';
import { BottomNav } from '../../components/bottom-nav';
import { PhotoSourceButtons } from '../../components/photo-source-buttons';
import { useOnboardingReturn } from '../../features/account/components/use-onboarding-return';
import { HomeBills } from '../../features/bills/components/home-bills';
import { WaitingBillsCard } from '../../features/bills/components/waiting-bills-card';
import { WaitingReceiptsCard } from '../../features/receipt/components/waiting-receipts-card';
import { hasStoredDraft } from '../../entities/bill/draft/draft-key';
import { announceReceipt } from '../../lib/receipt-events';
import { useCurrentUser } from '../../lib/use-current-user';
import { lazy, Suspense, useState } from 'react';

// The draft store checks what it reads with zod: loaded only when this tab holds a draft.
const UnsavedDraftOffer = lazy(() =>
  import('../../features/split/components/unsaved-draft-offer').then((m) => ({
    default: m.UnsavedDraftOffer,
  })),
);

export function HomeScreen() {
  const { user } = useCurrentUser();
  const [hasDraft] = useState(hasStoredDraft);
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
            {hasDraft && (
              <Suspense fallback={null}>
                <UnsavedDraftOffer />
              </Suspense>
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
