import { lazy, Suspense, type ReactNode } from 'react';
import type { confirmStyles } from './confirm-styles';
import { useOpenedOnce } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, read out first by screen readers. */
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: keyof typeof confirmStyles;
  onConfirm: () => void;
  /** A choice to make before confirming (such as how a friend paid), between the words and the buttons. */
  children?: ReactNode;
}

// Radix AlertDialog loads when a question is first asked (see dialog.tsx).
const ConfirmDialogSheet = lazy(() =>
  import('./confirm-dialog-sheet').then((m) => ({ default: m.ConfirmDialogSheet })),
);

/**
 * A yes/no question that must be answered before going on: an alert dialog that focuses Cancel,
 * so an accidental Enter keeps things as they were. Used instead of window.confirm, which cannot be
 * styled, is blocked in some embedded browsers, and freezes the page.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogSheet {...props} />
    </Suspense>
  );
}
