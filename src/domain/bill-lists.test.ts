import { describe, expect, it } from 'vitest';
import {
  groupHistoryBills,
  groupHomeBills,
  historyParticipantLine,
  homeParticipantLine,
} from './bill-lists';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-22T12:00:00Z'); // a Sunday

const bill = (id: string, createdAt: string | Date) => ({ id, name: `Bill ${id}`, createdAt });
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const titlesAndIds = (groups: { title: string; bills: { id: string }[] }[]) =>
  groups.map((g) => [g.title, g.bills.map((b) => b.id)]);

describe('homeParticipantLine', () => {
  it.each<[string[], string | null, string]>([
    [[], 'Sam', 'Solo bill'],
    [['Sam'], 'Sam', 'Solo bill'],
    [['Sam', 'Ann'], 'Sam', 'With Ann'],
    [['Sam', 'Ann', 'Ben'], 'Sam', 'With Ann & Ben'],
    [['Sam', 'Ann', 'Ben', 'Cat'], 'Sam', 'With Ann, Ben, & Cat'],
    [['Sam', 'Ann', 'Ben', 'Cat', 'Dan'], 'Sam', 'With Ann +3 others'],
    [['Sam', 'Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay'], 'Sam', 'With Ann +5 others'],
    // The user is matched trimmed and case-insensitive, wherever they are in the list.
    [['Ann', ' sam ', 'Ben'], 'SAM', 'With Ann & Ben'],
    // Only one entry is the user: a friend with the same name still shows.
    [['Sam', 'sam'], 'Sam', 'With sam'],
    // No known user name: everyone shows. Blank names never do.
    [['Ann', 'Ben'], null, 'With Ann & Ben'],
    [['Sam', '  ', 'Ann '], 'Sam', 'With Ann'],
  ])('%j without %j -> %s', (names, me, expected) => {
    expect(homeParticipantLine(names, me)).toBe(expected);
  });
});

describe('historyParticipantLine', () => {
  it.each<[string[], string | null | undefined, string]>([
    [[], 'Sam', 'Solo bill'],
    [['Sam'], 'Sam', 'Solo bill'],
    [['Sam', 'Ann'], 'Sam', 'With Ann'],
    [['Sam', 'Ann', 'Ben'], 'Sam', 'With Ann, Ben'],
    [['Sam', 'Ann', 'Ben', 'Cat'], 'Sam', 'With Ann, Ben, Cat'],
    [['Sam', 'Ann', 'Ben', 'Cat', 'Dan'], 'Sam', 'With Ann +3 others'],
    [['ann', 'Ben'], ' ANN', 'With Ben'],
    [['Ann'], undefined, 'With Ann'],
  ])('%j without %j -> %s', (names, me, expected) => {
    expect(historyParticipantLine(names, me)).toBe(expected);
  });
});

describe('groupHomeBills', () => {
  it('has no groups for no bills (the empty state)', () => {
    expect(groupHomeBills([], NOW)).toEqual([]);
  });

  it('puts under 7 days in This week and 7 up to 14 days in Last week, newest first', () => {
    const bills = [
      bill('exactly-7-days', ago(7 * DAY)),
      bill('an-hour', ago(HOUR)),
      bill('just-under-7-days', ago(7 * DAY - 1)),
      bill('13-days', ago(13 * DAY).toISOString()),
      bill('exactly-14-days', ago(14 * DAY)),
      bill('30-days', ago(30 * DAY)),
    ];
    expect(titlesAndIds(groupHomeBills(bills, NOW))).toEqual([
      ['This week', ['an-hour', 'just-under-7-days']],
      ['Last week', ['exactly-7-days', '13-days']],
    ]);
  });

  it('leaves out an empty group', () => {
    expect(titlesAndIds(groupHomeBills([bill('old', ago(10 * DAY))], NOW))).toEqual([
      ['Last week', ['old']],
    ]);
  });

  it('shows the newest 3 as Recent Bills when both weeks are empty', () => {
    const bills = [
      bill('40', ago(40 * DAY)),
      bill('20', ago(20 * DAY)),
      bill('bad-date', 'not a date'),
      bill('15', ago(15 * DAY)),
      bill('90', ago(90 * DAY)),
    ];
    expect(titlesAndIds(groupHomeBills(bills, NOW))).toEqual([
      ['Recent Bills', ['15', '20', '40']],
    ]);
  });

  it('keeps an unreadable date visible in Recent Bills when it is all there is', () => {
    expect(titlesAndIds(groupHomeBills([bill('bad', '')], NOW))).toEqual([
      ['Recent Bills', ['bad']],
    ]);
  });

  it('counts a bill dated a little after now (clock skew) as this week', () => {
    expect(titlesAndIds(groupHomeBills([bill('future', ago(-5 * 60 * 1000))], NOW))).toEqual([
      ['This week', ['future']],
    ]);
  });
});

describe('groupHistoryBills', () => {
  it('has no groups for no bills', () => {
    expect(groupHistoryBills([], NOW)).toEqual([]);
  });

  it('groups by week, then by date within a year, then Last year', () => {
    const bills = [
      bill('year-plus', '2025-11-22T12:00:00Z'), // exactly 365 days
      bill('364-days', '2025-11-23T12:00:00Z'),
      bill('2-days', ago(2 * DAY)),
      bill('10-days', ago(10 * DAY)),
      bill('3-nov-pm', '2026-11-03T18:00:00Z'),
      bill('3-nov-am', '2026-11-03T08:00:00Z'),
      bill('21-days', '2026-11-01T12:00:00Z'),
      bill('ancient', '2019-01-01T00:00:00Z'),
      bill('bad-date', 'garbage'),
    ];
    expect(titlesAndIds(groupHistoryBills(bills, NOW))).toEqual([
      ['This week', ['2-days']],
      ['Last week', ['10-days']],
      ['Tuesday 3 November', ['3-nov-pm', '3-nov-am']],
      ['Sunday 1 November', ['21-days']],
      ['Sunday 23 November', ['364-days']],
      ['Last year', ['year-plus', 'ancient', 'bad-date']],
    ]);
  });

  it('buckets dates by the London calendar around midnight, unless told another zone', () => {
    // 22:30 UTC is 23:30 BST on 1 June; 23:30 UTC is 00:30 BST on 2 June.
    const bills = [
      bill('late', '2026-06-01T22:30:00Z'),
      bill('after-midnight', '2026-06-01T23:30:00Z'),
    ];
    expect(titlesAndIds(groupHistoryBills(bills, NOW))).toEqual([
      ['Tuesday 2 June', ['after-midnight']],
      ['Monday 1 June', ['late']],
    ]);
    expect(titlesAndIds(groupHistoryBills(bills, NOW, 'UTC'))).toEqual([
      ['Monday 1 June', ['after-midnight', 'late']],
    ]);
  });

  it('keeps the extra fields of each bill', () => {
    const [group] = groupHistoryBills([{ ...bill('x', ago(DAY)), total: 1250 }], NOW);
    expect(group!.bills[0]!.total).toBe(1250);
  });
});
