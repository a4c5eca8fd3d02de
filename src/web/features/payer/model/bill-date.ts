import { formatDate } from '../../../../domain/formats';

/**
 * A bill's calendar date ('2026-11-22') in the spec's long format ('November 22, 2026'), or null
 * when it is not a date. Read at noon UTC, so no time zone can move it to another day.
 */
export function billDateLabel(isoDate: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const date = new Date(`${isoDate}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : formatDate(date);
}
