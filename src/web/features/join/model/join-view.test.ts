import { describe, expect, it } from 'vitest';
import type { JoinBillResponse } from '../../../../contracts/join';
import { pickingShares } from '../../../../domain/picking';
import {
  joinView,
  myChangeProblem,
  pickingInput,
  picksOf,
  picksWith,
  setPortions,
  togglePick,
  toPay,
} from './join-view';

function person(
  id: string,
  firstName: string,
  over: Partial<JoinBillResponse['participants'][number]> = {},
) {
  return {
    id,
    firstName,
    isCreator: false,
    joined: true,
    amount: '0.00',
    fee: '0.00',
    state: 'open' as const,
    paid: false,
    lines: [],
    ...over,
  };
}

const data = {
  bill: {
    name: 'The Crown',
    date: '2026-12-04',
    status: 'picking',
    items: [
      { id: 'fish', name: 'Fish and Chips', amount: '14.50' },
      { id: 'coke', name: 'Coke', amount: '5.00' },
      { id: 'pie', name: 'Steak Pie', amount: '13.95' },
    ],
    subtotal: '33.45',
    serviceCharge: '4.18',
    tip: '0.00',
    tax: '0.00',
    totalAmount: '37.63',
    fee: '1.13',
  },
  participants: [
    person('me', 'Morgan', { isCreator: true }),
    person('sam', 'Sam'),
    person('priya', 'Priya'),
  ],
  picks: [
    { participantId: 'sam', itemId: 'fish', portions: 'share' },
    { participantId: 'priya', itemId: 'coke', portions: 'share' },
  ],
  notPicked: { amount: '0.00', items: [] },
  expiresAt: '2026-12-11T00:00:00.000Z',
  testMode: true,
} as unknown as JoinBillResponse;

describe('the friend page view', () => {
  it("shows my share from the domain's split of everyone's picks with mine", () => {
    const mine = setPortions(togglePick(picksOf(data.picks, 'priya'), 'pie'), 'pie', 2);
    const view = joinView(data, 'priya', mine);
    const expected = pickingShares(pickingInput(data, picksWith(data, 'priya', mine)));
    const priya = expected.shares.find((s) => s.participantId === 'priya')!;
    expect(view.mine).toEqual(priya);
    expect(toPay(view.mine)).toBe(priya.amountPence + priya.feePence);
    const pie = view.items.find((i) => i.id === 'pie')!;
    expect(pie.mine).toBe(2);
    expect(pie.minePence).toBe(1395);
    expect(view.items.find((i) => i.id === 'fish')!.others).toEqual([
      { name: 'Sam', portions: 'share' },
    ]);
    // Everything is owed by someone: nothing is left unpicked.
    expect(view.result.notPicked.amountPence).toBe(0);
  });

  it("names the payment that holds an item, and refuses to change it by the server's rule", () => {
    const held = {
      ...data,
      participants: [
        data.participants[0]!,
        person('sam', 'Sam', { state: 'held' }),
        data.participants[2]!,
      ],
    } as JoinBillResponse;
    const view = joinView(held, 'priya', picksOf(held.picks, 'priya'));
    expect(view.items.find((i) => i.id === 'fish')!.locked).toBe('Sam is paying for this one');
    expect(view.items.find((i) => i.id === 'pie')!.locked).toBeNull();
    const before = picksOf(held.picks, 'priya');
    expect(myChangeProblem(held, 'priya', before, togglePick(before, 'fish'))).toBe(
      'Sam is paying for this one',
    );
    expect(myChangeProblem(held, 'priya', before, togglePick(before, 'pie'))).toBeNull();
  });

  it('fixes my own list while my payment is under way', () => {
    const paying = {
      ...data,
      participants: [
        data.participants[0]!,
        data.participants[1]!,
        person('priya', 'Priya', { state: 'held' }),
      ],
    } as JoinBillResponse;
    expect(joinView(paying, 'priya', null).fixed).toBe(true);
    expect(joinView(data, 'priya', null).fixed).toBe(false);
  });

  it('ticks an item as shared at first, and unticks it', () => {
    const once = togglePick(new Map(), 'coke');
    expect(once.get('coke')).toBe('share');
    expect(togglePick(once, 'coke').size).toBe(0);
  });
});
