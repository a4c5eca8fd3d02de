import { WifiOff } from 'lucide-react';
import { useOnline } from '../lib/use-online';

/**
 * A plain line at the top of every screen while the browser has no connection. The live region
 * is always there (empty when online), so screen readers announce the change.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="sticky top-0 z-50">
      {!online && (
        <p className="flex min-h-10 items-center justify-center gap-2 bg-ink px-4 py-2 text-center text-sm font-medium text-white">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          You&apos;re offline. What you do is kept on this phone until you&apos;re back online.
        </p>
      )}
    </div>
  );
}
