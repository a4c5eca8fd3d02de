import { describe, expect, it } from 'vitest';
import {
  assignByCount,
  assignItems,
  assignRestTo,
  countSharesOf,
  countSharesProblem,
  isUnassigned,
  shareableCount,
  splitRestEqually,
} from './assigning';
import { splitBill, unallocatedItems, type SplitItem } from './split';
import { setItemSplitMode } from './split-editor';

const item = (name: string, assignments: SplitItem['assignments'] = []): SplitItem => ({
  name,
  amountPence: 600,
  splitMode: 'manual',
  assignments,
});
const people = ['ann', 'bo', 'cy'];

describe('isUnassigned', () => {
  it('is true for a manual item nobody on the bill has, at more than 0 portions', () => {
    const ids = new Set(people);
    expect(isUnassigned(item('a'), ids)).toBe(true);
    expect(isUnassigned(item('a', [{ participantId: 'gone', portions: 1 }]), ids)).toBe(true);
    expect(isUnassigned(item('a', [{ participantId: 'ann', portions: 1 }]), ids)).toBe(false);
    expect(isUnassigned(setItemSplitMode(item('a'), 'equally'), ids)).toBe(false);
  });
});

describe('assignItems', () => {
  it('gives the chosen items to the person, keeping others already on them', () => {
    const items = [item('a'), item('b', [{ participantId: 'bo', portions: 2 }]), item('c')];
    const next = assignItems(items, [0, 1], 'ann');
    expect(next[0]!.assignments).toEqual([{ participantId: 'ann', portions: 1 }]);
    expect(next[1]!.assignments).toEqual([
      { participantId: 'bo', portions: 2 },
      { participantId: 'ann', portions: 1 },
    ]);
    expect(next[2]).toBe(items[2]);
    // the argument is untouched
    expect(items[0]!.assignments).toEqual([]);
  });

  it('leaves a person already on an item at their portions', () => {
    const items = [item('a', [{ participantId: 'ann', portions: 2 }])];
    expect(assignItems(items, [0], 'ann')[0]!.assignments).toEqual([
      { participantId: 'ann', portions: 2 },
    ]);
  });

  it('turns an item split equally back to manual, with its earlier assignment and the person', () => {
    const shared = setItemSplitMode(item('a', [{ participantId: 'bo', portions: 1 }]), 'equally');
    const [next] = assignItems([shared], [0], 'ann');
    expect(next).toEqual({
      name: 'a',
      amountPence: 600,
      splitMode: 'manual',
      assignments: [
        { participantId: 'bo', portions: 1 },
        { participantId: 'ann', portions: 1 },
      ],
    });
  });
});

describe('assignRestTo and splitRestEqually', () => {
  const items = [
    item('taken', [{ participantId: 'bo', portions: 1 }]),
    item('left'),
    item('left by someone gone', [{ participantId: 'gone', portions: 1 }]),
    setItemSplitMode(item('shared'), 'equally'),
  ];

  it('gives only the items nobody has to one person, and the bill then splits', () => {
    const next = assignRestTo(items, people, 'cy');
    expect(next.map((i) => i.assignments)).toEqual([
      [{ participantId: 'bo', portions: 1 }],
      [{ participantId: 'cy', portions: 1 }],
      [{ participantId: 'cy', portions: 1 }],
      [],
    ]);
    expect(next[0]).toBe(items[0]);
    expect(next[3]).toBe(items[3]);
    const input = {
      mode: 'byItem' as const,
      participants: people.map((id) => ({ id, name: id })),
      items: next.map((i) => ({
        ...i,
        assignments: i.assignments.filter((a) => people.includes(a.participantId)),
      })),
      tipPercent: 0,
      serviceChargePence: 0,
    };
    expect(unallocatedItems(input)).toEqual([]);
    const split = splitBill(input);
    expect(split.participants.map((p) => p.amount)).toEqual([200, 800, 1400]);
  });

  it('splits only the items nobody has equally between everyone', () => {
    const next = splitRestEqually(items, people);
    expect(next.map((i) => i.splitMode)).toEqual(['manual', 'equally', 'equally', 'equally']);
    expect(next[0]).toBe(items[0]);
    expect(next[3]).toBe(items[3]);
    expect(
      unallocatedItems({
        mode: 'byItem',
        participants: people.map((id) => ({ id, name: id })),
        items: next,
      }),
    ).toEqual([]);
  });

  it('changes nothing when every item is someone’s', () => {
    const done = [items[0]!, items[3]!];
    expect(assignRestTo(done, people, 'ann')).toEqual(done);
    expect(splitRestEqually(done, people)).toEqual(done);
  });
});

describe('shareableCount', () => {
  it('offers a whole count of 2 up to the portions limit', () => {
    expect(shareableCount(2)).toBe(2);
    expect(shareableCount(100)).toBe(100);
    expect(shareableCount(101)).toBeNull();
    expect(shareableCount(1)).toBeNull();
    expect(shareableCount(2.5)).toBeNull();
    expect(shareableCount(null)).toBeNull();
    expect(shareableCount(undefined)).toBeNull();
  });
});

describe('countSharesProblem', () => {
  it('asks for every unit to be given, whole and not below 0', () => {
    const shares = (...units: number[]) =>
      units.map((u, i) => ({ participantId: `p${i}`, units: u }));
    expect(countSharesProblem(2, shares(1, 1))).toBeNull();
    expect(countSharesProblem(3, shares(2, 0, 1))).toBeNull();
    expect(countSharesProblem(2, shares(1, 0))).toBe('1 of 2 still to give');
    expect(countSharesProblem(2, shares(2, 1))).toBe("That's 1 more than the 2 on the receipt");
    expect(countSharesProblem(2, shares(1.5, 0.5))).toBe('Give each person a whole number');
    expect(countSharesProblem(2, shares(3, -1))).toBe('Give each person a whole number');
  });
});

describe('assignByCount', () => {
  const bread = { ...item('Garlic Bread'), amountPence: 701 };

  it('makes each person’s units their portions, so the price is split by them', () => {
    const next = assignByCount(bread, 3, [
      { participantId: 'ann', units: 2 },
      { participantId: 'bo', units: 0 },
      { participantId: 'cy', units: 1 },
    ]);
    expect(next.assignments).toEqual([
      { participantId: 'ann', portions: 2 },
      { participantId: 'cy', portions: 1 },
    ]);
    const split = splitBill({
      mode: 'byItem',
      participants: people.map((id) => ({ id, name: id })),
      items: [next],
      tipPercent: 0,
      serviceChargePence: 0,
    });
    expect(split.participants.map((p) => p.amount)).toEqual([467, 0, 234]);
  });

  it('gives one of two to each of two people: half the price each', () => {
    const next = assignByCount({ ...bread, amountPence: 600 }, 2, [
      { participantId: 'ann', units: 1 },
      { participantId: 'bo', units: 1 },
    ]);
    const split = splitBill({
      mode: 'byItem',
      participants: people.slice(0, 2).map((id) => ({ id, name: id })),
      items: [next],
      tipPercent: 0,
      serviceChargePence: 0,
    });
    expect(split.participants.map((p) => p.amount)).toEqual([300, 300]);
  });

  it('makes an item split equally manual, its saved assignment dropped', () => {
    const shared = setItemSplitMode(item('a', [{ participantId: 'bo', portions: 1 }]), 'equally');
    const next = assignByCount(shared, 2, [{ participantId: 'ann', units: 2 }]);
    expect(next).toEqual({
      name: 'a',
      amountPence: 600,
      splitMode: 'manual',
      assignments: [{ participantId: 'ann', portions: 2 }],
    });
  });

  it('refuses shares that do not add up to the count', () => {
    expect(() => assignByCount(bread, 2, [{ participantId: 'ann', units: 1 }])).toThrow(RangeError);
  });
});

describe('countSharesOf', () => {
  it('reads whole portions back as units, anything else as 0', () => {
    const on = item('a', [
      { participantId: 'ann', portions: 2 },
      { participantId: 'bo', portions: 0.5 },
    ]);
    expect(countSharesOf(on, people)).toEqual([
      { participantId: 'ann', units: 2 },
      { participantId: 'bo', units: 0 },
      { participantId: 'cy', units: 0 },
    ]);
    expect(countSharesOf(setItemSplitMode(on, 'equally'), ['ann'])).toEqual([
      { participantId: 'ann', units: 0 },
    ]);
  });
});
