import { Users } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import type { PublicPaymentLink } from '../../../../contracts/payments';
import { formatPence, toPence } from '../../../../domain/money';
import type { PayMethod } from '../../../../contracts/payments';
import { bankOffered } from '../../../../domain/shares';
import { billDateLabel } from '../model/bill-date';
import { shareRows, splitFeeRows } from '../model/share-rows';
import { AmountLine, AmountList } from './amount-lines';
import { PayFrame } from './pay-frame';
import { PayMethodButtons } from './pay-method-buttons';

export const NO_REGISTRATION = 'No registration required for payments';

/**
 * The card-payment start screen (payments-accounts.md §2 Payment entry page): who is asking, for
 * which bill, what this payer owes line by line, the total with the fee, and Pay.
 */
export function PayStartView({
  link,
  busy,
  busyMethod = null,
  onPay,
}: {
  link: PublicPaymentLink;
  busy: boolean;
  busyMethod?: PayMethod | null;
  onPay: (method: PayMethod) => void;
}) {
  const id = useId();
  const rows = useMemo(() => splitFeeRows(shareRows(link.lines)), [link.lines]);
  const totalPence = toPence(link.amountIncludingFee);
  const total = formatPence(totalPence);
  const date = billDateLabel(link.billDate);
  return (
    <PayFrame
      testMode={link.testMode}
      footer={
        <>
          <PayMethodButtons
            totalPence={totalPence}
            busy={busy}
            busyMethod={busyMethod}
            onPay={onPay}
          />
          <Link
            href={`/secure-payment/${encodeURIComponent(link.token)}`}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-2xl px-4 font-semibold text-brand-800 hover:bg-brand-50"
          >
            <Users aria-hidden className="size-5" />
            Pay for others on this bill
          </Link>
        </>
      }
    >
      <header>
        {date && <p className="text-sm font-medium text-muted">{date}</p>}
        <h1 className="break-words text-2xl font-bold tracking-tight">{link.billName}</h1>
      </header>

      <section
        aria-label="Amount to pay"
        className="rounded-3xl bg-brand-700 px-5 py-6 text-white shadow-md"
      >
        <p className="text-brand-100">
          <span className="font-semibold text-white">{link.recipientName}</span> asked you to pay
        </p>
        <p className="tabular mt-1 text-4xl font-bold tracking-tight" data-testid="amount-to-pay">
          {total}
        </p>
        <p className="mt-2 text-brand-100">{link.participantName}&apos;s share, fee included</p>
      </section>

      <section aria-labelledby={`${id}-lines`} className="rounded-3xl bg-white p-4 shadow-sm">
        <h2 id={`${id}-lines`} className="text-lg font-bold">
          What you owe
        </h2>
        <AmountList className="mt-3">
          {rows.share.map((row, i) => (
            <AmountLine key={`s${i}`} label={row.label} detail={row.detail} amount={row.amount} />
          ))}
          {rows.fee.map((row, i) => (
            <AmountLine
              key={`f${i}`}
              label={row.label}
              amount={row.amount}
              className={i === 0 ? 'border-t border-dashed border-line pt-2' : ''}
            />
          ))}
          <AmountLine label="Total to pay" amount={total} strong />
        </AmountList>
        {rows.fee.length > 0 && (
          <p className="mt-3 text-sm text-muted">
            The processing fee is 3% of the bill, shared equally by everyone on it.
          </p>
        )}
      </section>

      <p className="text-center text-sm text-muted">
        {bankOffered(totalPence)
          ? 'Approve it in your bank app, or pay by Visa, Mastercard or American Express: the same price either way.'
          : 'Pay by Visa, Mastercard or American Express.'}{' '}
        {NO_REGISTRATION}.
      </p>
    </PayFrame>
  );
}
