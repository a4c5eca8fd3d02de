import { ReceiptText } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import type { SplitEditorState } from '../model/editor-state';

const UNSAVED_DRAFT_QUESTION = 'Continue your unsaved bill?';

/** What an unsaved bill held, in a line: its name's place is the title; items and people here. */
function draftSummary(draft: SplitEditorState): string {
  const items = draft.items.length;
  const people = draft.participants.map((p) => p.name);
  const who = people.length > 0 ? ` with ${people.join(', ')}` : '';
  return `${items} ${items === 1 ? 'item' : 'items'}${who}`;
}

/**
 * 'Continue your unsaved bill?': a bill split but not saved, offered back explicitly (home, and the
 * editor of a newer scan), with the choice to let it go.
 */
export function UnsavedDraftCard({
  draft,
  onContinue,
  onDiscard,
}: {
  draft: SplitEditorState;
  onContinue: () => void;
  onDiscard: () => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-3xl border border-brand-200 bg-brand-50 p-4 text-brand-900"
      data-testid="unsaved-draft"
    >
      <div className="flex items-start gap-3">
        <ReceiptText aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="font-semibold">
            {UNSAVED_DRAFT_QUESTION}
          </h2>
          <p className="mt-0.5 truncate text-sm font-medium" title={draft.billName}>
            {draft.billName}
          </p>
          <p className="line-clamp-2 break-words text-sm">{draftSummary(draft)}</p>
        </div>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onDiscard}>
          Discard it
        </Button>
        <Button onClick={onContinue}>Continue it</Button>
      </div>
    </section>
  );
}
