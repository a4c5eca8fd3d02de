import { DEFAULT_TIME_ZONE, formatDayLabel, toIsoDate } from './formats';
import { normaliseName } from './people';

export const SOLO_BILL = 'Solo bill';
export const RECENT_BILLS_SHOWN = 3;

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
// "Within the last year" read as 365 days, like the week windows: a fixed span back from now.
const YEAR_MS = 365 * DAY_MS;

export interface BillGroup<T> {
  title: string;
  bills: T[];
}

interface Dated {
  createdAt: string | Date;
}

/**
 * The other people on a bill: names trimmed, blanks dropped, and one entry matching the current user
 * (trimmed, case-insensitive) removed. Only one, so a friend who shares the user's name still shows.
 */
function otherPeople(
  names: readonly string[],
  currentUserName: string | null | undefined,
): string[] {
  const others = names.map((name) => name.trim()).filter((name) => name !== '');
  const me = currentUserName ? normaliseName(currentUserName) : null;
  const mine = others.findIndex((name) => normaliseName(name) === me);
  if (mine !== -1) others.splice(mine, 1);
  return others;
}

/**
 * Home row line (spec §2 Home): "With X", "With X & Y", "With X, Y, & Z", then "With X +N others".
 * The current user is left out; with nobody else it reads "Solo bill", as History does.
 */
export function homeParticipantLine(
  participantNames: readonly string[],
  currentUserName: string | null | undefined,
): string {
  const [first, second, third, ...rest] = otherPeople(participantNames, currentUserName);
  if (first === undefined) return SOLO_BILL;
  if (second === undefined) return `With ${first}`;
  if (third === undefined) return `With ${first} & ${second}`;
  if (rest.length === 0) return `With ${first}, ${second}, & ${third}`;
  return `With ${first} +${rest.length + 2} others`;
}

/** History row line (spec §2 History): "Solo bill", "With A, B, C" for up to 3 others, then "With A +N others". */
export function historyParticipantLine(
  participantNames: readonly string[],
  currentUserName: string | null | undefined,
): string {
  const others = otherPeople(participantNames, currentUserName);
  if (others.length === 0) return SOLO_BILL;
  if (others.length <= 3) return `With ${others.join(', ')}`;
  return `With ${others[0]} +${others.length - 1} others`;
}

/** Milliseconds since the epoch, or -Infinity for a missing or unreadable date (sorted last, oldest). */
function timeOf(bill: Dated): number {
  const time = new Date(bill.createdAt).getTime();
  return Number.isNaN(time) ? -Infinity : time;
}

function newestFirst<T extends Dated>(bills: readonly T[]): T[] {
  return bills
    .map((bill) => ({ bill, time: timeOf(bill) }))
    .sort((a, b) => (b.time > a.time ? 1 : b.time < a.time ? -1 : 0))
    .map(({ bill }) => bill);
}

type Window = 'thisWeek' | 'lastWeek' | 'older';

/**
 * Rolling windows back from `now`: under 7 days old is this week, 7 up to 14 days last week. A bill
 * exactly 7 days old is last week's. A bill dated after `now` (clock skew) counts as this week.
 */
function windowOf(time: number, now: number): Window {
  const age = now - time;
  if (age < WEEK_MS) return 'thisWeek';
  if (age < 2 * WEEK_MS) return 'lastWeek';
  return 'older';
}

function nonEmpty<T>(groups: BillGroup<T>[]): BillGroup<T>[] {
  return groups.filter((group) => group.bills.length > 0);
}

/**
 * Home list groups, newest first within each: "This week" (under 7 days old) and "Last week"
 * (7 to 14 days). When both are empty but bills exist, "Recent Bills" holds the newest 3.
 * No bills gives no groups (the empty state). Unreadable dates sort as oldest.
 */
export function groupHomeBills<T extends Dated>(bills: readonly T[], now: Date): BillGroup<T>[] {
  const sorted = newestFirst(bills);
  const nowMs = now.getTime();
  const groups = nonEmpty([
    { title: 'This week', bills: sorted.filter((b) => windowOf(timeOf(b), nowMs) === 'thisWeek') },
    { title: 'Last week', bills: sorted.filter((b) => windowOf(timeOf(b), nowMs) === 'lastWeek') },
  ]);
  if (groups.length > 0 || sorted.length === 0) return groups;
  return [{ title: 'Recent Bills', bills: sorted.slice(0, RECENT_BILLS_SHOWN) }];
}

/**
 * History list groups, newest first: "This week", "Last week", then one group per calendar date in
 * the zone for bills under a year old (titled like "Monday 3 November"), then "Last year" for older
 * bills and unreadable dates. Empty groups are left out. The zone defaults to Europe/London.
 */
export function groupHistoryBills<T extends Dated>(
  bills: readonly T[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): BillGroup<T>[] {
  const nowMs = now.getTime();
  const thisWeek: T[] = [];
  const lastWeek: T[] = [];
  const lastYear: T[] = [];
  const byDate = new Map<string, BillGroup<T>>();
  for (const bill of newestFirst(bills)) {
    const time = timeOf(bill);
    const window = windowOf(time, nowMs);
    if (window === 'thisWeek') thisWeek.push(bill);
    else if (window === 'lastWeek') lastWeek.push(bill);
    else if (nowMs - time >= YEAR_MS) lastYear.push(bill);
    else {
      const date = new Date(time);
      const key = toIsoDate(date, { timeZone });
      let group = byDate.get(key);
      if (!group) {
        group = { title: formatDayLabel(date, { timeZone }), bills: [] };
        byDate.set(key, group);
      }
      group.bills.push(bill);
    }
  }
  return nonEmpty([
    { title: 'This week', bills: thisWeek },
    { title: 'Last week', bills: lastWeek },
    ...byDate.values(),
    { title: 'Last year', bills: lastYear },
  ]);
}
