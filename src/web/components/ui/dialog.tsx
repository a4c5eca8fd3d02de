import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Hide the title visually (it is still announced). */
  hideTitle?: boolean;
}

/** A bottom sheet on phones, a centred card on wider screens; Escape and the cross close it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  hideTitle,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-[fade-in_100ms_ease-out]" />
        <RadixDialog.Content
          className="fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[92dvh] w-full max-w-md overflow-y-auto rounded-t-3xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl outline-none data-[state=open]:animate-[fade-in_100ms_ease-out] sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className={hideTitle ? 'sr-only' : 'text-xl font-bold'}>
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="-m-2 grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-surface"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="mb-4 text-muted">
              {description}
            </RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
