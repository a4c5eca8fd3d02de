import { CloudUpload } from 'lucide-react';
import { formatPence } from '../../../../domain/money';
import { useWaitingBills } from './waiting-bills';

/** Home: bills saved while offline, waiting to reach the account. Nothing when there are none. */
export function WaitingBillsCard({ userId }: { userId: string }) {
  const bills = useWaitingBills(userId);
  if (bills.length === 0) return null;
  return (
    <section
      aria-labelledby="waiting-bills-title"
      className="rounded-3xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="waiting-bills-title" className="flex items-center gap-2 font-semibold">
        <CloudUpload aria-hidden className="size-5" />
        {bills.length === 1
          ? 'A bill is waiting to be saved'
          : `${bills.length} bills are waiting to be saved`}
      </h2>
      <p className="mt-1 text-sm">
        Kept on this phone. {bills.length === 1 ? 'It is' : 'They are'} saved to your account as
        soon as you&apos;re back online.
      </p>
      <ul className="mt-3 space-y-2">
        {bills.map((bill) => (
          <li
            key={bill.id}
            className="flex min-h-11 items-center justify-between gap-3 rounded-2xl bg-white px-4 py-2"
          >
            <span className="min-w-0 truncate font-medium">{bill.body.name}</span>
            <span className="shrink-0 tabular-nums">{formatPence(bill.totalPence)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
