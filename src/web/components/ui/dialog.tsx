import type { Dialog as RadixDialog } from 'radix-ui';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';

type ContentProps = ComponentProps<typeof RadixDialog.Content>;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Pinned under the scrolling body, at thumb height: the dialog's main actions. */
  footer?: ReactNode;
  /** Nearly full height, for long content such as the split editor. */
  tall?: boolean;
  /** Where focus goes on open; Radix focuses the first focusable element unless prevented. */
  onOpenAutoFocus?: ContentProps['onOpenAutoFocus'];
}

// Radix Dialog (with its focus trap and scroll lock) is 15 KB gzip that no screen needs before a
// dialog first opens: it loads then (from the service worker's copy once installed), and stays.
const DialogSheet = lazy(() => import('./dialog-sheet').then((m) => ({ default: m.DialogSheet })));

/**
 * A modal dialog: a bottom sheet on a phone, where the thumb is, and a centred card on wider
 * screens; focus is trapped inside while open and returns to where it was on close (Radix).
 */
export function Dialog(props: DialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogSheet {...props} />
    </Suspense>
  );
}

/** True from the first time `open` is true: the dialog then stays mounted, for its closing. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
