import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Toast } from 'radix-ui';
import { useLocation } from 'wouter';
import {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_ANCHOR,
  TOAST_SCREEN_GRACE_MS,
  useToastState,
} from './use-toast';

/**
 * Where the toast stands: just above what the screen fixes to its bottom (the tab bar or the
 * action bar), where it hides no heading and no control; below the header on a screen with none.
 * The distance from the bottom of the window, or null for the top.
 */
function bottomOffset(): number | null {
  const height = window.innerHeight;
  let top = height;
  for (const el of document.querySelectorAll(`[${TOAST_ANCHOR}]`)) {
    const box = el.getBoundingClientRect();
    // Only a bar that stands at the window's bottom now (a sticky bar further down does not).
    if (box.height > 0 && box.bottom >= height - 2 && box.top < top) top = box.top;
  }
  return top < height ? Math.round(height - top) : null;
}

const variants = {
  default: 'border-line bg-white text-ink',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  destructive: 'border-red-200 bg-red-50 text-red-900',
};

/**
 * The toast region: one toast at a time, 5 s each; F8 (Radix's default hotkey) focuses it.
 * `focusOnMount`: it was loaded by that F8 press, which Radix did not hear yet.
 */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const t = useToastState();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);

  // Placed for the screen it shows on, again when the window changes size.
  const [offset, setOffset] = useState<number | null>(null);
  const [location] = useLocation();
  const shown = t?.open ? t.id : null;
  useLayoutEffect(() => {
    if (shown === null) return;
    const place = () => setOffset(bottomOffset());
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [shown, location]);

  // Another screen: a toast the user has had time to see stays behind.
  const at = useRef(location);
  useEffect(() => {
    if (at.current === location) return;
    at.current = location;
    if (t?.open && Date.now() - t.shownAt > TOAST_SCREEN_GRACE_MS) dismissToast(t.id);
  }, [location, t]);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={offset === null ? 'up' : 'down'}
      swipeThreshold={50}
    >
      {t && (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 shadow-lg ${variants[t.variant ?? 'default']}`}
        >
          <div className="min-w-0 flex-1">
            <Toast.Title className="font-semibold">{t.title}</Toast.Title>
            {t.description && (
              <Toast.Description className="mt-0.5 text-sm opacity-90">
                {t.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="-m-2 grid size-11 shrink-0 place-items-center rounded-full opacity-70 hover:opacity-100"
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        ref={viewport}
        // Above the screen's bottom bar, or else below the app header's 4rem (its bell and avatar
        // stay reachable while a toast shows); click-through where no toast is.
        style={offset === null ? undefined : { top: 'auto', bottom: offset }}
        className="pointer-events-none fixed inset-x-0 top-16 z-[100] mx-auto flex w-full max-w-md flex-col p-4 outline-none"
      />
    </Toast.Provider>
  );
}
