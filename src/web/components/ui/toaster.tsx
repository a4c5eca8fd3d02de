import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Toast } from 'radix-ui';
import { useLocation } from 'wouter';
import { placeToast, type ToastPlace } from './toast-placement';
import { dismissToast, TOAST_DURATION_MS, toastAge, useToastState } from './use-toast';

// A toast asked for just before the app moves to another screen (saved, then home) is that
// screen's news; one already showing belongs to the screen it was shown on.
const FOLLOWS_NAVIGATION_MS = 400;
const REPLACE_EVERY_MS = 250;

/**
 * Where the toast `id` stands, measured again while it shows (screens load and scroll under it);
 * null until it has been measured, so it never flashes in a place it then leaves.
 */
function useToastPlace(
  id: number | null,
  viewport: RefObject<HTMLOListElement | null>,
): ToastPlace | null {
  const [placed, setPlaced] = useState<{ id: number; place: ToastPlace } | null>(null);
  useLayoutEffect(() => {
    if (id === null) return;
    let frame = 0;
    const measure = () => {
      const el = viewport.current;
      const height = el?.firstElementChild?.getBoundingClientRect().height ?? 0;
      if (height === 0) {
        frame = requestAnimationFrame(measure);
        return;
      }
      const place = placeToast(height, el);
      setPlaced((prev) =>
        prev?.id === id && JSON.stringify(prev.place) === JSON.stringify(place)
          ? prev
          : { id, place },
      );
    };
    measure();
    const timer = setInterval(measure, REPLACE_EVERY_MS);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
      window.removeEventListener('resize', measure);
    };
  }, [id, viewport]);
  return placed?.id === id ? placed.place : null;
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
  const [location] = useLocation();
  const shownAt = useRef(location);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    if (toastAge() > FOLLOWS_NAVIGATION_MS) dismissToast();
  }, [location]);
  const place = useToastPlace(t?.open ? t.id : null, viewport);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={place && 'top' in place ? 'up' : 'down'}
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
        // Where it hides no heading and no control (toast-placement.ts), and click-through where
        // no toast is.
        style={
          place === null
            ? { bottom: 0, visibility: 'hidden' }
            : 'bottom' in place
              ? { bottom: place.bottom }
              : { top: place.top }
        }
        data-place={
          place === null ? undefined : 'bottom' in place ? 'above-bottom-bar' : 'below-header'
        }
        className="pointer-events-none fixed inset-x-0 z-[100] mx-auto flex w-full max-w-md flex-col px-4 outline-none"
      />
    </Toast.Provider>
  );
}
