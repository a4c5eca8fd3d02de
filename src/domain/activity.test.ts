import { describe, expect, it } from 'vitest';
import { activityBadge, activityText, relativeTime } from './activity';

describe('activityText', () => {
  it('words each type as the spec does', () => {
    expect(
      activityText({ type: 'bill_created', billName: 'Pizza Place', participantCount: 3 }),
    ).toBe('You created a new bill split Pizza Place with 3 participants');
    expect(
      activityText({
        type: 'payment_received',
        billName: 'Pizza Place',
        participantCount: 3,
        otherPartyName: 'Alex',
        amount: '£12.50',
      }),
    ).toBe('Alex paid you £12.50 for Pizza Place');
    expect(
      activityText({
        type: 'payment_sent',
        billName: 'Pizza Place',
        participantCount: 3,
        otherPartyName: 'Sam',
        amount: '£4.00',
      }),
    ).toBe('You paid Sam £4.00 for Pizza Place');
  });

  it('names a missing payer "Someone"', () => {
    expect(
      activityText({
        type: 'payment_received',
        billName: 'B',
        participantCount: 2,
        otherPartyName: '  ',
        amount: '£1.00',
      }),
    ).toBe('Someone paid you £1.00 for B');
  });
});

describe('activityBadge', () => {
  it('is Completed for payments and completed bills, Pending otherwise', () => {
    expect(activityBadge('payment_received', 'active')).toBe('Completed');
    expect(activityBadge('payment_sent', 'saved')).toBe('Completed');
    expect(activityBadge('bill_created', 'completed')).toBe('Completed');
    expect(activityBadge('bill_created', 'saved')).toBe('Pending');
    expect(activityBadge('bill_created', 'active')).toBe('Pending');
  });
});

describe('refunds and disputes', () => {
  it('say who, how much or where the dispute stands, with a badge that follows the share', () => {
    const base = { billName: 'Dishoom', participantCount: 3, otherPartyName: 'Priya' };
    expect(activityText({ ...base, type: 'payment_refunded', amount: '£5.00' })).toBe(
      'Priya was refunded £5.00 for Dishoom: their share is pending again',
    );
    expect(activityText({ ...base, type: 'payment_disputed', dispute: 'open' })).toBe(
      'Priya disputed their payment for Dishoom with their bank',
    );
    expect(activityText({ ...base, type: 'payment_disputed', dispute: 'lost' })).toMatch(
      /upheld their dispute for Dishoom: their share is pending again/,
    );
    expect(activityText({ ...base, type: 'payment_disputed', dispute: 'won' })).toMatch(
      /decided for you: paid again/,
    );
    expect(activityBadge('payment_refunded', 'completed')).toBe('Pending');
    expect(activityBadge('payment_disputed', 'active', 'open')).toBe('Disputed');
    expect(activityBadge('payment_disputed', 'active', 'lost')).toBe('Pending');
    expect(activityBadge('payment_disputed', 'completed', 'won')).toBe('Completed');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [MIN, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, 'yesterday'],
    [3 * DAY, '3 days ago'],
    [7 * DAY, 'last week'],
    [15 * DAY, '2 weeks ago'],
    [60 * DAY, '2 months ago'],
    [400 * DAY, 'last year'],
    [800 * DAY, '2 years ago'],
  ])('%d ms ago reads "%s"', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });

  it('reads a future date as just now and an unreadable one as nothing', () => {
    expect(relativeTime(new Date(now.getTime() + HOUR), now)).toBe('just now');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
