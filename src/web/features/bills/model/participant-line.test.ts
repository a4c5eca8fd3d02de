import { describe, expect, it } from 'vitest';
import { historyLine, homeLine } from './participant-line';

const person = (participantName: string, isCreator = false) => ({
  id: participantName,
  participantName,
  isCreator,
  status: 'pending' as const,
});

describe('participant lines', () => {
  it('leaves out the creator, even when a friend has the same name', () => {
    const people = [person('Sam', true), person('Sam'), person('Priya')];
    expect(homeLine(people, 'Sam')).toBe('With Sam & Priya');
    expect(historyLine(people, 'Sam')).toBe('With Sam, Priya');
  });

  it('falls back to leaving out the user by name when no creator is marked', () => {
    const people = [person('Morgan'), person('Alex'), person('Priya'), person('Jordan')];
    expect(homeLine(people, 'morgan')).toBe('With Alex, Priya, & Jordan');
    expect(historyLine(people, 'Morgan')).toBe('With Alex, Priya, Jordan');
  });

  it('reads a bill with only the creator as a solo bill', () => {
    expect(historyLine([person('Morgan', true)], 'Morgan')).toBe('Solo bill');
  });

  it('counts the rest as others past three', () => {
    const people = ['Me', 'A', 'B', 'C', 'D'].map((n, i) => person(n, i === 0));
    expect(homeLine(people, 'Me')).toBe('With A +3 others');
    expect(historyLine(people, 'Me')).toBe('With A +3 others');
  });
});
