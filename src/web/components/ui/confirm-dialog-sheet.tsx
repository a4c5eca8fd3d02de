import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

const confirmStyles = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  danger: 'bg-danger text-white hover:bg-red-800',
};

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

/**
 * A yes/no question that must be answered before going on: an alert dialog that focuses Cancel,
 * so an accidental Enter keeps things as they were. Used instead of window.confirm, which cannot be
 * styled, is blocked in some embedded browsers, and freezes the page.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/50 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          {...(description === undefined && { 'aria-describedby': undefined })}
          className="fixed left-1/2 top-1/2 z-[60] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl outline-none data-[state=open]:animate-fade-in"
        >
          <AlertDialog.Title className="text-lg font-bold leading-snug">{title}</AlertDialog.Title>
          {description !== undefined && (
            <AlertDialog.Description className="mt-2 text-muted">
              {description}
            </AlertDialog.Description>
          )}
          {children}
          <div className="mt-6 grid grid-cols-2 gap-3">
            <AlertDialog.Cancel className="min-h-11 rounded-2xl border border-line bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50">
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className={`min-h-11 rounded-2xl px-4 font-semibold ${confirmStyles[tone]}`}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
