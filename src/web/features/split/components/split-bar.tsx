import { Users } from 'lucide-react';
import { useId } from 'react';
import { formatPence } from '../../../../domain/money';
import type { BillTotals } from '../../../../domain/split';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { EditorProblems } from '../model/editor-state';

export const ALLOCATE_ITEMS_MESSAGE = 'Items need to be allocated';
export const FIX_FIELDS_MESSAGE = 'Put right what is marked above to split';

/** Split, pinned at thumb height, with why it waits when it does. */
export function SplitBar({
  totals,
  needsAllocation,
  problems,
  onSplit,
  label = 'Split',
  busy = false,
  footerClassName,
  onLetFriendsPick,
  lettingFriendsPick = false,
}: {
  totals: BillTotals | null;
  needsAllocation: boolean;
  problems: EditorProblems;
  onSplit: () => void;
  /** The button's words: 'Split', or 'Save changes' for a saved bill. */
  label?: string;
  /** While what the button started is under way. */
  busy?: boolean;
  footerClassName: string;
  /** The second way to split: friends pick their own items from one link (no allocation needed). */
  onLetFriendsPick?: (() => void) | undefined;
  /** While the bill is being saved for picking. */
  lettingFriendsPick?: boolean;
}) {
  const statusId = `${useId()}-status`;
  return (
    <div
      data-toast-anchor
      className={`sticky bottom-0 z-10 mt-6 border-t border-line bg-white/95 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur ${footerClassName}`}
    >
      {onLetFriendsPick && (
        <Button
          variant="secondary"
          block
          className="mb-2"
          disabled={totals === null || problems.any || lettingFriendsPick}
          aria-busy={lettingFriendsPick}
          onClick={onLetFriendsPick}
        >
          {lettingFriendsPick ? (
            <Spinner size="small" label="Saving the bill for your friends" />
          ) : (
            <Users aria-hidden className="size-5" />
          )}
          Let friends pick their items
        </Button>
      )}
      <p
        id={statusId}
        role="status"
        className={`text-center text-sm font-medium ${needsAllocation || problems.any ? 'mb-2 text-amber-800' : 'sr-only'}`}
      >
        {needsAllocation ? ALLOCATE_ITEMS_MESSAGE : problems.any ? FIX_FIELDS_MESSAGE : ''}
      </p>
      <Button
        size="lg"
        block
        disabled={needsAllocation || totals === null || problems.any || busy}
        aria-describedby={statusId}
        aria-busy={busy}
        onClick={onSplit}
      >
        {busy && <Spinner size="small" label="Saving" />}
        {label}
        {totals && !needsAllocation && !problems.any && (
          <span className="tabular font-normal opacity-90">{formatPence(totals.total)}</span>
        )}
      </Button>
    </div>
  );
}
