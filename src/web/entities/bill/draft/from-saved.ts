import type { BillDetail } from '../../../../contracts/bills';
import { toPence } from '../../../../domain/money';
import type { DraftBill } from './schema';

/**
 * A saved bill as the editor's bill, to be changed and saved again (PUT /api/bills/:id): its people
 * (the creator first, as saved) and items keep the server's ids, so every assignment still points
 * at its person. A bill saved with a tip in pounds rather than a percentage (the step-by-step API)
 * gets the percentage of its subtotal the tip came to.
 */
export function draftOfSavedBill(bill: BillDetail): DraftBill {
  const subtotal = toPence(bill.subtotal);
  const tip = toPence(bill.tip);
  const tipPercent =
    bill.tipPercent ?? (subtotal > 0 ? Math.round((tip / subtotal) * 10_000) / 100 : 0);
  const known = new Set(bill.participants.map((p) => p.id));
  return {
    billName: bill.name,
    participants: bill.participants.map((p) => ({ id: p.id, name: p.participantName })),
    items: bill.items.map((item) => ({
      id: item.id,
      name: item.name,
      amountPence: toPence(item.amount),
      splitMode: item.splitMode,
      assignments:
        item.splitMode === 'manual'
          ? item.assignments
              .filter((a) => a.portions > 0 && known.has(a.participantId))
              .map(({ participantId, portions }) => ({ participantId, portions }))
          : [],
    })),
    tipPercent,
    serviceChargePence: toPence(bill.serviceCharge),
    taxPence: toPence(bill.tax),
    mode: bill.mode,
    ...(bill.receiptId && { receiptId: bill.receiptId }),
  };
}
