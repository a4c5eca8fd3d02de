import { ChevronRight, EllipsisVertical } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { BillListItem } from '../../../../contracts/bills';
import type { BillGroup } from '../../../../domain/bill-lists';
import { formatPence, toPence } from '../../../../domain/money';
import { rememberBillOrigin, type BillOrigin } from '../model/opened-from';
import { rowState } from '../model/row-state';

export interface BillListProps {
  groups: BillGroup<BillListItem>[];
  /** The participant line of a row: Home and History word it differently (spec §2). */
  line: (bill: BillListItem) => string;
  origin: BillOrigin;
  /** The level of the group headings, one below the heading the list sits under. */
  headingLevel?: 2 | 3;
}

/** Bills under their group headings; each row opens /bill/:id and remembers where it came from. */
export function BillList({ groups, line, origin, headingLevel = 3 }: BillListProps) {
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <Group
          key={group.title}
          group={group}
          line={line}
          origin={origin}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}

function Group({
  group,
  line,
  origin,
  headingLevel,
}: {
  group: BillGroup<BillListItem>;
  line: BillListProps['line'];
  origin: BillOrigin;
  headingLevel: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id}>
      <Heading id={id} className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
        {group.title}
      </Heading>
      <ul className="flex flex-col gap-2">
        {group.bills.map((bill) => (
          <li key={bill.id}>
            {origin === 'home' ? (
              <HomeRow bill={bill} line={line(bill)} />
            ) : (
              <HistoryRow bill={bill} line={line(bill)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RowText({ bill, line }: { bill: BillListItem; line: string }) {
  const state = rowState(bill);
  return (
    <div className="min-w-0 flex-1">
      <p className="line-clamp-2 break-words font-semibold leading-snug">{bill.name}</p>
      <p className="truncate text-sm text-muted">{line}</p>
      {state.progress && (
        <p
          className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
          data-testid="row-state"
        >
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state.done ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900'}`}
          >
            {state.progress}
          </span>
          {state.owed && <span className="tabular text-ink">{state.owed}</span>}
        </p>
      )}
    </div>
  );
}

function Amount({ bill }: { bill: BillListItem }) {
  return <p className="tabular shrink-0 font-semibold">{formatPence(toPence(bill.totalAmount))}</p>;
}

const rowClass =
  'relative flex min-h-16 items-center gap-3 rounded-2xl bg-white py-3 pl-4 shadow-sm ring-1 ring-line/70';

/**
 * Home row (spec §2 Home): a menu button opens the bill. Its hit area is stretched over the whole
 * card, so a tap anywhere on the row works while a screen reader meets one labelled button.
 */
function HomeRow({ bill, line }: { bill: BillListItem; line: string }) {
  return (
    <div className={`${rowClass} pr-1`}>
      <RowText bill={bill} line={line} />
      <Amount bill={bill} />
      <Link
        href={`/bill/${bill.id}`}
        onClick={() => rememberBillOrigin('home')}
        aria-label={`Open ${bill.name}`}
        className="grid size-11 shrink-0 place-items-center rounded-full text-muted after:absolute after:inset-0 after:rounded-2xl hover:text-ink"
      >
        <EllipsisVertical aria-hidden className="size-5" />
      </Link>
    </div>
  );
}

/** History row (spec §2 History): the whole row opens the bill. */
function HistoryRow({ bill, line }: { bill: BillListItem; line: string }) {
  return (
    <Link
      href={`/bill/${bill.id}`}
      onClick={() => rememberBillOrigin('history')}
      className={`${rowClass} pr-2 hover:bg-brand-50`}
    >
      <RowText bill={bill} line={line} />
      <Amount bill={bill} />
      <ChevronRight aria-hidden className="size-5 shrink-0 text-muted" />
    </Link>
  );
}

/** Placeholder rows while the list loads (DESIGN.md: every list has its loading skeleton). */
export function BillListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading bills" className="flex flex-col gap-2">
      <div className="mb-1 h-4 w-24 animate-pulse rounded bg-gray-200" />
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          data-testid="bill-skeleton"
          className="flex min-h-16 items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-line/70"
        >
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/3 animate-pulse rounded bg-gray-200" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-gray-200" />
          </div>
          <div className="h-4 w-14 animate-pulse rounded bg-gray-200" />
        </div>
      ))}
    </div>
  );
}
