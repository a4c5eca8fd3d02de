import { describe, expect, it } from 'vitest';
import {
  MISC_BILL_NAME,
  billNameFromReceipt,
  defaultBillName,
  formatDate,
  formatDateTime,
  formatDayLabel,
  toIsoDate,
} from './formats';

const at = (iso: string) => new Date(iso);

describe('formatDate', () => {
  it.each([
    ['2026-11-22T15:45:00Z', 'November 22, 2026'],
    ['2026-01-05T09:00:00Z', 'January 5, 2026'],
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    ['2026-06-30T23:30:00Z', 'July 1, 2026'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatDate(at(iso))).toBe(expected);
  });

  it('follows the time zone given', () => {
    expect(formatDate(at('2026-06-30T23:30:00Z'), { timeZone: 'UTC' })).toBe('June 30, 2026');
    expect(formatDate(at('2026-07-01T02:00:00Z'), { timeZone: 'America/New_York' })).toBe(
      'June 30, 2026',
    );
  });

  it('throws for an invalid date', () => {
    expect(() => formatDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2026-11-22T15:45:00Z', 'November 22, 2026 • 3:45 PM'],
    ['2026-11-22T00:05:00Z', 'November 22, 2026 • 12:05 AM'],
    ['2026-11-22T12:00:00Z', 'November 22, 2026 • 12:00 PM'],
    ['2026-06-30T23:30:00Z', 'July 1, 2026 • 12:30 AM'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatDateTime(at(iso))).toBe(expected);
  });

  it('follows the time zone given, date and time together', () => {
    expect(formatDateTime(at('2026-06-30T23:30:00Z'), { timeZone: 'UTC' })).toBe(
      'June 30, 2026 • 11:30 PM',
    );
  });

  it('uses plain spaces only, so server and browser strings match', () => {
    expect(formatDateTime(at('2026-11-22T15:45:00Z'))).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('defaultBillName', () => {
  it.each([
    ['2026-11-22T15:45:00Z', 'Bill - 22/11/2026, 15:45'],
    ['2026-11-22T00:05:00Z', 'Bill - 22/11/2026, 00:05'],
    ['2026-07-01T23:05:00Z', 'Bill - 02/07/2026, 00:05'],
    ['2026-12-31T23:59:00Z', 'Bill - 31/12/2026, 23:59'],
  ])('%s -> %s', (iso, expected) => {
    expect(defaultBillName(at(iso))).toBe(expected);
  });

  it('follows the time zone given', () => {
    expect(defaultBillName(at('2026-07-01T23:05:00Z'), { timeZone: 'UTC' })).toBe(
      'Bill - 01/07/2026, 23:05',
    );
  });
});

describe('billNameFromReceipt', () => {
  it.each<[string | null | undefined, string]>([
    ['  The Crown ', 'The Crown'],
    ['', 'Misc. Bill'],
    ['  ', 'Misc. Bill'],
    [null, 'Misc. Bill'],
    [undefined, 'Misc. Bill'],
  ])('%j -> %s', (name, expected) => {
    expect(billNameFromReceipt(name)).toBe(expected);
  });

  it('names the constant as the spec does', () => {
    expect(MISC_BILL_NAME).toBe('Misc. Bill');
  });
});

describe('toIsoDate', () => {
  it('gives the calendar date in the zone', () => {
    expect(toIsoDate(at('2026-11-22T15:45:00Z'))).toBe('2026-11-22');
    expect(toIsoDate(at('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(toIsoDate(at('2026-06-30T23:30:00Z'), { timeZone: 'UTC' })).toBe('2026-06-30');
  });
});

describe('formatDayLabel', () => {
  it('reads weekday, day and month with no commas', () => {
    expect(formatDayLabel(at('2025-11-03T12:00:00Z'))).toBe('Monday 3 November');
    expect(formatDayLabel(at('2026-06-01T23:30:00Z'))).toBe('Tuesday 2 June');
    expect(formatDayLabel(at('2026-06-01T23:30:00Z'), { timeZone: 'UTC' })).toBe('Monday 1 June');
  });
});
