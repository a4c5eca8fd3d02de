import type { JoinBillResponse } from '../../../../contracts/join';
import { formatDate } from '../../../../domain/formats';

// What every state of the friend's page shows first (who paid, the bill's name and date). Kept
// apart from the picking parts, which load only once the friend has joined.

/** The creator's first name, as the join answer gives it. */
export function creatorNameOf(data: JoinBillResponse): string {
  return data.participants.find((p) => p.isCreator)?.firstName ?? '';
}

/** The bill's calendar date in the long format, read at noon UTC so no time zone moves it. */
function dateLabel(date: string): string | null {
  const day = date.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const parsed = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? null : formatDate(parsed);
}

/** The bill's date and name, and who is asking. */
export function JoinHeader({ data, subtitle }: { data: JoinBillResponse; subtitle: string }) {
  const date = dateLabel(data.bill.date);
  return (
    <header>
      {date && <p className="text-sm font-medium text-muted">{date}</p>}
      <h1 className="break-words text-2xl font-bold tracking-tight">{data.bill.name}</h1>
      <p className="mt-1 text-muted">{subtitle}</p>
    </header>
  );
}
