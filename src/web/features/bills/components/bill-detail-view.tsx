import { useMemo } from 'react';
import type { BillDetail, Participant } from '../../../../contracts/bills';
import { formatDateTime } from '../../../../domain/formats';
import { formatPence, toPence } from '../../../../domain/money';
import { BillBreakdown, breakdownPerson } from '../../../components/bill-breakdown';
import type { SummaryParticipantAmount } from '../../../lib/summary-data';
import { summaryOfBill } from '../model/detail-summary';

export interface BillDetailViewProps {
  bill: BillDetail;
  backLabel: string;
  onBack: () => void;
  onGetPaid: () => void;
  onShare: () => void;
  onDone: () => void;
}

const money = (amount: string) => formatPence(toPence(amount));

/** '×1.5' beside each item the person had other than one portion of. */
function portionNotes(share: SummaryParticipantAmount, person: Participant | undefined) {
  // The server's item lines carry portions; they are the same lines in the same order.
  if (!person || person.assignedItems.length !== share.items.length) return [];
  return person.assignedItems.map(({ portions: n }) => (n !== 1 && n > 0 ? `×${n}` : undefined));
}

/**
 * A saved bill (spec §2 Bill detail): who owes what and for which items, the totals, the card fee
 * for information, and the summary's three actions. Every amount is the server's, stored at save.
 */
export function BillDetailView({ bill, backLabel, ...actions }: BillDetailViewProps) {
  const summary = useMemo(() => summaryOfBill(bill), [bill]);
  const created = new Date(bill.createdAt);
  const equal = bill.mode === 'equal';
  return (
    <BillBreakdown
      {...actions}
      kicker={Number.isNaN(created.getTime()) ? 'Bill' : formatDateTime(created)}
      title={bill.name}
      backLabel={backLabel}
      total={money(bill.totalAmount)}
      peopleCount={bill.participants.length}
      splitSuffix={equal ? ' equally' : ''}
      people={summary.participantAmounts.map((share, i) =>
        breakdownPerson(share, formatPence, {
          details: portionNotes(share, bill.participants[i]),
          emptyText: equal ? 'An equal share' : 'No items',
        }),
      )}
      totals={{
        subtotal: money(bill.subtotal),
        serviceCharge: money(bill.serviceCharge),
        tipLabel: bill.tipPercent ? `Tip (${bill.tipPercent}%)` : 'Tip',
        tip: money(bill.tip),
      }}
      fee={money(bill.fee)}
      totalIncludingFees={money(bill.totalIncludingFees)}
    />
  );
}
