import { FlaskConical, Lock } from 'lucide-react';
import type { ReactNode } from 'react';

export const TEST_MODE_LABEL = 'Test mode — no real money moves';

/** Says plainly that a payer screen is a test (DECISIONS.md Payments: the sandbox). */
export function TestModeBadge() {
  return (
    <p className="inline-flex min-h-8 items-center gap-1.5 self-start rounded-full border border-amber-300 bg-amber-50 px-3 text-sm font-semibold text-amber-900">
      <FlaskConical aria-hidden className="size-4 shrink-0" />
      {TEST_MODE_LABEL}
    </p>
  );
}

/**
 * The frame of every payer screen: Fairshare's name (payers may never have seen it), a secure
 * note, the test-mode label when no real money moves, and a footer that sticks at thumb height.
 */
export function PayFrame({
  children,
  testMode = false,
  footer,
  label = 'Secure payment',
}: {
  children: ReactNode;
  testMode?: boolean;
  footer?: ReactNode;
  label?: string;
}) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface">
      <div className="flex flex-col gap-5 px-4 pb-6 pt-4">
        <div className="flex items-center gap-2">
          <img src="/icon.svg" alt="" className="size-8 rounded-lg" />
          <span className="text-lg font-bold tracking-tight text-brand-800">Fairshare</span>
          <span className="ml-auto inline-flex items-center gap-1 text-sm font-medium text-muted">
            <Lock aria-hidden className="size-4" />
            {label}
          </span>
        </div>
        {testMode && <TestModeBadge />}
        {children}
      </div>
      {footer && (
        <div
          data-toast-anchor
          className="sticky bottom-0 mt-auto flex flex-col gap-2 border-t border-line bg-white/95 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur print:hidden"
        >
          {footer}
        </div>
      )}
    </main>
  );
}
