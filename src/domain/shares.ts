import { splitEvenly } from './apportion';
import { platformFee } from './fees';
import type { Pence } from './money';
import { splitStepsEvenly, type SplitInput, type SplitResult } from './split';

// What each participant owes, line by line: the form a bill's split is stored in when it is saved,
// and read back by bill detail, payment links and payer pages without splitting anything again
// (DECISIONS.md "The server is the authority").

/**
 * item: a share of one item; share: an equal share of a bill saved with declared totals only;
 * service, tip and tax: the person's part of them; fee: their part of the platform fee.
 */
export type ShareLineKind = 'item' | 'share' | 'service' | 'tip' | 'tax' | 'fee';

export interface ShareLine {
  kind: ShareLineKind;
  name: string;
  amountPence: Pence;
  /** The item's index in the bill, for item lines. */
  itemIndex: number | null;
  /** Portions the person had of the item (manual items); null where it does not apply. */
  portions: number | null;
}

export const SHARE_LINE_NAMES = {
  share: 'Share of the bill',
  service: 'Service Charge',
  tip: 'Tip',
  tax: 'Tax',
  fee: 'Payment processing fee',
} as const;

/** A participant's lines, in order: items, share, service, tip, tax, fee. */
export interface ParticipantLines {
  lines: ShareLine[];
  /** Everything but the fee: what the person owes for the bill. */
  amountPence: Pence;
  feePence: Pence;
}

function extras(service: Pence, tip: Pence, tax: Pence, fee: Pence): ShareLine[] {
  const lines: ShareLine[] = [];
  const add = (kind: 'service' | 'tip' | 'tax' | 'fee', amountPence: Pence) => {
    if (amountPence !== 0)
      lines.push({
        kind,
        name: SHARE_LINE_NAMES[kind],
        amountPence,
        itemIndex: null,
        portions: null,
      });
  };
  add('service', service);
  add('tip', tip);
  add('tax', tax);
  add('fee', fee);
  return lines;
}

/**
 * Each participant's lines from a split: `result` must be splitBill(input). Item lines carry the
 * portions the person had (1 for an item split equally; none in equal mode, where the whole bill is
 * divided). Invariant: a person's non-fee lines sum to their `amount`, and their fee line to `feePence`.
 */
export function shareLinesOf(input: SplitInput, result: SplitResult): ParticipantLines[] {
  return result.participants.map((share) => {
    const lines: ShareLine[] = share.items.map((line) => {
      const item = input.items[line.itemIndex];
      let portions: number | null = null;
      if (input.mode === 'byItem' && item) {
        portions =
          item.splitMode === 'equally'
            ? 1
            : (item.assignments.find((a) => a.participantId === share.id)?.portions ?? null);
      }
      return {
        kind: 'item',
        name: line.name,
        amountPence: line.amountPence,
        itemIndex: line.itemIndex,
        portions,
      };
    });
    lines.push(...extras(share.serviceChargePence, share.tipPence, share.taxPence, share.feePence));
    return { lines, amountPence: share.amount, feePence: share.feePence };
  });
}

export interface DeclaredTotals {
  /** Everything but service, tip and tax. */
  subtotalPence: Pence;
  serviceChargePence: Pence;
  tipPence: Pence;
  /** Tax added on top of the prices; 0 when absent. */
  taxPence?: Pence;
}

/**
 * The lines of a bill saved with declared totals and no split of its items (the spec's step-by-step
 * calls): the total shared evenly, each person's share broken into the items part, service, tip and
 * tax (splitStepsEvenly, so amounts equal splitEvenly(total)), and the platform fee shared evenly.
 */
export function declaredShareLines(totals: DeclaredTotals, count: number): ParticipantLines[] {
  if (count === 0) return [];
  const taxPence = totals.taxPence ?? 0;
  const total = totals.subtotalPence + totals.serviceChargePence + totals.tipPence + taxPence;
  const [share, service, tip, tax] = splitStepsEvenly(
    [totals.subtotalPence, totals.serviceChargePence, totals.tipPence, taxPence],
    count,
  );
  const fees = splitEvenly(platformFee(total), count);
  return fees.map((fee, i) => {
    const lines: ShareLine[] = [];
    if (share![i] !== 0)
      lines.push({
        kind: 'share',
        name: SHARE_LINE_NAMES.share,
        amountPence: share![i]!,
        itemIndex: null,
        portions: null,
      });
    lines.push(...extras(service![i]!, tip![i]!, tax![i]!, fee));
    return {
      lines,
      amountPence: share![i]! + service![i]! + tip![i]! + tax![i]!,
      feePence: fee,
    };
  });
}

/** What a payer pays for a set of people: each one's share plus their fee share (DECISIONS.md Money). */
export function payableFor(people: readonly { amountPence: Pence; feePence: Pence }[]): {
  amountPence: Pence;
  feePence: Pence;
  totalPence: Pence;
} {
  let amountPence = 0;
  let feePence = 0;
  for (const p of people) {
    amountPence += p.amountPence;
    feePence += p.feePence;
  }
  return { amountPence, feePence, totalPence: amountPence + feePence };
}

/** Payment links expire 7 days after they are made (payments-accounts.md §9). */
export const PAYMENT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A link is expired once its expiry has passed (DECISIONS.md Statuses). */
export function isLinkExpired(expiresAt: Date | string, now: Date): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}

/** The smallest payment, in pence, a payer may make from their bank app (Stripe's Pay by Bank). */
export const BANK_MINIMUM_PENCE = 50;

/** Whether paying `totalPence` (share and fee) from a bank app is offered; card is offered always. */
export function bankOffered(totalPence: Pence): boolean {
  return totalPence >= BANK_MINIMUM_PENCE;
}
