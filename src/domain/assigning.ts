import { BILL_LIMITS } from './bill-rules';
import type { ItemAssignment, SplitItem } from './split';
import { setItemSplitMode, setPortions } from './split-editor';

// Faster assigning on a long receipt (spec §4 Assignment, issue "Faster assigning"): several items
// to one person at once, the items nobody has yet to one person or to everyone, and an item read
// with a count shared out by that count. Each takes and returns whole item lists (or one item) and
// leaves its arguments untouched, as the single-item transitions of split-editor.ts do.

/** Whether nobody of `participantIds` is on a manual item (what unallocatedItems counts). */
export function isUnassigned(item: SplitItem, participantIds: ReadonlySet<string>): boolean {
  return (
    item.splitMode === 'manual' &&
    !item.assignments.some((a) => a.portions > 0 && participantIds.has(a.participantId))
  );
}

/**
 * The items at `indices` given to one person: added at 1 portion where they are not on the item
 * already (others on it stay, the item is shared); an item split equally becomes a manual one with
 * its earlier manual assignment back, plus the person. Other items are returned as they are.
 */
export function assignItems(
  items: readonly SplitItem[],
  indices: Iterable<number>,
  participantId: string,
): SplitItem[] {
  const chosen = new Set(indices);
  return items.map((item, index) => {
    if (!chosen.has(index)) return item;
    const manual = setItemSplitMode(item, 'manual');
    return manual.assignments.some((a) => a.participantId === participantId && a.portions > 0)
      ? manual
      : setPortions(manual, participantId, 1);
  });
}

/** Every item nobody is on yet (isUnassigned), given whole to one person at 1 portion. */
export function assignRestTo(
  items: readonly SplitItem[],
  participantIds: readonly string[],
  participantId: string,
): SplitItem[] {
  const ids = new Set(participantIds);
  return items.map((item) =>
    isUnassigned(item, ids) ? { ...item, assignments: [{ participantId, portions: 1 }] } : item,
  );
}

/** Every item nobody is on yet (isUnassigned), split equally between everyone on the bill. */
export function splitRestEqually(
  items: readonly SplitItem[],
  participantIds: readonly string[],
): SplitItem[] {
  const ids = new Set(participantIds);
  return items.map((item) => (isUnassigned(item, ids) ? setItemSplitMode(item, 'equally') : item));
}

/**
 * The count a receipt printed for an item ('Garlic Bread (2)', '2 x 3.00') as portions it can be
 * shared out by, or null when there is nothing to share out: no count, 1, or more than a person
 * may have of one item.
 */
export function shareableCount(count: number | null | undefined): number | null {
  if (count === null || count === undefined || !Number.isInteger(count)) return null;
  return count > 1 && count <= BILL_LIMITS.portionsMax ? count : null;
}

/** One person's part of a counted item: how many of the `count` they had. */
export interface CountShare {
  participantId: string;
  /** whole units, 0 or more */
  units: number;
}

/**
 * Why a sharing out of a counted item cannot be kept, or null: the units must be whole, not below
 * 0, and add up to the count printed (fewer would leave some unpaid for, since the item's price is
 * split by portions between those on it).
 */
export function countSharesProblem(count: number, shares: readonly CountShare[]): string | null {
  if (shares.some((s) => !Number.isInteger(s.units) || s.units < 0))
    return 'Give each person a whole number';
  const given = shares.reduce((sum, s) => sum + s.units, 0);
  if (given < count) return `${count - given} of ${count} still to give`;
  if (given > count) return `That's ${given - count} more than the ${count} on the receipt`;
  return null;
}

/**
 * A counted item shared out: each person's units become their portions (the existing portions
 * rule: the price is split in proportion), people given 0 are taken off, and the item is manual.
 * Throws a RangeError when countSharesProblem refuses the shares.
 */
export function assignByCount(
  item: SplitItem,
  count: number,
  shares: readonly CountShare[],
): SplitItem {
  const problem = countSharesProblem(count, shares);
  if (problem) throw new RangeError(problem);
  const assignments: ItemAssignment[] = shares
    .filter((s) => s.units > 0)
    .map((s) => ({ participantId: s.participantId, portions: s.units }));
  const { savedManualAssignments: _dropped, ...rest } = item;
  return { ...rest, splitMode: 'manual', assignments };
}

/** Each person's units of a counted item as it stands: their portions where whole, else 0. */
export function countSharesOf(item: SplitItem, participantIds: readonly string[]): CountShare[] {
  return participantIds.map((participantId) => {
    const portions =
      item.splitMode === 'manual'
        ? (item.assignments.find((a) => a.participantId === participantId)?.portions ?? 0)
        : 0;
    return { participantId, units: Number.isInteger(portions) ? portions : 0 };
  });
}
