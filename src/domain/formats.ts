// Dates are always formatted in an explicit time zone, never the runtime's own, so the server and
// every browser print the same day for the same instant. A UK app's default is London time.
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** Bill name used when a receipt has no establishment name (spec §9). */
export const MISC_BILL_NAME = 'Misc. Bill';

export interface TimeZoneOption {
  /** IANA time zone name; Europe/London when left out. */
  timeZone?: string;
}

type Style = 'longDate' | 'time' | 'shortDateTime' | 'isoDate' | 'dayLabel';

const STYLES: Record<Style, [locale: string, options: Intl.DateTimeFormatOptions]> = {
  longDate: ['en-US', { year: 'numeric', month: 'long', day: 'numeric' }],
  time: ['en-US', { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }],
  // hourCycle h23, not hour12: false, which some engines render as "24:05" just after midnight.
  shortDateTime: [
    'en-GB',
    {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    },
  ],
  isoDate: ['en-GB', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  dayLabel: ['en-GB', { weekday: 'long', day: 'numeric', month: 'long' }],
};

// Building an Intl.DateTimeFormat costs far more than using one; bill lists format many dates.
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, timeZone = DEFAULT_TIME_ZONE): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let found = cache.get(key);
  if (!found) {
    const [locale, options] = STYLES[style];
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(key, found);
  }
  return found;
}

function parts(style: Style, date: Date, timeZone?: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of formatter(style, timeZone).formatToParts(date)) found[part.type] = part.value;
  return found;
}

// Newer ICU puts a narrow no-break space before AM/PM; older engines a plain one. Normalise so that
// server and browser strings compare equal.
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** Long US date in the zone: "November 22, 2026". Throws a RangeError for an invalid Date. */
export function formatDate(date: Date, { timeZone }: TimeZoneOption = {}): string {
  return plainSpaces(formatter('longDate', timeZone).format(date));
}

/** Long US date and 12-hour time after a bullet: "November 22, 2026 • 3:45 PM". Throws for an invalid Date. */
export function formatDateTime(date: Date, { timeZone }: TimeZoneOption = {}): string {
  const time = plainSpaces(formatter('time', timeZone).format(date));
  return `${formatDate(date, { timeZone })} • ${time}`;
}

/**
 * The name a bill gets when saved without one (spec §9): "Bill - " and the UK short date and 24-hour
 * time in the zone, e.g. "Bill - 22/11/2026, 15:45". UK order because the users are in the UK.
 */
export function defaultBillName(now: Date, { timeZone }: TimeZoneOption = {}): string {
  const p = parts('shortDateTime', now, timeZone);
  return `Bill - ${p.day}/${p.month}/${p.year}, ${p.hour}:${p.minute}`;
}

/** A bill's name from a receipt: the establishment name trimmed, or "Misc. Bill" when there is none. */
export function billNameFromReceipt(establishmentName: string | null | undefined): string {
  const name = establishmentName?.trim() ?? '';
  return name === '' ? MISC_BILL_NAME : name;
}

/** The calendar date of an instant in the zone as "yyyy-mm-dd", the bill payload's date format. */
export function toIsoDate(date: Date, { timeZone }: TimeZoneOption = {}): string {
  const p = parts('isoDate', date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Weekday, day and month in the zone, as History labels a date: "Monday 3 November". */
export function formatDayLabel(date: Date, { timeZone }: TimeZoneOption = {}): string {
  const p = parts('dayLabel', date, timeZone);
  return `${p.weekday} ${p.day} ${p.month}`;
}
