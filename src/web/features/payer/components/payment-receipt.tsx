import { CircleCheckBig, Printer, Undo2 } from 'lucide-react';
import { useId } from 'react';
import type { PaymentSession } from '../../../../contracts/payments';
import { formatDateTime } from '../../../../domain/formats';
import { formatPence, toPence } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { AmountLine, AmountList } from './amount-lines';
import { PayFrame } from './pay-frame';

const money = (amount: string) => formatPence(toPence(amount));

export const TEST_RECEIPT_MESSAGE =
  'This is a test receipt: no real money moved and no e-mail was sent.';
export const RECEIPT_MESSAGE = 'Keep this receipt for your records: print it or save it as a PDF.';

/** 'November 22, 2026 • 3:45 PM', or null when the server sent no usable time. */
function paidAtLabel(paidAt: string | null): string | null {
  if (!paidAt) return null;
  const date = new Date(paidAt);
  return Number.isNaN(date.getTime()) ? null : formatDateTime(date);
}

/**
 * The success page's receipt (payments-accounts.md §2 /payment-success): the bill, who was paid,
 * for whom, the amounts and fee, the card and the date; Print Receipt and Done.
 */
export function PaymentReceipt({
  session,
  onDone,
}: {
  session: PaymentSession;
  onDone: () => void;
}) {
  const id = useId();
  const paidAt = paidAtLabel(session.paidAt);
  const refunded = toPence(session.refunded);
  const card =
    session.cardBrand || session.cardLast4
      ? `${session.cardBrand ?? 'Card'}${session.cardLast4 ? ` •••• ${session.cardLast4}` : ''}`
      : null;
  return (
    <PayFrame
      testMode={session.testMode}
      label="Payment receipt"
      footer={
        <>
          <Button size="lg" block onClick={onDone}>
            Done
          </Button>
          <Button variant="secondary" block onClick={() => window.print()}>
            <Printer aria-hidden className="size-5" />
            Print Receipt
          </Button>
        </>
      }
    >
      <header className="flex flex-col items-center text-center">
        <CircleCheckBig aria-hidden className="size-14 text-brand-700" />
        <h1 className="mt-3 text-2xl font-bold tracking-tight">Payment successful</h1>
        <p className="mt-1 text-muted">
          You paid <span className="font-semibold text-ink">{session.recipientName}</span>{' '}
          <span className="tabular font-semibold text-ink">{money(session.amount)}</span>
        </p>
      </header>

      {refunded > 0 && (
        <section
          role="status"
          className="flex gap-3 rounded-3xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
        >
          <Undo2 aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{formatPence(refunded)} refunded</p>
            <p className="text-sm">
              {session.message ?? 'Part of this payment had already been paid, so it was refunded.'}
            </p>
          </div>
        </section>
      )}

      <section
        aria-labelledby={`${id}-receipt`}
        className="rounded-3xl bg-white p-4 shadow-sm print:shadow-none"
      >
        <h2 id={`${id}-receipt`} className="text-lg font-bold">
          Receipt
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">Bill</dt>
          <dd className="break-words text-right font-medium">{session.billName}</dd>
          <dt className="text-muted">Paid to</dt>
          <dd className="break-words text-right font-medium">{session.recipientName}</dd>
          {paidAt && (
            <>
              <dt className="text-muted">Date</dt>
              <dd className="text-right font-medium">{paidAt}</dd>
            </>
          )}
          {session.method === 'bank' ? (
            <>
              <dt className="text-muted">Paid from</dt>
              <dd className="text-right font-medium">
                {session.bankName ? `${session.bankName} (bank app)` : 'Your bank app'}
              </dd>
            </>
          ) : (
            card && (
              <>
                <dt className="text-muted">Card</dt>
                <dd className="tabular text-right font-medium">{card}</dd>
              </>
            )
          )}
        </dl>

        <h3 className="mt-5 font-semibold">Paid for</h3>
        <AmountList className="mt-2">
          {/* Each share, then the fee once: per person when one was paid for, in total for several. */}
          {session.people.map((p, i) => (
            <AmountLine
              key={i}
              label={`${p.participantName}'s share${p.paid ? '' : ' (refunded)'}`}
              amount={money(p.amount)}
              muted={false}
            />
          ))}
          <AmountLine
            className="border-t border-line pt-2"
            label={session.people.length > 1 ? 'Processing fees' : 'Processing fee'}
            amount={money(session.fee)}
          />
          <AmountLine label="Total paid" amount={money(session.amount)} strong />
        </AmountList>
      </section>

      <p className="text-center text-sm text-muted">
        {session.testMode ? TEST_RECEIPT_MESSAGE : RECEIPT_MESSAGE}
      </p>
    </PayFrame>
  );
}
