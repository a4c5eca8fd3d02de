import { AlertDialog } from 'radix-ui';
import type { ConfirmDialogProps } from './confirm-dialog';
import { confirmStyles } from './confirm-styles';
import { useReturnFocus } from './return-focus';

/** ConfirmDialog's Radix AlertDialog, loaded when a question is first asked. */
export function ConfirmDialogSheet({
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
  const focus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/50 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          {...focus}
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
