import { useRef } from 'react';

/**
 * Gives focus back to whatever had it when a Radix dialog opened. Radix returns focus only to a
 * Dialog.Trigger; our dialogs are opened from state (a long press, a row's button, a step of a
 * flow), so without this focus would fall to the page's start when they close. Spread the result
 * on Dialog.Content / AlertDialog.Content.
 */
export function useReturnFocus(onOpenAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Called as the content mounts, before Radix moves focus into it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
