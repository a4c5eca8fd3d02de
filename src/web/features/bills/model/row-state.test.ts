import { describe, expect, it } from 'vitest';
import { rowState } from './row-state';

const people = (...statuses: ('pending' | 'paid')[]) => [
  { id: 'me', participantName: 'Me', isCreator: true, status: 'pending' as const },
  ...statuses.map((status, i) => ({
    id: `p${i}`,
    participantName: `Friend ${i}`,
    isCreator: false,
    status,
  })),
];

describe('rowState', () => {
  it('counts paid friends and says what is still owed on an active bill', () => {
    expect(
      rowState({
        status: 'active',
        owed: '12.50',
        participants: people('paid', 'paid', 'pending'),
      }),
    ).toEqual({ progress: '2 of 3 paid', owed: '£12.50 still owed', done: false });
  });

  it('says Completed, and nothing owed, once everyone has paid', () => {
    expect(rowState({ status: 'completed', owed: '0.00', participants: people('paid') })).toEqual({
      progress: 'Completed',
      owed: null,
      done: true,
    });
  });

  it('says nothing for a bill that was only saved', () => {
    expect(rowState({ status: 'saved', owed: '20.00', participants: people('pending') })).toEqual({
      progress: null,
      owed: null,
      done: false,
    });
  });

  it('leaves out the owed line when nothing is owed', () => {
    expect(rowState({ status: 'active', owed: '0.00', participants: people('pending') }).owed).toBe(
      null,
    );
  });
});
