/**
 * A dialog's onOpenAutoFocus that focuses the sheet itself rather than its first field, so that a
 * phone does not open its keyboard over words to be read first.
 */
export function focusSheet(event: Event) {
  event.preventDefault();
  (event.currentTarget as HTMLElement | null)?.focus();
}
