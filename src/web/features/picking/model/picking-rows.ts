import type { CreatorPickingResponse, PickOut } from '../../../../contracts/join';
import { toPence, type Pence } from '../../../../domain/money';
import { heldReason, SHARE_PORTIONS, type PickPortions } from '../../../../domain/picking';

// The creator's picking screen as rows: each item with who picked it, each person with what they
// owe so far and whether they paid. Amounts are the server's (it priced every pick with the
// domain's pickingShares); the creator's own changes go to the server and come back here.

export interface PickerChip {
  participantId: string;
  name: string;
  portions: PickPortions;
  /** 'Sam is paying for this one': the pick cannot be removed now. */
  locked: string | null;
}

export interface PickingItemRow {
  id: string;
  name: string;
  amountPence: Pence;
  pickers: PickerChip[];
  /** The creator's own pick of it, if any. */
  mine: PickPortions | null;
  /** Someone paying or paid holds the item: nobody may join or leave it. */
  locked: string | null;
}

export interface PickingPersonRow {
  id: string;
  name: string;
  isCreator: boolean;
  joined: boolean;
  state: 'open' | 'held' | 'paid';
  /** Their share so far with their part of the fee: what they would pay now. */
  owesPence: Pence;
  picks: number;
}

export function portionsLabel(portions: PickPortions): string | null {
  return portions === SHARE_PORTIONS || portions === 1 ? null : `×${portions}`;
}

export function pickingRows(data: CreatorPickingResponse): {
  items: PickingItemRow[];
  people: PickingPersonRow[];
  creatorId: string | null;
} {
  const byId = new Map(data.participants.map((p) => [p.id, p]));
  const creatorId = data.participants.find((p) => p.isCreator)?.id ?? null;
  const lockOf = (id: string) => {
    const p = byId.get(id);
    return p && p.state !== 'open' ? heldReason(p.name, p.state) : null;
  };
  const items = data.bill.items.map((item): PickingItemRow => {
    const picks = data.picks.filter((p) => p.itemId === item.id);
    const pickers = picks.map((p: PickOut) => ({
      participantId: p.participantId,
      name: byId.get(p.participantId)?.name ?? '',
      portions: p.portions,
      locked: lockOf(p.participantId),
    }));
    return {
      id: item.id,
      name: item.name,
      amountPence: toPence(item.amount),
      pickers,
      mine: picks.find((p) => p.participantId === creatorId)?.portions ?? null,
      locked: pickers.find((p) => p.locked)?.locked ?? null,
    };
  });
  const people = data.participants.map((p): PickingPersonRow => ({
    id: p.id,
    name: p.name,
    isCreator: p.isCreator,
    joined: p.joined,
    state: p.state,
    owesPence: toPence(p.amount) + toPence(p.fee),
    picks: data.picks.filter((x) => x.participantId === p.id).length,
  }));
  return { items, people, creatorId };
}

/** One person's picks, without one item: what the creator sends to remove a wrong pick. */
export function picksWithout(
  picks: readonly PickOut[],
  participantId: string,
  itemId: string | null,
): { itemId: string; portions: PickPortions }[] {
  return picks
    .filter((p) => p.participantId === participantId && p.itemId !== itemId)
    .map((p) => ({ itemId: p.itemId, portions: p.portions }));
}

/** The creator's picks with one item ticked ('share') or unticked. */
export function toggleOwnPick(
  picks: readonly PickOut[],
  creatorId: string,
  itemId: string,
): { itemId: string; portions: PickPortions }[] {
  const own = picksWithout(picks, creatorId, null);
  return own.some((p) => p.itemId === itemId)
    ? own.filter((p) => p.itemId !== itemId)
    : [...own, { itemId, portions: SHARE_PORTIONS }];
}

/** The creator's picks with their portions of one ticked item changed (0.5 steps, or 'share'). */
export function setOwnPortions(
  picks: readonly PickOut[],
  creatorId: string,
  itemId: string,
  portions: PickPortions,
): { itemId: string; portions: PickPortions }[] {
  return picksWithout(picks, creatorId, null).map((p) =>
    p.itemId === itemId ? { itemId, portions } : p,
  );
}
