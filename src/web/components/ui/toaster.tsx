import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Toast } from 'radix-ui';
import { dismissToast, TOAST_DURATION_MS, useToastState } from './use-toast';

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
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="up" swipeThreshold={50}>
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
        // Below the app header's 4rem (its bell and avatar stay reachable while a toast shows),
        // and click-through where no toast is.
        className="pointer-events-none fixed inset-x-0 top-16 z-[100] mx-auto flex w-full max-w-md flex-col p-4 outline-none"
      />
    </Toast.Provider>
  );
}
