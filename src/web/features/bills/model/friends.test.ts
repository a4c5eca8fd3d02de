import { describe, expect, it } from 'vitest';
import type { BillListItem } from '../../../../contracts/bills';
import { friendsFromBills } from './friends';

const bill = (
  id: string,
  names: string[],
  status: BillListItem['status'] = 'saved',
): BillListItem => ({
  id,
  name: id,
  date: '2026-11-22',
  createdAt: '2026-11-22T12:00:00Z',
  status,
  totalAmount: '10.00',
  participants: names.map((n, i) => ({
    id: `${id}-${i}`,
    participantName: n,
    isCreator: i === 0,
    status: 'pending',
  })),
});

describe('friendsFromBills', () => {
  it('lists everyone but the creator, newest first, matched trimmed and case-insensitive', () => {
    const friends = friendsFromBills([
      bill('new', ['Me', 'Alex', ' priya '], 'active'),
      bill('old', ['Me', 'Priya', 'Jordan', 'PRIYA']),
    ]);
    expect(friends).toEqual([
      { name: 'Alex', sharedBills: 1, pendingBills: 1 },
      { name: 'priya', sharedBills: 2, pendingBills: 1 },
      { name: 'Jordan', sharedBills: 1, pendingBills: 0 },
    ]);
  });
});
