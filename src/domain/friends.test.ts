import { describe, expect, it } from 'vitest';
import { friendsFromShares, type FriendShare } from './friends';

const share = (over: Partial<FriendShare>): FriendShare => ({
  billId: 'b1',
  sharedAt: 1000,
  name: 'Alex',
  status: 'pending',
  amountDuePence: 500,
  ...over,
});

describe('friendsFromShares', () => {
  it('matches names trimmed and case-insensitive, most recent first, with counts and what is pending', () => {
    const friends = friendsFromShares([
      share({ billId: 'b1', sharedAt: 1000, name: 'alex ', amountDuePence: 500 }),
      share({ billId: 'b2', sharedAt: 3000, name: 'Priya', status: 'paid', amountDuePence: 700 }),
      share({ billId: 'b3', sharedAt: 2000, name: ' ALEX', amountDuePence: 250 }),
      share({ billId: 'b3', sharedAt: 2000, name: 'Zoë', status: 'paid' }),
      share({ billId: 'b4', sharedAt: 4000, name: 'Alex', status: 'paid', amountDuePence: 900 }),
    ]);
    expect(friends).toEqual([
      {
        key: 'alex',
        name: 'Alex',
        sharedBills: 3,
        pendingBills: 2,
        pendingPence: 750,
        lastSharedAt: 4000,
        billIds: ['b4', 'b3', 'b1'],
      },
      {
        key: 'priya',
        name: 'Priya',
        sharedBills: 1,
        pendingBills: 0,
        pendingPence: 0,
        lastSharedAt: 3000,
        billIds: ['b2'],
      },
      {
        key: 'zoë',
        name: 'Zoë',
        sharedBills: 1,
        pendingBills: 0,
        pendingPence: 0,
        lastSharedAt: 2000,
        billIds: ['b3'],
      },
    ]);
  });

  it('counts a bill once for a name written twice on it, and a share of nothing as not pending', () => {
    const [alex] = friendsFromShares([
      share({ billId: 'b1', name: 'Alex', amountDuePence: 300 }),
      share({ billId: 'b1', name: 'alex', amountDuePence: 200 }),
      share({ billId: 'b2', sharedAt: 500, name: 'Alex', amountDuePence: 0 }),
    ]);
    expect(alex).toMatchObject({ sharedBills: 2, pendingBills: 1, pendingPence: 500 });
  });

  it('skips blank names and knows nobody with no shares', () => {
    expect(friendsFromShares([share({ name: '   ' })])).toEqual([]);
    expect(friendsFromShares([])).toEqual([]);
  });
});
