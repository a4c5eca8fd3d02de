import { Camera, ImageUp } from 'lucide-react';
import { useRef } from 'react';
import { AppHeader } from '../../components/app-header';
import { BottomNav } from '../../components/bottom-nav';
import { HomeBills } from '../../features/bills/components/home-bills';
import { announceReceipt } from '../../lib/receipt-events';
import { useCurrentUser } from '../../lib/use-current-user';

export function HomeScreen() {
  const { user } = useCurrentUser();
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);
  const pick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) announceReceipt(file);
    e.target.value = '';
  };

  return (
    <div className="min-h-dvh pb-28">
      <AppHeader />
      <main className="mx-auto w-full max-w-md px-4 pt-4">
        <h1 className="text-2xl font-bold">Hi {user?.firstName ?? 'there'}</h1>
        <p className="text-muted">Who are we splitting with today?</p>

        <div className="mt-5 grid grid-cols-2 gap-3">
          <button
            type="button"
            onClick={() => camera.current?.click()}
            className="flex min-h-28 flex-col items-center justify-center gap-2 rounded-3xl bg-brand-700 p-4 font-semibold text-white shadow-md hover:bg-brand-800"
          >
            <Camera aria-hidden className="size-8" />
            Capture Receipt
          </button>
          <button
            type="button"
            onClick={() => library.current?.click()}
            className="flex min-h-28 flex-col items-center justify-center gap-2 rounded-3xl border border-line bg-white p-4 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
          >
            <ImageUp aria-hidden className="size-8" />
            Upload From Library
          </button>
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            className="hidden"
            tabIndex={-1}
            aria-hidden
            onChange={pick}
          />
          <input
            ref={library}
            type="file"
            accept="image/*"
            className="hidden"
            tabIndex={-1}
            aria-hidden
            onChange={pick}
          />
        </div>

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
