import type { JoinBillResponse, PickOut } from '../../../../contracts/join';
import { toPence, type Pence } from '../../../../domain/money';
import {
  heldReason,
  pickChangeProblem,
  pickingShares,
  replacePicks,
  type ItemPick,
  type PickingInput,
  type PickingResult,
  type PickingShare,
  type PickPortions,
} from '../../../../domain/picking';
import type { PickItemView } from '../components/pick-item-card';

// The friend's page, worked out from the join answer, who I am on this device, and the picks I am
// making: every amount comes from the domain's pickingShares, the function the server prices
// with, so the share shown while ticking is the share the server will store.

/** My picks as I am making them: item id to portions. */
export type MyPicks = ReadonlyMap<string, PickPortions>;

/** The picks the server holds for one person, as my-picks. */
export function picksOf(picks: readonly PickOut[], participantId: string | null): MyPicks {
  return new Map(
    picks.filter((p) => p.participantId === participantId).map((p) => [p.itemId, p.portions]),
  );
}

/** Two sets of my picks the same (same items, same portions). */
export function samePicks(a: MyPicks, b: MyPicks): boolean {
  if (a.size !== b.size) return false;
  for (const [itemId, portions] of a) if (b.get(itemId) !== portions) return false;
  return true;
}

/** The bill's picks with mine replaced by `mine` (when I am someone on it). */
export function picksWith(
  data: JoinBillResponse,
  me: string | null,
  mine: MyPicks | null,
): ItemPick[] {
  const all: ItemPick[] = data.picks.map((p) => ({ ...p }));
  if (!me || !mine) return all;
  return replacePicks(
    all,
    me,
    [...mine].map(([itemId, portions]) => ({ itemId, portions })),
  );
}

/** The domain's input for the bill as the join answer has it, with `picks`. */
export function pickingInput(data: JoinBillResponse, picks: readonly ItemPick[]): PickingInput {
  const items = data.bill.items.map((item) => ({
    id: item.id,
    name: item.name,
    amountPence: toPence(item.amount),
  }));
  const indexOf = new Map(items.map((item, i) => [item.id, i]));
  return {
    items,
    participants: data.participants.map((p) => ({
      id: p.id,
      name: p.firstName,
      state: p.state,
      // A held or paid person pays the lines stored when their checkout began, whatever others
      // pick afterwards: the server keeps them, and so does this computation.
      ...(p.state !== 'open' && {
        fixedLines: p.lines.map((l) => ({
          kind: l.kind,
          name: l.name,
          amountPence: toPence(l.amount),
          itemIndex: l.itemId === null ? null : (indexOf.get(l.itemId) ?? null),
          portions: l.portions,
        })),
      }),
    })),
    picks,
    serviceChargePence: toPence(data.bill.serviceCharge),
    tipPence: toPence(data.bill.tip),
    taxPence: toPence(data.bill.tax),
  };
}

export interface JoinView {
  result: PickingResult;
  /** My share (null until I have joined). */
  mine: PickingShare | null;
  items: PickItemView[];
  /** My share is being paid or is paid: my picks are fixed. */
  fixed: boolean;
}

/** Everything the picking part of the friend's page shows. */
export function joinView(
  data: JoinBillResponse,
  me: string | null,
  mine: MyPicks | null,
): JoinView {
  const picks = picksWith(data, me, mine);
  const result = pickingShares(pickingInput(data, picks));
  const byId = new Map(data.participants.map((p) => [p.id, p]));
  const myShare = result.shares.find((s) => s.participantId === me) ?? null;
  const items = data.bill.items.map((item, itemIndex): PickItemView => {
    const pickers = picks.filter((p) => p.itemId === item.id);
    const own = pickers.find((p) => p.participantId === me);
    const lockedBy = pickers
      .map((p) => byId.get(p.participantId))
      .find((p) => p && p.id !== me && p.state !== 'open');
    return {
      id: item.id,
      name: item.name,
      amountPence: toPence(item.amount),
      mine: own ? own.portions : null,
      minePence:
        myShare?.lines
          .filter((l) => l.kind === 'item' && l.itemIndex === itemIndex)
          .reduce((sum, l) => sum + l.amountPence, 0) ?? 0,
      others: pickers
        .filter((p) => p.participantId !== me)
        .map((p) => ({ name: byId.get(p.participantId)?.firstName ?? '', portions: p.portions })),
      locked:
        lockedBy && lockedBy.state !== 'open'
          ? heldReason(lockedBy.firstName, lockedBy.state)
          : null,
    };
  });
  const meP = me ? byId.get(me) : undefined;
  return { result, mine: myShare, items, fixed: !!meP && meP.state !== 'open' };
}

/**
 * Why changing my picks from `before` to `after` is refused, by the same rule the server applies
 * (someone's payment holds the item), or null.
 */
export function myChangeProblem(
  data: JoinBillResponse,
  me: string,
  before: MyPicks,
  after: MyPicks,
): string | null {
  const people = data.participants.map((p) => ({ id: p.id, name: p.firstName, state: p.state }));
  const problem = pickChangeProblem(
    people,
    picksWith(data, me, before),
    picksWith(data, me, after),
  );
  return problem?.reason ?? null;
}

/** My picks with one item ticked ('share' at first) or unticked. */
export function togglePick(mine: MyPicks, itemId: string): MyPicks {
  const next = new Map(mine);
  if (next.has(itemId)) next.delete(itemId);
  else next.set(itemId, 'share');
  return next;
}

/** My picks with one item's portions set. */
export function setPortions(mine: MyPicks, itemId: string, portions: PickPortions): MyPicks {
  const next = new Map(mine);
  next.set(itemId, portions);
  return next;
}

/** What I pay now, fee included, in pence. */
export const toPay = (share: PickingShare | null): Pence =>
  share ? share.amountPence + share.feePence : 0;
