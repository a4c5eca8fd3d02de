import { Link } from 'wouter';
import type { PublicPaymentLink } from '../../../../contracts/payments';
import { formatPence, toPence } from '../../../../domain/money';
import { AmountLine, AmountList } from './amount-lines';
import { PayFrame } from './pay-frame';
import { HomeLink, StatusPanel } from './pay-states';

/** Spec §2: a link whose share is paid says the payment is already completed. */
export function AlreadyPaidView({ link }: { link: PublicPaymentLink }) {
  return (
    <PayFrame testMode={link.testMode}>
      <StatusPanel
        tone="success"
        title="Already Paid"
        message={`This payment has already been completed. ${link.recipientName} has ${link.participantName}'s share of ${link.billName}.`}
        actions={
          <>
            <HomeLink />
            <Link
              href={`/secure-payment/${encodeURIComponent(link.token)}`}
              className="inline-flex min-h-11 items-center justify-center rounded-2xl px-4 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Pay for others on this bill
            </Link>
          </>
        }
      >
        <AmountList className="mt-6 w-full rounded-2xl bg-surface p-4 text-left">
          <AmountLine label="Amount paid" amount={formatPence(toPence(link.amountIncludingFee))} />
        </AmountList>
      </StatusPanel>
    </PayFrame>
  );
}
