import type { ItemAssignment, ItemSplitMode, SplitItem } from './split';

// Pure state transitions for the split editor (spec §4 "Item split mode" and "Assignment"). Each
// returns a new item and leaves its argument untouched, so they drop straight into a reducer.
// While an item is split equally its assignee buttons stand for "everyone": toggling or setting
// portions then changes nothing, and the UI should show them as disabled.

/** The two sample items a fresh editor starts with (spec §2): French Fries £4.99 and Red Wine £22.00, unassigned. */
export function seedItems(): SplitItem[] {
  return [
    { name: 'French Fries', amountPence: 499, splitMode: 'manual', assignments: [] },
    { name: 'Red Wine', amountPence: 2200, splitMode: 'manual', assignments: [] },
  ];
}

/** The portions a person has on an item: 0 when not assigned; 1 for everyone when split equally. */
export function portionsOf(item: SplitItem, participantId: string): number {
  if (item.splitMode === 'equally') return 1;
  return item.assignments.find((a) => a.participantId === participantId)?.portions ?? 0;
}

/** Adds the person to a manual item at 1 portion, or removes them if they are on it. */
export function toggleAssignee(item: SplitItem, participantId: string): SplitItem {
  if (item.splitMode === 'equally') return item;
  return setPortions(item, participantId, portionsOf(item, participantId) > 0 ? 0 : 1);
}

/**
 * Sets a person's portions on a manual item: 0 removes them, a positive multiple of 0.5 adds or
 * updates them in place (so assignees keep their order). Throws a RangeError for other values.
 */
export function setPortions(item: SplitItem, participantId: string, portions: number): SplitItem {
  if (!Number.isInteger(portions * 2) || portions < 0) {
    throw new RangeError(`Portions must be a non-negative multiple of 0.5, got ${portions}`);
  }
  if (item.splitMode === 'equally') return item;
  const others = item.assignments.filter((a) => a.participantId !== participantId);
  if (portions === 0) return { ...item, assignments: others };
  const index = item.assignments.findIndex((a) => a.participantId === participantId);
  const assignments: ItemAssignment[] = [...item.assignments];
  if (index === -1) assignments.push({ participantId, portions });
  else assignments[index] = { participantId, portions };
  return { ...item, assignments };
}

/**
 * Switches an item between 'manual' and 'equally'. Going to 'equally' puts the manual assignment
 * aside in savedManualAssignments; coming back restores it. Same mode: the item is returned as is.
 */
export function setItemSplitMode(item: SplitItem, mode: ItemSplitMode): SplitItem {
  if (item.splitMode === mode) return item;
  if (mode === 'equally') {
    return {
      ...item,
      splitMode: 'equally',
      assignments: [],
      savedManualAssignments: item.assignments,
    };
  }
  const { savedManualAssignments = [], ...rest } = item;
  return { ...rest, splitMode: 'manual', assignments: savedManualAssignments };
}

/** Drops a removed participant from every item's assignments, saved ones included. */
export function removeParticipantFromItems(
  items: readonly SplitItem[],
  participantId: string,
): SplitItem[] {
  const keep = (assignments: readonly ItemAssignment[]) =>
    assignments.filter((a) => a.participantId !== participantId);
  return items.map((item) => ({
    ...item,
    assignments: keep(item.assignments),
    ...(item.savedManualAssignments && {
      savedManualAssignments: keep(item.savedManualAssignments),
    }),
  }));
}

/** A participant name typed into the editor, trimmed; null when nothing is left to add (spec §5). */
export function participantNameToAdd(input: string): string | null {
  const name = input.trim();
  return name === '' ? null : name;
}
