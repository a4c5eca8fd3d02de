import { apportion, splitEvenly } from './apportion';
import { platformFee } from './fees';
import {
  assertPence,
  basisPointsOf,
  formatPence,
  itemNameOrDefault,
  MAX_BILL_PENCE,
  type Pence,
} from './money';

/** 'byItem': each item goes to the people assigned to it; 'equal': the whole bill is divided evenly. */
export type SplitMode = 'byItem' | 'equal';
/** 'manual': the item's explicit assignees share it; 'equally': every participant shares it. */
export type ItemSplitMode = 'manual' | 'equally';

export interface SplitParticipant {
  id: string;
  name: string;
}

export interface ItemAssignment {
  participantId: string;
  /** How many portions this person had: a multiple of 0.5; 0 means not assigned. */
  portions: number;
}

export interface SplitItem {
  name: string;
  amountPence: Pence;
  splitMode: ItemSplitMode;
  /** Who shares the item in 'manual' mode. Ignored in 'equally' mode. */
  assignments: readonly ItemAssignment[];
  /** The manual assignment put aside while the item is split equally; restored on switching back. */
  savedManualAssignments?: readonly ItemAssignment[];
}

export interface SplitInput {
  participants: readonly SplitParticipant[];
  items: readonly SplitItem[];
  /** Percent of the items subtotal, 0 to 100; honoured to 0.01%. */
  tipPercent: number;
  serviceChargePence: Pence;
  /**
   * Tax added on top of the prices (a US sales tax; UK VAT is in the prices and is not this),
   * shared like the tip, in proportion to each person's items. 0 when absent.
   */
  taxPence?: Pence;
  mode: SplitMode;
}

export interface ParticipantItemShare {
  /** Index of the item in SplitInput.items, as names may repeat. */
  itemIndex: number;
  name: string;
  amountPence: Pence;
}

export interface ParticipantShare {
  id: string;
  name: string;
  /** This person's share of the items, before tip and service charge (the spec's originalAmount). */
  originalAmount: Pence;
  tipPence: Pence;
  serviceChargePence: Pence;
  /** Their share of the tax added on top. */
  taxPence: Pence;
  /** What this person owes for the bill: originalAmount + tipPence + serviceChargePence + taxPence. */
  amount: Pence;
  /** This person's share of the platform fee. */
  feePence: Pence;
  /** What a payer pays for this person: amount + feePence. */
  amountIncludingFeePence: Pence;
  /** One line per item this person shares, in item order. */
  items: ParticipantItemShare[];
}

export interface BillTotals {
  subtotal: Pence;
  serviceCharge: Pence;
  tip: Pence;
  /** Tax added on top of the prices. */
  tax: Pence;
  /** subtotal + serviceCharge + tip + tax. */
  total: Pence;
}

export interface SplitResult extends BillTotals {
  /** One per input participant, in input order; their `amount`s sum to `total`. */
  participants: ParticipantShare[];
  /** The platform fee on `total`. */
  fee: Pence;
  /** `fee` split evenly, in participant order; sums to `fee`. */
  feePerParticipant: Pence[];
  totalIncludingFees: Pence;
}

export interface SplitProblem {
  code: 'missing-items' | 'missing-participants' | 'items-unallocated';
  title: string;
  description: string;
}

/**
 * The tip in pence: tipPercent of the items subtotal, rounded to the penny (half away from zero).
 * A subtotal of 0 or less (nothing, or only discounts) carries no tip, whatever the percentage.
 * Throws a RangeError for a percentage outside 0 to 100.
 */
export function tipAmount(subtotal: Pence, tipPercent: number): Pence {
  if (!Number.isFinite(tipPercent) || tipPercent < 0 || tipPercent > 100) {
    throw new RangeError(`Tip must be between 0 and 100 percent, got ${tipPercent}`);
  }
  // Basis points keep the arithmetic in integers; a typed percentage has at most 2 decimals, which
  // x100 and rounding recovers exactly despite float noise (0.07 * 100 = 7.000000000000001).
  return subtotal > 0 ? basisPointsOf(subtotal, Math.round(tipPercent * 100)) : 0;
}

/**
 * The bill's totals in pence, needing no allocation, for the editor's running lines.
 * subtotal is the sum of item amounts; total = subtotal + serviceCharge + tip + tax.
 */
export function billTotals(
  input: Pick<SplitInput, 'items' | 'tipPercent' | 'serviceChargePence' | 'taxPence'>,
): BillTotals {
  const serviceCharge = input.serviceChargePence;
  assertPence(serviceCharge, 'serviceChargePence');
  if (serviceCharge < 0) throw new RangeError('serviceChargePence must not be negative');
  const tax = input.taxPence ?? 0;
  assertPence(tax, 'taxPence');
  if (tax < 0) throw new RangeError('taxPence must not be negative');
  let subtotal = 0;
  for (const item of input.items) {
    assertPence(item.amountPence, `amountPence of "${item.name}"`);
    subtotal += item.amountPence;
  }
  assertPence(subtotal, 'subtotal');
  const tip = tipAmount(subtotal, input.tipPercent);
  const total = subtotal + serviceCharge + tip + tax;
  assertPence(total, 'total');
  return { subtotal, serviceCharge, tip, tax, total };
}

/**
 * Indices of the items that stop a by-item split: 'manual' items with no current participant on
 * them at more than 0 portions. Always empty in 'equal' mode, which ignores assignments.
 */
export function unallocatedItems(
  input: Pick<SplitInput, 'mode' | 'items' | 'participants'>,
): number[] {
  if (input.mode === 'equal') return [];
  const ids = new Set(input.participants.map((participant) => participant.id));
  const unallocated: number[] = [];
  input.items.forEach((item, index) => {
    const assigned = item.assignments.some((a) => a.portions > 0 && ids.has(a.participantId));
    if (item.splitMode === 'manual' && !assigned) unallocated.push(index);
  });
  return unallocated;
}

/** Said when a bill's items and service charge come to more than MAX_BILL_PENCE. */
export const BILL_TOO_LARGE_MESSAGE = `A bill can be at most ${formatPence(MAX_BILL_PENCE)}, counting every item, the service charge and the tax`;
/** Said when discounts take a bill below zero. */
export const BILL_BELOW_ZERO_MESSAGE = "The bill's total can't be below £0.00: check the discounts";
/** Said when someone's discounts take their share below zero. */
export const shareBelowZeroMessage = (name: string) =>
  `${name}'s share would be below £0.00: give the discount to someone who had items too`;

/**
 * A bill's size in pence: its items, its service charge and its tax, each counted as a positive
 * amount (a discount counts by its size too). The tip is at most the items again, and the fee 3%,
 * so the size bounds every sum a bill makes. Compared with MAX_BILL_PENCE.
 */
export function billSizePence(input: {
  items: readonly { amountPence: Pence }[];
  serviceChargePence: Pence;
  taxPence?: Pence;
}): number {
  let size = Math.abs(input.serviceChargePence) + Math.abs(input.taxPence ?? 0);
  for (const item of input.items) size += Math.abs(item.amountPence);
  return size;
}

/**
 * Why a bill's amounts cannot be saved, or null: larger than MAX_BILL_PENCE, a total below zero,
 * or (once every item is allocated) someone's share below zero. The editor shows it and keeps the
 * Split button disabled; the server refuses the same bill with the same words.
 */
export function amountsProblem(input: SplitInput): string | null {
  if (billSizePence(input) > MAX_BILL_PENCE) return BILL_TOO_LARGE_MESSAGE;
  let totals: BillTotals;
  try {
    totals = billTotals(input);
  } catch (error) {
    if (error instanceof RangeError) return BILL_TOO_LARGE_MESSAGE;
    throw error;
  }
  if (totals.total < 0) return BILL_BELOW_ZERO_MESSAGE;
  if (splitInputProblem(input) !== null) return null;
  let result: SplitResult;
  try {
    result = splitBill(input);
  } catch (error) {
    // Input the editor cannot produce (a repeated id): splitBill's own callers report it.
    if (error instanceof RangeError) return null;
    throw error;
  }
  const negative = result.participants.find((p) => p.amount < 0);
  return negative ? shareBelowZeroMessage(negative.name) : null;
}

/** The first reason the Split button is disabled (spec §5 messages), or null when the bill can be split. */
export function splitInputProblem(
  input: Pick<SplitInput, 'mode' | 'items' | 'participants'>,
): SplitProblem | null {
  if (input.items.length === 0) {
    return {
      code: 'missing-items',
      title: 'Missing items',
      description: 'Please add at least one item to the bill.',
    };
  }
  if (input.participants.length === 0) {
    return {
      code: 'missing-participants',
      title: 'Missing participants',
      description: 'Please add at least one participant to split with.',
    };
  }
  if (unallocatedItems(input).length > 0) {
    return {
      code: 'items-unallocated',
      title: 'Items need to be allocated',
      description: 'Assign every item to someone, or split it equally.',
    };
  }
  return null;
}

interface Breakdown {
  items: ParticipantItemShare[][];
  original: Pence[];
  tip: Pence[];
  service: Pence[];
  tax: Pence[];
}

/**
 * Splits a bill into per-person amounts in pence (DECISIONS.md "Money and numbers").
 * Invariants: the participants' `amount`s sum to `total`, each item's lines sum to the item, the
 * tip, service charge, tax and fee shares sum to theirs, and the same input always gives the same
 * pennies. By item: each item is apportioned by portions (all participants at 1 when split
 * equally), the tip and the tax in proportion to each person's items share (0 for someone whose
 * items net to 0 or less), the service charge evenly. Equal mode: `amount`s are the total split evenly (at most 1p apart).
 * Throws a RangeError for input the editor cannot produce: no participants, duplicate ids, unknown
 * or duplicate assignees, portions not a multiple of 0.5, or an unallocated item (see unallocatedItems).
 */
export function splitBill(input: SplitInput): SplitResult {
  const { participants } = input;
  if (participants.length === 0) throw new RangeError('A split needs at least one participant');
  if (new Set(participants.map((p) => p.id)).size !== participants.length) {
    throw new RangeError('Participant ids must be unique');
  }
  const totals = billTotals(input);
  const breakdown =
    input.mode === 'equal' ? splitWholeBill(input, totals) : splitByItem(input, totals);
  const fee = platformFee(totals.total);
  const feePerParticipant = splitEvenly(fee, participants.length);

  return {
    ...totals,
    participants: participants.map((participant, i) => {
      const originalAmount = breakdown.original[i]!;
      const tipPence = breakdown.tip[i]!;
      const serviceChargePence = breakdown.service[i]!;
      const taxPence = breakdown.tax[i]!;
      const amount = originalAmount + tipPence + serviceChargePence + taxPence;
      const feePence = feePerParticipant[i]!;
      return {
        id: participant.id,
        name: participant.name,
        originalAmount,
        tipPence,
        serviceChargePence,
        taxPence,
        amount,
        feePence,
        amountIncludingFeePence: amount + feePence,
        items: breakdown.items[i]!,
      };
    }),
    fee,
    feePerParticipant,
    totalIncludingFees: totals.total + fee,
  };
}

function splitByItem(input: SplitInput, totals: BillTotals): Breakdown {
  const { participants } = input;
  const items: ParticipantItemShare[][] = participants.map(() => []);
  const original: Pence[] = participants.map(() => 0);
  const indexById = new Map(participants.map((participant, i) => [participant.id, i]));

  input.items.forEach((item, itemIndex) => {
    const weights = itemWeights(item, itemIndex, indexById);
    const parts = apportion(item.amountPence, weights);
    const name = itemNameOrDefault(item.name);
    parts.forEach((amountPence, i) => {
      if (weights[i] === 0) return;
      items[i]!.push({ itemIndex, name, amountPence });
      original[i]! += amountPence;
    });
  });

  // Tip and tax follow what each person ordered. Someone whose items net to a discount adds none
  // rather than taking some back; when the tip is over 0 the subtotal is, so some weight is over 0.
  const weights = original.map((amount) => Math.max(amount, 0));
  const tip = apportion(totals.tip, weights);
  // The tax is typed, not a percentage: on a bill of discounts only, nobody ordered more than
  // anyone else, and it is shared evenly.
  const tax = weights.some((w) => w > 0)
    ? apportion(totals.tax, weights)
    : splitEvenly(totals.tax, participants.length);
  const service = splitEvenly(totals.serviceCharge, participants.length);
  return { items, original, tip, service, tax };
}

/** Weights in half-portions, in participant order, so they are integers and ties follow list order. */
function itemWeights(
  item: SplitItem,
  itemIndex: number,
  indexById: ReadonlyMap<string, number>,
): number[] {
  const weights = new Array<number>(indexById.size).fill(0);
  if (item.splitMode === 'equally') return weights.fill(1);
  const seen = new Set<string>();
  for (const { participantId, portions } of item.assignments) {
    const index = indexById.get(participantId);
    if (index === undefined) {
      throw new RangeError(`Item ${itemIndex} is assigned to unknown participant ${participantId}`);
    }
    if (seen.has(participantId)) {
      throw new RangeError(`Participant ${participantId} is assigned twice to item ${itemIndex}`);
    }
    if (!Number.isInteger(portions * 2) || portions < 0) {
      throw new RangeError(`Portions must be a non-negative multiple of 0.5, got ${portions}`);
    }
    seen.add(participantId);
    weights[index] = portions * 2;
  }
  if (weights.every((weight) => weight === 0)) {
    throw new RangeError(`Item ${itemIndex} ("${item.name}") needs to be allocated`);
  }
  return weights;
}

/**
 * Equal mode: the items, then the service charge, the tip and the tax, split evenly as running totals
 * (splitStepsEvenly), so each share of each part is within 1p of even and every person's parts add
 * up to the total split evenly.
 */
function splitWholeBill(input: SplitInput, totals: BillTotals): Breakdown {
  const steps = [
    ...input.items.map((item) => item.amountPence),
    totals.serviceCharge,
    totals.tip,
    totals.tax,
  ];
  const shares = splitStepsEvenly(steps, input.participants.length);
  const itemShares = shares.slice(0, input.items.length);
  const names = input.items.map((item) => itemNameOrDefault(item.name));
  const items = input.participants.map((_, i) =>
    itemShares.map((share, itemIndex) => ({
      itemIndex,
      name: names[itemIndex]!,
      amountPence: share[i]!,
    })),
  );
  const original = items.map((lines) => lines.reduce((sum, line) => sum + line.amountPence, 0));
  const service = shares[input.items.length]!;
  const tip = shares[input.items.length + 1]!;
  const tax = shares[input.items.length + 2]!;
  return { items, original, tip, service, tax };
}

/**
 * Splits a sequence of amounts (the parts of a bill) evenly over `count` people so that each
 * person's parts add up to their share of the whole split evenly: result[k][i] is person i's share
 * of part k. Splitting each part evenly on its own would let the same person collect a spare penny
 * from every part. Instead the running total after each part is split evenly, and a person's share
 * of a part is the step between two running splits. Adding 1p to an even split of a non-negative
 * amount gives exactly the next person in turn 1p more, so every share of every part is within 1p
 * of even. Two adjustments keep that true when discounts are involved: every running total is
 * raised by the same `perHead` pence for each person (taken off again after splitting, so nobody's
 * share changes) so that none is negative, and a negative whole is worked as its mirror image,
 * matching apportion's sign symmetry.
 */
export function splitStepsEvenly(steps: readonly Pence[], count: number): Pence[][] {
  const total = steps.reduce((sum, step) => sum + step, 0);
  const sign = total < 0 ? -1 : 1;
  const running = [0];
  for (const step of steps) running.push(running[running.length - 1]! + sign * step);
  const perHead = Math.ceil(Math.max(0, -Math.min(...running)) / count);
  const even = running.map((amount) =>
    splitEvenly(amount + perHead * count, count).map((share) => share - perHead),
  );
  return steps.map((_, k) => even[k + 1]!.map((share, i) => sign * (share - even[k]![i]!) || 0));
}
