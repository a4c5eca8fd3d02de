import { describe, expect, it } from 'vitest';
import type { SplitItem } from './split';
import {
  participantNameToAdd,
  portionsOf,
  removeParticipantFromItems,
  seedItems,
  setItemSplitMode,
  setPortions,
  toggleAssignee,
} from './split-editor';

const wine = (assignments: SplitItem['assignments'] = []): SplitItem => ({
  name: 'Red Wine',
  amountPence: 2200,
  splitMode: 'manual',
  assignments,
});

describe('seedItems', () => {
  it('starts with French Fries £4.99 and Red Wine £22.00, unassigned', () => {
    expect(seedItems()).toEqual([
      { name: 'French Fries', amountPence: 499, splitMode: 'manual', assignments: [] },
      { name: 'Red Wine', amountPence: 2200, splitMode: 'manual', assignments: [] },
    ]);
  });

  it('gives fresh objects each time', () => {
    expect(seedItems()[0]).not.toBe(seedItems()[0]);
  });
});

describe('toggleAssignee', () => {
  it('adds a person at 1 portion, then removes them', () => {
    const on = toggleAssignee(wine(), 'ann');
    expect(on.assignments).toEqual([{ participantId: 'ann', portions: 1 }]);
    expect(toggleAssignee(on, 'ann').assignments).toEqual([]);
  });

  it('removes a person whatever their portions', () => {
    const item = wine([{ participantId: 'ann', portions: 2.5 }]);
    expect(toggleAssignee(item, 'ann').assignments).toEqual([]);
  });

  it('leaves the argument untouched', () => {
    const item = wine();
    toggleAssignee(item, 'ann');
    expect(item.assignments).toEqual([]);
  });

  it('does nothing while the item is split equally', () => {
    const item = setItemSplitMode(wine(), 'equally');
    expect(toggleAssignee(item, 'ann')).toBe(item);
  });
});

describe('setPortions', () => {
  it('updates in place, keeping assignee order', () => {
    const item = wine([
      { participantId: 'ann', portions: 1 },
      { participantId: 'ben', portions: 1 },
    ]);
    expect(setPortions(item, 'ann', 1.5).assignments).toEqual([
      { participantId: 'ann', portions: 1.5 },
      { participantId: 'ben', portions: 1 },
    ]);
  });

  it('adds someone not yet on the item', () => {
    expect(setPortions(wine(), 'cat', 0.5).assignments).toEqual([
      { participantId: 'cat', portions: 0.5 },
    ]);
  });

  it('removes at 0', () => {
    const item = wine([{ participantId: 'ann', portions: 3 }]);
    expect(setPortions(item, 'ann', 0).assignments).toEqual([]);
  });

  it.each([-0.5, 0.3, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (portions) => {
    expect(() => setPortions(wine(), 'ann', portions)).toThrow(RangeError);
  });

  it('does nothing while the item is split equally', () => {
    const item = setItemSplitMode(wine(), 'equally');
    expect(setPortions(item, 'ann', 2)).toBe(item);
  });
});

describe('portionsOf', () => {
  it('reads portions, 0 when absent, 1 for everyone when split equally', () => {
    const item = wine([{ participantId: 'ann', portions: 1.5 }]);
    expect(portionsOf(item, 'ann')).toBe(1.5);
    expect(portionsOf(item, 'ben')).toBe(0);
    expect(portionsOf(setItemSplitMode(item, 'equally'), 'ben')).toBe(1);
  });
});

describe('setItemSplitMode', () => {
  const manual = wine([
    { participantId: 'ann', portions: 1.5 },
    { participantId: 'ben', portions: 0.5 },
  ]);

  it('saves the manual assignment when switching to equally and restores it on the way back', () => {
    const shared = setItemSplitMode(manual, 'equally');
    expect(shared).toEqual({
      ...manual,
      splitMode: 'equally',
      assignments: [],
      savedManualAssignments: manual.assignments,
    });
    const back = setItemSplitMode(shared, 'manual');
    expect(back).toEqual(manual);
    expect('savedManualAssignments' in back).toBe(false);
  });

  it('restores an empty assignment when nothing was saved', () => {
    const shared: SplitItem = { ...wine(), splitMode: 'equally' };
    expect(setItemSplitMode(shared, 'manual').assignments).toEqual([]);
  });

  it('returns the same item when the mode does not change', () => {
    expect(setItemSplitMode(manual, 'manual')).toBe(manual);
  });
});

describe('removeParticipantFromItems', () => {
  it('drops the person from assignments and saved assignments', () => {
    const items: SplitItem[] = [
      wine([
        { participantId: 'ann', portions: 1 },
        { participantId: 'ben', portions: 1 },
      ]),
      setItemSplitMode(wine([{ participantId: 'ann', portions: 2 }]), 'equally'),
    ];
    const [first, second] = removeParticipantFromItems(items, 'ann');
    expect(first!.assignments).toEqual([{ participantId: 'ben', portions: 1 }]);
    expect(second!.savedManualAssignments).toEqual([]);
    expect('savedManualAssignments' in first!).toBe(false);
  });
});

describe('participantNameToAdd', () => {
  it.each([
    ['  Dana ', 'Dana'],
    ['', null],
    ['   ', null],
  ])('%j -> %j', (input, expected) => {
    expect(participantNameToAdd(input)).toBe(expected);
  });
});
