import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { DialogProps } from './dialog';
import { useReturnFocus } from './return-focus';

/**
 * Dialog's Radix implementation, loaded when a dialog first opens. Fades in over 100 ms (spec §9);
 * the close button comes last in reading order so that opening lands on the content rather than
 * on "Close".
 */
export function DialogSheet({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  tall,
  onOpenAutoFocus,
}: DialogProps) {
  const focus = useReturnFocus(onOpenAutoFocus);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50 data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          {...focus}
          // No description means nothing to point at; saying so keeps Radix from warning.
          {...(description === undefined && { 'aria-describedby': undefined })}
          className={`fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-md flex-col rounded-t-3xl bg-white shadow-xl outline-none data-[state=open]:animate-fade-in sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2 sm:rounded-3xl ${tall ? 'h-[94dvh] sm:h-[88dvh]' : 'max-h-[92dvh]'}`}
        >
          <div className="px-5 pb-2 pt-5 pr-16">
            <RadixDialog.Title className="text-xl font-bold leading-tight">
              {title}
            </RadixDialog.Title>
            {description !== undefined && (
              <RadixDialog.Description className="mt-1 text-muted">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-4">{children}</div>
          {footer && (
            <div className="border-t border-line px-5 pb-[max(1rem,env(safe-area-inset-bottom))] pt-4">
              {footer}
            </div>
          )}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 grid size-11 place-items-center rounded-full text-muted hover:bg-surface hover:text-ink"
          >
            <X aria-hidden className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
