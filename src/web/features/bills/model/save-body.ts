import type { WholeBillBody } from '../../../../contracts/bills';
import { defaultBillName, MISC_BILL_NAME, toIsoDate } from '../../../../domain/formats';
import { toDecimalString } from '../../../../domain/money';
import type { SplitInput } from '../../../../domain/split';
import type { SummaryData } from '../../../entities/bill/model/summary-data';

/**
 * The name a bill is saved under (spec §9): the summary's name, unless it is blank or still the
 * placeholder 'Misc. Bill' given to a receipt without an establishment; then "Bill - " and the
 * short date and time of saving.
 */
export function savedBillName(billName: string, now: Date): string {
  const name = billName.trim();
  return name === '' || name === MISC_BILL_NAME ? defaultBillName(now) : name.slice(0, 120);
}

/**
 * The whole bill in one request (DECISIONS.md "The server is the authority"): people, items and who
 * had what, with the tip percent, service charge, tax and split mode. The total is sent too, so that the
 * server refuses the save if its own split disagrees with what the summary showed.
 */
export function wholeBillBody(summary: SummaryData, now: Date): WholeBillBody {
  return {
    name: savedBillName(summary.billName, now),
    date: toIsoDate(now),
    status: 'saved',
    mode: summary.mode,
    tipPercent: summary.tipPercent,
    serviceCharge: toDecimalString(summary.serviceCharge),
    // Tax added on top of the prices, when the bill has one.
    ...(summary.tax ? { tax: toDecimalString(summary.tax) } : {}),
    participants: summary.participants.map((p) => ({ key: p.id, name: p.name })),
    items: summary.items.map((item) => ({
      name: item.name,
      amount: toDecimalString(item.amountPence),
      splitMode: item.splitMode,
      // 0 portions means "not assigned"; the server takes only positive portions.
      assignments: item.assignments
        .filter((a) => a.portions > 0)
        .map((a) => ({ participant: a.participantId, portions: a.portions })),
    })),
    totalAmount: toDecimalString(summary.total),
    // The scan the items were read from: the saved bill keeps its photo.
    ...(summary.receiptId && { receiptId: summary.receiptId }),
  };
}

/**
 * A saved bill's changes (PUT /api/bills/:id, DECISIONS.md Managing saved bills): the whole bill
 * again in the same shape, still 'saved', on the date it was saved for.
 */
export function editedBillBody(summary: SummaryData, billDate: string, now: Date): WholeBillBody {
  return { ...wholeBillBody(summary, now), date: billDate };
}

/**
 * A bill friends will pick themselves (DECISIONS.md "Friends pick their own items"): saved with
 * status `picking`, its items and amounts, the creator first among the people (added when nobody
 * has been named yet). Assignments the creator already made go with it and become their picks;
 * items split equally or not assigned wait for friends to pick them.
 */
export function pickingBillBody(
  bill: {
    billName: string;
    input: SplitInput;
    receiptId?: string | undefined;
    creatorName: string;
  },
  now: Date,
): WholeBillBody {
  const { input } = bill;
  const participants = input.participants.length
    ? input.participants
    : [{ id: 'creator', name: bill.creatorName }];
  return {
    name: savedBillName(bill.billName, now),
    date: toIsoDate(now),
    status: 'picking',
    mode: 'byItem',
    tipPercent: input.tipPercent,
    serviceCharge: toDecimalString(input.serviceChargePence),
    ...(input.taxPence ? { tax: toDecimalString(input.taxPence) } : {}),
    participants: participants.map((p) => ({ key: p.id, name: p.name })),
    items: input.items.map((item) => ({
      name: item.name,
      amount: toDecimalString(item.amountPence),
      splitMode: 'manual',
      assignments:
        item.splitMode === 'manual'
          ? item.assignments
              .filter((a) => a.portions > 0 && participants.some((p) => p.id === a.participantId))
              .map((a) => ({ participant: a.participantId, portions: a.portions }))
          : [],
    })),
    ...(bill.receiptId && { receiptId: bill.receiptId }),
  };
}
