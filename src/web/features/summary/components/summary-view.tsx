import { formatMoney } from '../../../../domain/money';
import {
  BillBreakdown,
  breakdownPerson,
  tipLineLabel,
} from '../../../entities/bill/components/bill-breakdown';
import type { SummaryData } from '../../../entities/bill/model/summary-data';

interface SummaryViewProps {
  summary: SummaryData;
  onBack: () => void;
  onGetPaid: () => void;
  onShare: () => void;
  onDone: () => void;
  /** Renames the draft bill. */
  onRename?: (name: string) => void;
  /** While the bill is being saved: Done is disabled so it cannot be sent twice. */
  saving?: boolean;
  /** While the get-paid flow runs. */
  gettingPaid?: boolean;
  /** Why the bill rules refuse this bill, if they do: Done and Get paid stay disabled. */
  refused?: string | null;
}

/**
 * Who owes what (spec §2 Summary), before the bill is saved. Amounts are the stored pence of the
 * split, formatted with the domain's formatMoney, which shows £0.00 for anything that is not a number.
 */
export function SummaryView({
  summary,
  saving = false,
  gettingPaid = false,
  refused = null,
  ...actions
}: SummaryViewProps) {
  const people = summary.participantAmounts;
  // The creator is listed first; everyone after pays them back.
  const friends = people.slice(1);
  return (
    <BillBreakdown
      {...actions}
      saving={saving}
      gettingPaid={gettingPaid}
      refused={refused}
      kicker="Summary"
      title={summary.billName}
      backLabel="Back to home"
      total={formatMoney(summary.total)}
      peopleCount={people.length}
      people={people.map((share) => breakdownPerson(share, formatMoney))}
      totals={{
        subtotal: formatMoney(summary.subtotal),
        serviceCharge: formatMoney(summary.serviceCharge),
        tipLabel: tipLineLabel(summary.tipPercent),
        tip: formatMoney(summary.tip),
        tax: summary.tax ? formatMoney(summary.tax) : undefined,
      }}
      fee={formatMoney(summary.fee)}
      totalIncludingFees={formatMoney(summary.totalIncludingFees)}
      fromFriends={
        friends.length
          ? {
              amount: formatMoney(friends.reduce((sum, p) => sum + p.amount, 0)),
              fee: formatMoney(friends.reduce((sum, p) => sum + p.fee, 0)),
            }
          : undefined
      }
    />
  );
}
