import { Download, FileSpreadsheet, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { EXPORT_CSV_URL, EXPORT_JSON_URL } from '../api/security-calls';

// Settings, Privacy: in plain words what Fairshare keeps and for how long (DECISIONS.md Receipt
// photos: an unsaved scan's photo goes after 7 days), with the download and the deletion.

function Kept({ what, children }: { what: string; children: ReactNode }) {
  return (
    <li>
      <strong className="text-ink">{what}</strong> {children}
    </li>
  );
}

const linkClass =
  'flex min-h-12 w-full items-center justify-center gap-2 rounded-2xl border px-4 font-semibold';

export function PrivacyDialog({
  open,
  onOpenChange,
  onDelete,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Privacy" tall>
      <div className="space-y-4 text-muted">
        <p>Only you see your bills, receipt photos and the names of the friends you split with.</p>
        <h3 className="font-semibold text-ink">What Fairshare keeps, and for how long</h3>
        <ul className="list-disc space-y-2 pl-5">
          <Kept what="Your account:">
            your name, e-mail address and how you sign in (a password only as a salted hash), until
            you delete your account.
          </Kept>
          <Kept what="Your bills:">
            their items, the names you typed, what each person owed and paid, and their payment
            links, until you delete the bill or your account. Payment links stop working after 7
            days.
          </Kept>
          <Kept what="Receipt photos:">
            a saved bill keeps its photo. A scan you don&apos;t save is deleted, photo and text, 7
            days after it was made.
          </Kept>
          <Kept what="Your payout account:">
            only the bank&apos;s name and the last four digits of the account; the payment provider
            holds the rest.
          </Kept>
          <Kept what="Payments:">
            the amount, the date and how it was paid. If you delete your account they stay only as a
            payment record, as the law asks, without your name, e-mail or bills.
          </Kept>
          <Kept what="Devices signed in:">
            each one&apos;s browser and IP address, until you sign it out or 30 days after it was
            last used.
          </Kept>
        </ul>
        <p>
          Friends who pay through a link see that bill only: its name, who was on it, what each
          person owes, and your name. Receipts are read on Fairshare&apos;s own server: no photo is
          sent to another company.
        </p>

        <h3 className="font-semibold text-ink">Your data</h3>
        <div className="space-y-2">
          <a href={EXPORT_JSON_URL} download className={`${linkClass} border-line text-brand-800`}>
            <Download aria-hidden className="size-5" /> Download all my data (JSON)
          </a>
          <a href={EXPORT_CSV_URL} download className={`${linkClass} border-line text-brand-800`}>
            <FileSpreadsheet aria-hidden className="size-5" /> Download my bills (CSV)
          </a>
          <button
            type="button"
            onClick={onDelete}
            className={`${linkClass} border-red-200 text-danger hover:bg-red-50`}
          >
            <Trash2 aria-hidden className="size-5" /> Delete my account
          </button>
        </div>
      </div>
    </Dialog>
  );
}
