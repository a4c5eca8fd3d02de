import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pickChangeProblem,
  pickingShares,
  replacePicks,
  SHARE_PORTIONS,
  type ItemPick,
  type PickingInput,
  type PickingParticipant,
  type PickPortions,
} from './picking';
import type { ShareLine } from './shares';

// For any sequence of joins, picks, unpicks, holds, payments and releases: the picked shares plus
// "Not picked yet" add up to the bill total (and the fees to the fee) to the penny, a paid share
// never changes, and an item a held or paid person picked never gains or loses a picker.

type Op =
  | { op: 'join' }
  | { op: 'pick'; person: number; item: number; portions: PickPortions }
  | { op: 'unpick'; person: number; item: number }
  | { op: 'hold'; person: number }
  | { op: 'pay'; person: number }
  | { op: 'release'; person: number };

const portions = fc.oneof(
  fc.constant<PickPortions>(SHARE_PORTIONS),
  fc.integer({ min: 1, max: 20 }).map((halves) => halves / 2),
);
const ops = fc.array(
  fc.oneof(
    fc.constant<Op>({ op: 'join' }),
    fc.record({ op: fc.constant('pick' as const), person: fc.nat(), item: fc.nat(), portions }),
    fc.record({ op: fc.constant('unpick' as const), person: fc.nat(), item: fc.nat() }),
    fc.record({ op: fc.constant('hold' as const), person: fc.nat() }),
    fc.record({ op: fc.constant('pay' as const), person: fc.nat() }),
    fc.record({ op: fc.constant('release' as const), person: fc.nat() }),
  ),
  { maxLength: 60 },
);
const bill = fc.record({
  // Discounts included: an item may be below zero.
  items: fc.array(fc.integer({ min: -500, max: 50_000 }), { minLength: 1, maxLength: 12 }),
  serviceChargePence: fc.integer({ min: 0, max: 5_000 }),
  tipPence: fc.integer({ min: 0, max: 5_000 }),
  taxPence: fc.integer({ min: 0, max: 3_000 }),
  people: fc.integer({ min: 1, max: 6 }),
});

const itemsOf = (picks: readonly ItemPick[], itemId: string) =>
  picks
    .filter((p) => p.itemId === itemId)
    .map((p) => `${p.participantId}:${p.portions}`)
    .sort();

describe('picking, for any sequence of joins, picks, holds, payments and releases', () => {
  it('adds up to the penny, never changes a paid share, never moves a held item', () => {
    fc.assert(
      fc.property(bill, ops, (b, sequence) => {
        const input: PickingInput = {
          items: b.items.map((amountPence, i) => ({ id: `i${i}`, name: `Item ${i}`, amountPence })),
          participants: [],
          picks: [],
          serviceChargePence: b.serviceChargePence,
          tipPence: b.tipPence,
          taxPence: b.taxPence,
        };
        let participants: PickingParticipant[] = Array.from({ length: b.people }, (_, i) => ({
          id: `p${i}`,
          name: `Person ${i}`,
          state: 'open',
        }));
        let picks: ItemPick[] = [];
        const paidLines = new Map<string, ShareLine[]>();
        // What each held or paid person's items looked like when the hold began.
        const heldItems = new Map<string, Map<string, string[]>>();
        const shares = () => pickingShares({ ...input, participants, picks });

        for (const step of sequence) {
          const person = 'person' in step ? participants[step.person % participants.length]! : null;
          if (step.op === 'join') {
            if (participants.length < 50) {
              const i = participants.length;
              participants = [...participants, { id: `p${i}`, name: `Person ${i}`, state: 'open' }];
            }
          } else if (step.op === 'pick' || step.op === 'unpick') {
            const itemId = input.items[step.item % input.items.length]!.id;
            const own = picks
              .filter((p) => p.participantId === person!.id && p.itemId !== itemId)
              .map(({ itemId: id, portions: n }) => ({ itemId: id, portions: n }));
            if (step.op === 'pick') own.push({ itemId, portions: step.portions });
            const after = replacePicks(picks, person!.id, own);
            if (pickChangeProblem(participants, picks, after) === null) picks = after;
          } else if (step.op === 'hold' && person!.state === 'open') {
            const lines = shares().shares.find((s) => s.participantId === person!.id)!.lines;
            participants = participants.map((p) =>
              p.id === person!.id ? { ...p, state: 'held', fixedLines: lines } : p,
            );
            const snapshot = new Map<string, string[]>();
            for (const p of picks.filter((p) => p.participantId === person!.id)) {
              snapshot.set(p.itemId, itemsOf(picks, p.itemId));
            }
            heldItems.set(person!.id, snapshot);
          } else if (step.op === 'pay' && person!.state === 'held') {
            participants = participants.map((p) =>
              p.id === person!.id ? { ...p, state: 'paid' } : p,
            );
            paidLines.set(person!.id, [...person!.fixedLines!]);
          } else if (step.op === 'release' && person!.state === 'held') {
            participants = participants.map((p) =>
              p.id === person!.id ? { id: p.id, name: p.name, state: 'open' } : p,
            );
            heldItems.delete(person!.id);
          }

          const r = shares();
          const owed = r.shares.reduce((s, p) => s + p.amountPence, 0);
          expect(owed + r.notPicked.amountPence).toBe(r.totalPence);
          const fees = r.shares.reduce((s, p) => s + p.feePence, 0);
          expect(fees + r.notPicked.feePence).toBe(r.feePence);
          for (const share of r.shares) {
            const lines = share.lines.filter((l) => l.kind !== 'fee');
            expect(lines.reduce((s, l) => s + l.amountPence, 0)).toBe(share.amountPence);
            const paid = paidLines.get(share.participantId);
            if (paid) expect(share.lines).toEqual(paid);
          }
          for (const snapshot of heldItems.values()) {
            for (const [itemId, pickers] of snapshot) {
              expect(itemsOf(picks, itemId)).toEqual(pickers);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
