import { z } from 'zod';
import { isPence, type Pence } from '../../../../domain/money';
import type {
  SplitInput,
  SplitItem,
  SplitMode,
  SplitParticipant,
  SplitResult,
} from '../../../../domain/split';
import { shareLinesOf } from '../../../../domain/shares';

// The split editor makes this and the summary screen shows it (spec §3 "Summary data kept in
// session storage", §4 "Summary flow"); it is kept in the one draft (entities/bill/draft). It is the
// bill entity's because several features share it. Amounts are integer pence (DECISIONS.md), copied from splitBill()'s
// result so the summary shows exactly the pennies the split produced. The split input is kept too,
// for the save and get-paid flows.

interface SummaryItemLine {
  name: string;
  amount: Pence;
  /** Portions the person had of the item (shown '×2.5' when not 1); null where it does not apply. */
  portions?: number | null;
}

export interface SummaryParticipantAmount {
  id: string;
  name: string;
  /** What this person owes: originalAmount + serviceCharge + tip + tax. */
  amount: Pence;
  /** Their share of the items alone. */
  originalAmount: Pence;
  serviceCharge: Pence;
  tip: Pence;
  /** Their share of the tax added on top of the prices; absent (0) in older summaries. */
  tax?: Pence;
  /** Their share of the payment processing fee, for information. */
  fee: Pence;
  items: SummaryItemLine[];
}

export interface SummaryData {
  billName: string;
  subtotal: Pence;
  serviceCharge: Pence;
  tip: Pence;
  /** Tax added on top of the prices (US sales tax), part of the total; absent (0) in older ones. */
  tax?: Pence;
  total: Pence;
  fee: Pence;
  totalIncludingFees: Pence;
  tipPercent: number;
  mode: SplitMode;
  participantAmounts: SummaryParticipantAmount[];
  participants: SplitParticipant[];
  items: SplitItem[];
  /** The receipt scan the bill was read from, saved with it (its photo stays with the bill). */
  receiptId?: string;
}

/** The summary of a split: `result` must be splitBill(input). */
export function summaryFromSplit(
  billName: string,
  input: SplitInput,
  result: SplitResult,
  receiptId?: string,
): SummaryData {
  // The lines bill detail will show once saved (the server stores these): the same, portions too.
  const lines = shareLinesOf(input, result);
  return {
    ...(receiptId && { receiptId }),
    billName,
    subtotal: result.subtotal,
    serviceCharge: result.serviceCharge,
    tip: result.tip,
    tax: result.tax,
    total: result.total,
    fee: result.fee,
    totalIncludingFees: result.totalIncludingFees,
    tipPercent: input.tipPercent,
    mode: input.mode,
    participantAmounts: result.participants.map((share, i) => ({
      id: share.id,
      name: share.name,
      amount: share.amount,
      originalAmount: share.originalAmount,
      serviceCharge: share.serviceChargePence,
      tip: share.tipPence,
      tax: share.taxPence,
      fee: share.feePence,
      items: lines[i]!.lines.filter((line) => line.kind === 'item').map((line) => ({
        name: line.name,
        amount: line.amountPence,
        portions: line.portions,
      })),
    })),
    participants: input.participants.map(({ id, name }) => ({ id, name })),
    items: input.items.map((item) => ({ ...item })),
  };
}

/** The split input a summary was made from, for flows that recompute or save it. */
export function summaryInput(summary: SummaryData): SplitInput {
  return {
    participants: summary.participants,
    items: summary.items,
    tipPercent: summary.tipPercent,
    serviceChargePence: summary.serviceCharge,
    taxPence: summary.tax ?? 0,
    mode: summary.mode,
  };
}

const pence = z.number().refine(isPence, 'must be a whole number of pence');

/** A summary as it is stored: one zod schema instead of hand-kept guards. */
export const summaryDataSchema = z.object({
  receiptId: z.string().optional(),
  billName: z.string(),
  subtotal: pence,
  serviceCharge: pence,
  tip: pence,
  tax: pence.optional(),
  total: pence,
  fee: pence,
  totalIncludingFees: pence,
  tipPercent: z.number(),
  mode: z.enum(['byItem', 'equal']),
  participantAmounts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      amount: pence,
      originalAmount: pence,
      serviceCharge: pence,
      tip: pence,
      tax: pence.optional(),
      fee: pence,
      items: z.array(z.object({ name: z.string(), amount: pence, portions: z.number().nullish() })),
    }),
  ),
  participants: z.array(z.object({ id: z.string(), name: z.string() })),
  items: z.array(
    z.object({
      name: z.string(),
      amountPence: pence,
      splitMode: z.enum(['manual', 'equally']),
      assignments: z.array(z.object({ participantId: z.string(), portions: z.number() })),
    }),
  ),
});

/**
 * Whether a stored value has the shape of SummaryData. Stored data outlives deploys and can be
 * edited by hand, so the summary screen treats anything else as "no summary" and goes home.
 */
export function isSummaryData(value: unknown): value is SummaryData {
  return summaryDataSchema.safeParse(value).success;
}
