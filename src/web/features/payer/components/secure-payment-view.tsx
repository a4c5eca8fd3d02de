import { Check } from 'lucide-react';
import { Fragment, useId } from 'react';
import type { PublicBill } from '../../../../contracts/payments';
import { formatPence, toPence } from '../../../../domain/money';
import { BackButton } from '../../../components/ui/back-button';
import type { PayMethod } from '../../../../contracts/payments';
import { billDateLabel } from '../model/bill-date';
import { selectionTotals, type PayeeRow } from '../model/selection';
import { AmountLine, AmountList } from './amount-lines';
import { PayFrame } from './pay-frame';
import { PayMethodButtons } from './pay-method-buttons';

export const SELECT_WHO = 'Select who to pay for';
/** Said of a share of £0.00: it has no link (DECISIONS.md Payments). */
export const NOTHING_TO_PAY = 'Nothing to pay';

/**
 * Paying for several people (payments-accounts.md §2 /secure-payment): everyone on the bill but its
 * creator, those already paid disabled, the chosen ones' breakdown and a Pay button with the total.
 */
export function SecurePaymentView({
  bill,
  rows,
  selected,
  onToggle,
  onBack,
  onPay,
  busy,
  busyMethod = null,
}: {
  bill: PublicBill;
  rows: PayeeRow[];
  selected: string[];
  onToggle: (id: string) => void;
  onBack: () => void;
  onPay: (method: PayMethod) => void;
  busy: boolean;
  busyMethod?: PayMethod | null;
}) {
  const id = useId();
  const totals = selectionTotals(rows, selected);
  const date = billDateLabel(bill.date);
  const none = totals.people.length === 0;
  return (
    <PayFrame
      testMode={bill.testMode}
      footer={
        <PayMethodButtons
          totalPence={totals.totalPence}
          busy={busy}
          busyMethod={busyMethod}
          disabled={none}
          disabledLabel={SELECT_WHO}
          onPay={onPay}
        />
      }
    >
      <header className="flex items-center gap-2">
        <BackButton label="Back to your payment" onClick={onBack} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted">Pay for others{date ? ` · ${date}` : ''}</p>
          <h1 className="break-words text-2xl font-bold tracking-tight">{bill.name}</h1>
        </div>
      </header>

      <section
        aria-label="Bill total"
        className="rounded-3xl bg-brand-700 px-5 py-5 text-white shadow-md"
      >
        <p className="text-brand-100">Bill total</p>
        <p className="tabular mt-1 text-3xl font-bold tracking-tight">
          {formatPence(toPence(bill.totalAmount))}
        </p>
        <p className="mt-1 text-brand-100">
          Paying <span className="font-semibold text-white">{bill.creatorName}</span>
        </p>
      </section>

      <fieldset className="min-w-0">
        <legend className="text-lg font-bold">Who are you paying for?</legend>
        <p className="text-sm text-muted">Each share includes its part of the 3% processing fee.</p>
        <ul className="mt-3 flex flex-col gap-2">
          {rows.map((row) => (
            <PayeeOption
              key={row.id}
              row={row}
              checked={selected.includes(row.id)}
              onToggle={() => onToggle(row.id)}
            />
          ))}
        </ul>
      </fieldset>

      <section aria-labelledby={`${id}-breakdown`} className="rounded-3xl bg-white p-4 shadow-sm">
        <h2 id={`${id}-breakdown`} className="text-lg font-bold">
          Payment breakdown
        </h2>
        {none ? (
          <p className="mt-2 text-muted">{SELECT_WHO} to see what you will pay.</p>
        ) : (
          <AmountList className="mt-3">
            {totals.people.map((p, i) => (
              <Fragment key={p.id}>
                <AmountLine
                  className={i > 0 ? 'border-t border-line pt-2' : ''}
                  label={`${p.name}'s share`}
                  amount={formatPence(p.amountPence)}
                  muted={false}
                />
                <AmountLine label="Processing fee" amount={formatPence(p.feePence)} />
              </Fragment>
            ))}
            <AmountLine label="Total to pay" amount={formatPence(totals.totalPence)} strong />
          </AmountList>
        )}
      </section>
    </PayFrame>
  );
}

function PayeeOption({
  row,
  checked,
  onToggle,
}: {
  row: PayeeRow;
  checked: boolean;
  onToggle: () => void;
}) {
  const noteId = useId();
  const disabled = row.state !== 'payable';
  const note =
    row.state === 'paid'
      ? 'Already paid'
      : row.state === 'nothing'
        ? NOTHING_TO_PAY
        : row.state === 'unavailable'
          ? 'Cannot be paid here'
          : null;
  return (
    <li>
      <label
        className={`flex min-h-14 items-center gap-3 rounded-2xl border px-4 py-3 ${
          disabled
            ? 'cursor-not-allowed border-line bg-gray-50 text-gray-600'
            : checked
              ? 'cursor-pointer border-brand-600 bg-white ring-1 ring-brand-600'
              : 'cursor-pointer border-line bg-white hover:border-brand-600'
        }`}
      >
        <span className="relative grid size-6 shrink-0 place-items-center">
          <input
            type="checkbox"
            className="peer size-6 cursor-pointer appearance-none rounded-md border-2 border-gray-400 bg-white checked:border-brand-700 checked:bg-brand-700 disabled:cursor-not-allowed disabled:border-gray-300 disabled:bg-gray-100"
            checked={checked}
            disabled={disabled}
            onChange={onToggle}
            aria-describedby={note ? noteId : undefined}
          />
          {(checked || row.state === 'paid') && (
            <Check
              aria-hidden
              strokeWidth={3}
              className={`pointer-events-none absolute size-4 ${disabled ? 'text-gray-500' : 'text-white'}`}
            />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block break-words font-semibold">
            {row.name}
            {row.isLinkOwner && <span className="ml-1 font-normal text-muted">(your link)</span>}
          </span>
          {note && (
            <span id={noteId} className="block text-sm font-medium">
              {note}
            </span>
          )}
        </span>
        <span className="tabular shrink-0 font-semibold">{formatPence(row.totalPence)}</span>
      </label>
    </li>
  );
}
