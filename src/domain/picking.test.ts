import { describe, expect, it } from 'vitest';
import { TOO_MANY_PEOPLE_MESSAGE } from './bill-rules';
import { platformFee } from './fees';
import {
  assignRest,
  firstNameOf,
  joinOutcome,
  NAME_TAKEN_MESSAGE,
  pickChangeProblem,
  pickingShares,
  pickPortionsProblem,
  replacePicks,
  splitRestEqually,
  type ItemPick,
  type PickingInput,
  type PickingParticipant,
} from './picking';
import { splitBill } from './split';

const people = (...names: string[]): PickingParticipant[] =>
  names.map((name) => ({ id: name.toLowerCase(), name, state: 'open' }));

function makeInput(overrides: Partial<PickingInput> = {}): PickingInput {
  return {
    items: [
      { id: 'curry', name: 'Curry', amountPence: 1250 },
      { id: 'naan', name: 'Naan', amountPence: 350 },
      { id: 'wine', name: 'Wine', amountPence: 2400 },
    ],
    participants: people('Alex', 'Sam', 'Jo'),
    picks: [],
    serviceChargePence: 500,
    tipPence: 400,
    taxPence: 0,
    ...overrides,
  };
}

const owed = (r: ReturnType<typeof pickingShares>) =>
  r.shares.reduce((s, p) => s + p.amountPence, 0) + r.notPicked.amountPence;

describe('pickingShares', () => {
  it('owes nothing before anyone picks: everything is not picked yet', () => {
    const r = pickingShares(makeInput());
    expect(r.totalPence).toBe(1250 + 350 + 2400 + 500 + 400);
    expect(r.shares.every((s) => s.amountPence === 0 && s.feePence === 0)).toBe(true);
    expect(r.notPicked.amountPence).toBe(r.totalPence);
    expect(r.notPicked.feePence).toBe(platformFee(r.totalPence));
    expect(r.notPicked.items.map((i) => i.itemId)).toEqual(['curry', 'naan', 'wine']);
  });

  it('divides an item by portions, service evenly among pickers, tip by picked subtotal', () => {
    const picks: ItemPick[] = [
      { participantId: 'alex', itemId: 'curry', portions: 1 },
      { participantId: 'sam', itemId: 'wine', portions: 2 },
      { participantId: 'alex', itemId: 'wine', portions: 1 },
    ];
    const r = pickingShares(makeInput({ picks }));
    const [alex, sam, jo] = r.shares;
    // Wine 2400: Alex 1 portion (800), Sam 2 (1600).
    expect(alex!.lines.filter((l) => l.kind === 'item').map((l) => l.amountPence)).toEqual([
      1250, 800,
    ]);
    expect(sam!.lines.find((l) => l.kind === 'item')!.amountPence).toBe(1600);
    // Service shared by the two who picked; Jo picked nothing and owes nothing.
    expect(alex!.lines.find((l) => l.kind === 'service')!.amountPence).toBe(250);
    expect(jo!.amountPence).toBe(0);
    expect(jo!.lines).toEqual([]);
    // Tip 400 on a 4000 subtotal: 10% of what each picked; the naan's 35p stays unowed.
    expect(alex!.lines.find((l) => l.kind === 'tip')!.amountPence).toBe(205);
    expect(sam!.lines.find((l) => l.kind === 'tip')!.amountPence).toBe(160);
    expect(r.notPicked.tipPence).toBe(35);
    expect(r.notPicked.items).toEqual([
      { itemIndex: 1, itemId: 'naan', name: 'Naan', amountPence: 350 },
    ]);
    expect(owed(r)).toBe(r.totalPence);
    // The fee is shared evenly among the two pickers, as for assigned bills.
    expect(alex!.feePence + sam!.feePence).toBe(r.feePence);
    expect(r.notPicked.feePence).toBe(0);
  });

  it('matches the assigned split once every item is picked', () => {
    const picks: ItemPick[] = [
      { participantId: 'alex', itemId: 'curry', portions: 1 },
      { participantId: 'sam', itemId: 'naan', portions: 'share' },
      { participantId: 'jo', itemId: 'naan', portions: 'share' },
      { participantId: 'jo', itemId: 'wine', portions: 1.5 },
      { participantId: 'sam', itemId: 'wine', portions: 0.5 },
    ];
    const input = makeInput({ picks, tipPence: 400 });
    const r = pickingShares(input);
    const assigned = splitBill({
      mode: 'byItem',
      tipPercent: 10,
      serviceChargePence: 500,
      participants: input.participants,
      items: input.items.map((item) => ({
        name: item.name,
        amountPence: item.amountPence,
        splitMode: 'manual',
        assignments: picks
          .filter((p) => p.itemId === item.id)
          .map((p) => ({
            participantId: p.participantId,
            portions: p.portions === 'share' ? 1 : p.portions,
          })),
      })),
    });
    expect(r.shares.map((s) => s.amountPence)).toEqual(assigned.participants.map((p) => p.amount));
    expect(r.shares.map((s) => s.feePence)).toEqual(assigned.feePerParticipant);
    expect(r.notPicked.amountPence).toBe(0);
  });

  it('keeps a held person to their fixed lines and divides the rest among the others', () => {
    const first = pickingShares(
      makeInput({ picks: [{ participantId: 'sam', itemId: 'naan', portions: 1 }] }),
    );
    const samLines = first.shares[1]!.lines;
    const participants = people('Alex', 'Sam', 'Jo');
    participants[1] = { ...participants[1]!, state: 'held', fixedLines: samLines };
    const later = pickingShares(
      makeInput({
        participants,
        picks: [
          { participantId: 'sam', itemId: 'naan', portions: 1 },
          { participantId: 'alex', itemId: 'curry', portions: 1 },
          { participantId: 'jo', itemId: 'wine', portions: 1 },
        ],
      }),
    );
    expect(later.shares[1]!.lines).toEqual(samLines);
    expect(later.shares[1]!.amountPence).toBe(first.shares[1]!.amountPence);
    // Sam paid the whole service charge when he was the only picker: the others owe none of it.
    expect(later.shares[0]!.lines.some((l) => l.kind === 'service')).toBe(false);
    expect(owed(later)).toBe(later.totalPence);
    const fees = later.shares.reduce((s, p) => s + p.feePence, 0) + later.notPicked.feePence;
    expect(fees).toBe(later.feePence);
  });

  it('refuses picks the rules cannot produce', () => {
    expect(() =>
      pickingShares(makeInput({ picks: [{ participantId: 'zed', itemId: 'naan', portions: 1 }] })),
    ).toThrow(RangeError);
    expect(() =>
      pickingShares(
        makeInput({ picks: [{ participantId: 'sam', itemId: 'naan', portions: 0.3 }] }),
      ),
    ).toThrow(RangeError);
  });
});

describe('pickPortionsProblem', () => {
  it('takes share and 0.5 to 10 in 0.5 steps only', () => {
    for (const ok of ['share', 0.5, 1, 2.5, 10]) expect(pickPortionsProblem(ok)).toBeNull();
    for (const bad of [0, 0.25, 10.5, -1, 1.2, NaN, '1', null]) {
      expect(pickPortionsProblem(bad)).not.toBeNull();
    }
  });
});

describe('pickChangeProblem', () => {
  const participants = people('Alex', 'Sam', 'Jo').map((p) =>
    p.id === 'sam' ? { ...p, state: 'held' as const } : p,
  );
  const before: ItemPick[] = [{ participantId: 'sam', itemId: 'wine', portions: 1 }];

  it('refuses a new picker on an item a paying person has picked, with the reason', () => {
    const after = replacePicks(before, 'jo', [{ itemId: 'wine', portions: 1 }]);
    expect(pickChangeProblem(participants, before, after)).toEqual({
      itemId: 'wine',
      participantId: 'sam',
      reason: 'Sam is paying for this one',
    });
  });

  it("refuses changing the paying person's own picks", () => {
    const after = replacePicks(before, 'sam', [{ itemId: 'wine', portions: 2 }]);
    expect(pickChangeProblem(participants, before, after)?.reason).toBe(
      'Sam is paying for this one',
    );
    const paid = participants.map((p) => (p.id === 'sam' ? { ...p, state: 'paid' as const } : p));
    expect(pickChangeProblem(paid, before, replacePicks(before, 'sam', []))?.reason).toBe(
      'Sam has paid for this one',
    );
  });

  it('allows other items, and the same picks again', () => {
    const after = replacePicks(before, 'jo', [{ itemId: 'naan', portions: 1 }]);
    expect(pickChangeProblem(participants, before, after)).toBeNull();
    expect(
      pickChangeProblem(
        participants,
        after,
        replacePicks(after, 'jo', [{ itemId: 'naan', portions: 1 }]),
      ),
    ).toBeNull();
  });
});

describe('the creator helpers', () => {
  const input = makeInput({ picks: [{ participantId: 'alex', itemId: 'curry', portions: 1 }] });

  it('assigns what is left to one person', () => {
    const picks = assignRest(input.items, input.picks, 'jo');
    const r = pickingShares({ ...input, picks });
    expect(r.notPicked.amountPence).toBe(0);
    expect(r.shares[2]!.lines.filter((l) => l.kind === 'item')).toHaveLength(2);
  });

  it('splits what is left among everyone not paying', () => {
    const participants = input.participants.map((p) =>
      p.id === 'sam' ? { ...p, state: 'paid' as const, fixedLines: [] } : p,
    );
    const picks = splitRestEqually(input.items, participants, input.picks);
    expect(picks.filter((p) => p.participantId === 'sam')).toEqual([]);
    const r = pickingShares({ ...input, participants, picks });
    expect(r.notPicked.amountPence).toBe(0);
    expect(owed(r)).toBe(r.totalPence);
  });
});

describe('joinOutcome', () => {
  const on = [
    { id: 'a', name: 'Alex Smith', claimed: true },
    { id: 's', name: 'Sam', claimed: false },
  ];
  it('takes an untaken typed name, refuses a taken one, adds a new one', () => {
    expect(joinOutcome(on, ' sam ')).toEqual({ kind: 'claim', participantId: 's' });
    expect(joinOutcome(on, 'alex  smith')).toEqual({
      kind: 'refused',
      message: NAME_TAKEN_MESSAGE,
    });
    expect(joinOutcome(on, 'Zoë')).toEqual({ kind: 'add', name: 'Zoë' });
    expect(joinOutcome(on, '<b>')).toMatchObject({ kind: 'refused' });
  });
  it('refuses a 51st person', () => {
    const full = Array.from({ length: 50 }, (_, i) => ({
      id: `${i}`,
      name: `P${i}`,
      claimed: true,
    }));
    expect(joinOutcome(full, 'New')).toEqual({ kind: 'refused', message: TOO_MANY_PEOPLE_MESSAGE });
  });
  it('shows first names only', () => {
    expect(firstNameOf('  Alex Smith ')).toBe('Alex');
  });
});
