import { apportion, splitEvenly } from './apportion';
import { BILL_LIMITS, personNameProblem, TOO_MANY_PEOPLE_MESSAGE } from './bill-rules';
import { platformFee } from './fees';
import { itemNameOrDefault, type Pence } from './money';
import { normaliseName } from './people';
import { SHARE_LINE_NAMES, type ShareLine } from './shares';

// Friends pick their own items (DECISIONS.md "Friends pick their own items"): who owes what while a
// bill is being picked, which changes of picks are allowed while someone pays, and who may join.
// The friend's page, the creator's picking screen and the server all ask these same functions.

/** Portions one person may pick of one item: 0.5 to 10 in 0.5 steps. */
export const PICK_PORTIONS_MIN = 0.5;
export const PICK_PORTIONS_MAX = 10;
export const PICK_PORTIONS_MESSAGE = `Portions must be ${PICK_PORTIONS_MIN} to ${PICK_PORTIONS_MAX}, in steps of 0.5`;

/**
 * "Share with whoever else picks it": the string 'share' in place of a number of portions. It weighs
 * as one portion, so an item everyone picks as 'share' is divided evenly among its pickers and one
 * picked as 'share' beside 2 portions is divided 1 : 2. It is kept apart from a typed 1 so that the
 * pages can say "Sharing" rather than "1 portion"; stored as portion_halves NULL.
 */
export const SHARE_PORTIONS = 'share';
export type PickPortions = number | typeof SHARE_PORTIONS;

/** A pick: one person had `portions` of one item. At most one per person and item. */
export interface ItemPick {
  participantId: string;
  itemId: string;
  portions: PickPortions;
}

/**
 * open: their share follows the picks; held: a checkout covering them is open, so their items may
 * not gain or lose pickers nor change portions; paid: the same, for good.
 */
export type PickerState = 'open' | 'held' | 'paid';

export interface PickingParticipant {
  id: string;
  name: string;
  state: PickerState;
  /**
   * For held and paid people: the lines they are paying (or paid), as stored when their checkout
   * began. Kept to the penny whatever others pick afterwards; the rest is divided among the others.
   * When absent for a held or paid person, their lines are computed like anyone's.
   */
  fixedLines?: readonly ShareLine[];
}

export interface PickingItem {
  id: string;
  name: string;
  amountPence: Pence;
}

export interface PickingInput {
  /** In bill order; ShareLine.itemIndex indexes this list. */
  items: readonly PickingItem[];
  /** In bill order (the creator first); ties for a spare penny go to the earlier person. */
  participants: readonly PickingParticipant[];
  picks: readonly ItemPick[];
  serviceChargePence: Pence;
  /** The bill's tip in pence (tip percent of the whole items subtotal, as saved). */
  tipPence: Pence;
  taxPence: Pence;
}

export interface PickingShare {
  participantId: string;
  name: string;
  state: PickerState;
  /** Whether the person has picked anything (only they share the service charge and the fee). */
  picked: boolean;
  /** Items, service, tip, tax, fee (domain/shares.ts order); non-fee lines sum to amountPence. */
  lines: ShareLine[];
  /** What the person owes for the bill so far, before the fee. */
  amountPence: Pence;
  feePence: Pence;
}

export interface NotPickedItem {
  itemIndex: number;
  itemId: string;
  name: string;
  /** What of the item nobody owes yet: the whole price of an item nobody picked. */
  amountPence: Pence;
}

export interface NotPickedYet {
  items: NotPickedItem[];
  /** Everything nobody owes yet, before the fee: its items, service, tip and tax parts. */
  amountPence: Pence;
  servicePence: Pence;
  tipPence: Pence;
  taxPence: Pence;
  /** The part of the platform fee nobody owes yet (only while nobody has picked anything). */
  feePence: Pence;
}

export interface PickingResult {
  subtotalPence: Pence;
  /** items + service + tip + tax: the shares' amounts plus notPicked.amountPence. */
  totalPence: Pence;
  /** platformFee(totalPence): the shares' fees plus notPicked.feePence. */
  feePence: Pence;
  /** One per participant, in input order. */
  shares: PickingShare[];
  notPicked: NotPickedYet;
}

/** Why portions are refused for a pick, or null: 'share', or 0.5 to 10 in 0.5 steps. */
export function pickPortionsProblem(portions: unknown): string | null {
  if (portions === SHARE_PORTIONS) return null;
  return typeof portions === 'number' &&
    Number.isInteger(portions * 2) &&
    portions >= PICK_PORTIONS_MIN &&
    portions <= PICK_PORTIONS_MAX
    ? null
    : PICK_PORTIONS_MESSAGE;
}

/** A pick's weight in half-portions, an integer: 'share' weighs as one portion (2). */
export function pickWeight(portions: PickPortions): number {
  return portions === SHARE_PORTIONS ? 2 : Math.round(portions * 2);
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/**
 * Each person's share of a bill being picked, line by line, to the penny, and what nobody owes yet.
 * Invariants: the shares' amounts plus notPicked.amountPence equal totalPence, their fees plus
 * notPicked.feePence equal feePence, each item's, the service's, the tip's and the tax's parts sum to
 * it, and a held or paid person with fixedLines gets exactly those lines. For everyone else: an
 * item's price (less what fixed people pay of it) is apportioned among its pickers by portions; the
 * service charge and the fee (platformFee of the total, as for assigned bills) are shared evenly
 * among the people who picked something; the tip and the tax in proportion to each person's picked
 * subtotal against the bill's subtotal, the unpicked items' part staying in notPicked.
 * Throws a RangeError for picks of unknown people or items, a repeated pick, or bad portions.
 */
export function pickingShares(input: PickingInput): PickingResult {
  const { items, participants } = input;
  const indexById = new Map(participants.map((p, i) => [p.id, i]));
  if (indexById.size !== participants.length)
    throw new RangeError('Participant ids must be unique');
  const itemIndexById = new Map(items.map((item, i) => [item.id, i]));
  const fixed = participants.map((p) => p.state !== 'open' && p.fixedLines !== undefined);

  // weights[itemIndex][participantIndex] in half-portions.
  const weights = items.map(() => new Array<number>(participants.length).fill(0));
  const portionsOf = items.map(() =>
    new Array<PickPortions | null>(participants.length).fill(null),
  );
  for (const pick of input.picks) {
    const person = indexById.get(pick.participantId);
    const itemIndex = itemIndexById.get(pick.itemId);
    if (person === undefined) throw new RangeError(`Unknown participant ${pick.participantId}`);
    if (itemIndex === undefined) throw new RangeError(`Unknown item ${pick.itemId}`);
    const problem = pickPortionsProblem(pick.portions);
    if (problem) throw new RangeError(problem);
    if (portionsOf[itemIndex]![person] !== null) {
      throw new RangeError(`${pick.participantId} picked item ${pick.itemId} twice`);
    }
    portionsOf[itemIndex]![person] = pick.portions;
    weights[itemIndex]![person] = pickWeight(pick.portions);
  }

  const fixedOf = (person: number, kind: ShareLine['kind'], itemIndex?: number) =>
    sum(
      (participants[person]!.fixedLines ?? [])
        .filter((l) => l.kind === kind && (itemIndex === undefined || l.itemIndex === itemIndex))
        .map((l) => l.amountPence),
    );
  const fixedTotal = (kind: ShareLine['kind'], itemIndex?: number) =>
    sum(participants.map((_, i) => (fixed[i] ? fixedOf(i, kind, itemIndex) : 0)));

  const itemLines: ShareLine[][] = participants.map(() => []);
  const original = participants.map(() => 0);
  const picked = participants.map((_, i) => fixed[i]!);
  const notPickedItems: NotPickedItem[] = [];
  let unpickedSubtotal = 0;

  items.forEach((item, itemIndex) => {
    const open = weights[itemIndex]!.map((w, i) => (fixed[i] ? 0 : w));
    open.forEach((w, i) => {
      if (w > 0) picked[i] = true;
    });
    const rest = item.amountPence - fixedTotal('item', itemIndex);
    if (open.every((w) => w === 0)) {
      if (rest !== 0 || weights[itemIndex]!.every((w) => w === 0)) {
        notPickedItems.push({
          itemIndex,
          itemId: item.id,
          name: itemNameOrDefault(item.name),
          amountPence: rest,
        });
        unpickedSubtotal += rest;
      }
      return;
    }
    const parts = apportion(rest, open);
    parts.forEach((amountPence, i) => {
      if (open[i] === 0) return;
      const portions = portionsOf[itemIndex]![i]!;
      itemLines[i]!.push({
        kind: 'item',
        name: itemNameOrDefault(item.name),
        amountPence,
        itemIndex,
        portions: portions === SHARE_PORTIONS ? null : portions,
      });
      original[i]! += amountPence;
    });
  });

  for (let i = 0; i < participants.length; i++) {
    if (fixed[i]) original[i] = fixedOf(i, 'item');
  }
  const subtotalPence = sum(items.map((item) => item.amountPence));
  const totalPence = subtotalPence + input.serviceChargePence + input.tipPence + input.taxPence;
  const feePence = platformFee(totalPence);

  const openPickers = participants.map((_, i) => !fixed[i] && picked[i]!);
  // Evenly among the open pickers, after what the fixed people pay of it; nobody to share: unowed.
  const evenly = (whole: Pence, kind: ShareLine['kind']): { parts: Pence[]; rest: Pence } => {
    const rest = whole - fixedTotal(kind);
    const count = openPickers.filter(Boolean).length;
    if (count === 0) return { parts: participants.map(() => 0), rest };
    const shares = splitEvenly(rest, count);
    let k = 0;
    return { parts: openPickers.map((open) => (open ? shares[k++]! : 0)), rest: 0 };
  };
  // In proportion to each open person's items, beside the unpicked items' part, which stays unowed.
  const proportional = (whole: Pence, kind: ShareLine['kind']): { parts: Pence[]; rest: Pence } => {
    const rest = whole - fixedTotal(kind);
    const w = [
      ...participants.map((_, i) => (fixed[i] ? 0 : Math.max(original[i]!, 0))),
      Math.max(unpickedSubtotal, 0),
    ];
    if (w.every((x) => x === 0)) return evenly(whole, kind);
    const parts = apportion(rest, w);
    return { parts: parts.slice(0, participants.length), rest: parts[participants.length]! };
  };

  const service = evenly(input.serviceChargePence, 'service');
  const tip = proportional(input.tipPence, 'tip');
  const tax = proportional(input.taxPence, 'tax');
  const fee = evenly(feePence, 'fee');

  const shares: PickingShare[] = participants.map((person, i) => {
    if (fixed[i]) {
      const lines = person.fixedLines!.map((l) => ({ ...l }));
      return {
        participantId: person.id,
        name: person.name,
        state: person.state,
        picked: true,
        lines,
        amountPence: sum(lines.filter((l) => l.kind !== 'fee').map((l) => l.amountPence)),
        feePence: sum(lines.filter((l) => l.kind === 'fee').map((l) => l.amountPence)),
      };
    }
    const lines = [...itemLines[i]!];
    const extra = (kind: 'service' | 'tip' | 'tax' | 'fee', amountPence: Pence) => {
      if (amountPence !== 0) {
        lines.push({
          kind,
          name: SHARE_LINE_NAMES[kind],
          amountPence,
          itemIndex: null,
          portions: null,
        });
      }
    };
    extra('service', service.parts[i]!);
    extra('tip', tip.parts[i]!);
    extra('tax', tax.parts[i]!);
    extra('fee', fee.parts[i]!);
    return {
      participantId: person.id,
      name: person.name,
      state: person.state,
      picked: picked[i]!,
      lines,
      amountPence: original[i]! + service.parts[i]! + tip.parts[i]! + tax.parts[i]!,
      feePence: fee.parts[i]!,
    };
  });

  const owed = sum(shares.map((s) => s.amountPence));
  const owedFees = sum(shares.map((s) => s.feePence));
  return {
    subtotalPence,
    totalPence,
    feePence,
    shares,
    notPicked: {
      items: notPickedItems,
      amountPence: totalPence - owed,
      servicePence: service.rest,
      tipPence: tip.rest,
      taxPence: tax.rest,
      feePence: feePence - owedFees,
    },
  };
}

/** Why a change of picks is refused: the item, the person whose payment stops it, and the reason. */
export interface PickLockProblem {
  itemId: string;
  participantId: string;
  reason: string;
}

/** The reason shown when `name`'s payment holds an item: "Sam is paying for this one". */
export function heldReason(name: string, state: 'held' | 'paid'): string {
  return state === 'held' ? `${name} is paying for this one` : `${name} has paid for this one`;
}

const pickKey = (p: ItemPick) => `${p.itemId}\u0000${p.participantId}`;

/**
 * The first reason the change from `before` to `after` (the bill's whole set of picks) touches an
 * item a held or paid person has picked, or that person's own picks, or null when it is allowed.
 * An item is touched when it gains or loses a picker or a picker's portions change.
 */
export function pickChangeProblem(
  participants: readonly Pick<PickingParticipant, 'id' | 'name' | 'state'>[],
  before: readonly ItemPick[],
  after: readonly ItemPick[],
): PickLockProblem | null {
  const locked = new Map(participants.filter((p) => p.state !== 'open').map((p) => [p.id, p]));
  if (locked.size === 0) return null;
  const was = new Map(before.map((p) => [pickKey(p), p]));
  const now = new Map(after.map((p) => [pickKey(p), p]));
  const touched: ItemPick[] = [];
  for (const [key, pick] of now) {
    if (was.get(key)?.portions !== pick.portions) touched.push(pick);
  }
  for (const [key, pick] of was) if (!now.has(key)) touched.push(pick);
  for (const change of touched) {
    const holders = [...before, ...after]
      .filter((p) => p.itemId === change.itemId && locked.has(p.participantId))
      .map((p) => locked.get(p.participantId)!);
    // The person's own payment first, then anyone else's on the item.
    const holder = locked.get(change.participantId) ?? holders[0];
    if (holder) {
      return {
        itemId: change.itemId,
        participantId: holder.id,
        reason: heldReason(holder.name, holder.state as 'held' | 'paid'),
      };
    }
  }
  return null;
}

/**
 * The whole set of picks after one person sets theirs to `picks` (their other picks dropped).
 * Idempotent: setting the same picks twice gives the same set; others' picks are untouched.
 */
export function replacePicks(
  all: readonly ItemPick[],
  participantId: string,
  picks: readonly Omit<ItemPick, 'participantId'>[],
): ItemPick[] {
  return [
    ...all.filter((p) => p.participantId !== participantId),
    ...picks.map((p) => ({ participantId, itemId: p.itemId, portions: p.portions })),
  ];
}

/** Ids of the items nobody has picked, in bill order. */
export function unpickedItemIds(
  items: readonly PickingItem[],
  picks: readonly ItemPick[],
): string[] {
  const pickedIds = new Set(picks.map((p) => p.itemId));
  return items.filter((item) => !pickedIds.has(item.id)).map((item) => item.id);
}

/** The picks that give every unpicked item to one person, at one portion each ("assign what is left"). */
export function assignRest(
  items: readonly PickingItem[],
  picks: readonly ItemPick[],
  participantId: string,
): ItemPick[] {
  return [
    ...picks,
    ...unpickedItemIds(items, picks).map((itemId) => ({ participantId, itemId, portions: 1 })),
  ];
}

/**
 * The picks that share every unpicked item among everyone who is not held or paid ("split what is
 * left equally"), each as 'share'. Unchanged when nobody is open.
 */
export function splitRestEqually(
  items: readonly PickingItem[],
  participants: readonly Pick<PickingParticipant, 'id' | 'state'>[],
  picks: readonly ItemPick[],
): ItemPick[] {
  const open = participants.filter((p) => p.state === 'open');
  return [
    ...picks,
    ...unpickedItemIds(items, picks).flatMap((itemId) =>
      open.map((p) => ({ participantId: p.id, itemId, portions: SHARE_PORTIONS as PickPortions })),
    ),
  ];
}

export const NAME_TAKEN_MESSAGE =
  'Someone has already joined with that name: add yours with an initial, such as "Sam B"';

/** What joining with a name does: take a typed name nobody has taken, add a new person, or refuse. */
export type JoinOutcome =
  | { kind: 'claim'; participantId: string }
  | { kind: 'add'; name: string }
  | { kind: 'refused'; message: string };

/**
 * Joining a bill with `name` (DECISIONS.md): a name the creator typed that nobody has taken is
 * taken (names compared by normaliseName); a name already taken is refused; any other name that
 * keeps the names rule adds a person, while the bill has fewer than BILL_LIMITS.maxPeople (50).
 */
export function joinOutcome(
  participants: readonly { id: string; name: string; claimed: boolean }[],
  name: string,
): JoinOutcome {
  const problem = personNameProblem(name);
  if (problem) return { kind: 'refused', message: problem };
  const wanted = normaliseName(name);
  const same = participants.find((p) => normaliseName(p.name) === wanted);
  if (same) {
    return same.claimed
      ? { kind: 'refused', message: NAME_TAKEN_MESSAGE }
      : { kind: 'claim', participantId: same.id };
  }
  if (participants.length >= BILL_LIMITS.maxPeople) {
    return { kind: 'refused', message: TOO_MANY_PEOPLE_MESSAGE };
  }
  return { kind: 'add', name: name.trim().replace(/\s+/g, ' ') };
}

/** A first name, all another friend sees of a person on a join page: the name's first word. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
