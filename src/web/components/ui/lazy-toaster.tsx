import { lazy, Suspense, useEffect, useState } from 'react';
import { useToastRequested } from './use-toast';

// The toast region (Radix Toast) is a tenth of the landing page's script, and no screen shows a
// toast as it opens: it loads with the first toast, or when F8 (its hotkey) is pressed first.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const requested = useToastRequested();
  const [hotkey, setHotkey] = useState(false);
  useEffect(() => {
    if (hotkey) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') setHotkey(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkey]);
  if (!requested && !hotkey) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={hotkey && !requested} />
    </Suspense>
  );
}
