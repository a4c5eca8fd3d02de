import { formatPence, type Pence } from './money';

// What Fairshare tells a creator, and the reminder a creator shares with a friend (DECISIONS.md
// E-mail and notifications). One wording for push, e-mail and the share sheet.

/** "Priya", "Priya and Tom", "Priya, Tom and Sam". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Sam paid you £14.20 for The Crown & Anchor" (`amount` in pence, the shares without fees). */
export const paidText = (names: readonly string[], amount: Pence, billName: string) =>
  `${namesList(names)} paid you ${formatPence(amount)} for ${billName}`;

/** "Everyone has paid: The Crown & Anchor is complete" */
export const completedText = (billName: string) => `Everyone has paid: ${billName} is complete`;

/** "Priya and Tom haven't paid for The Crown & Anchor yet: remind them?" */
export const unpaidText = (names: readonly string[], billName: string) =>
  `${namesList(names)} ${names.length === 1 ? "hasn't" : "haven't"} paid for ${billName} yet: remind them?`;

/** The friendly message shared with one friend, with their own link. */
export const friendReminderText = (r: {
  friend: string;
  from: string;
  billName: string;
  amount: Pence;
  link: string;
}) =>
  `Hi ${r.friend}, just a friendly reminder about ${r.billName}: your share is ${formatPence(r.amount)}. You can pay ${r.from ? `${r.from} ` : ''}back here, no account needed: ${r.link}`;

/** One message for the group chat: each friend still to pay, with their share and own link. */
export const groupReminderText = (r: {
  from: string;
  billName: string;
  friends: readonly { name: string; amount: Pence; link: string }[];
}) =>
  [
    `Hi all, just a friendly reminder about ${r.billName}. Still to pay ${r.from ? `${r.from} ` : ''}back, no account needed:`,
    ...r.friends.map((f) => `${f.name}: ${formatPence(f.amount)} ${f.link}`),
  ].join('\n');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Reminded just now", "Reminded 5 minutes ago", "Reminded 3 hours ago", "Reminded 2 days ago". */
export function remindedAgoText(remindedAt: Date, now: Date): string {
  const ago = Math.max(0, now.getTime() - remindedAt.getTime());
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (ago < MINUTE) return 'Reminded just now';
  if (ago < HOUR) return `Reminded ${count(Math.floor(ago / MINUTE), 'minute')}`;
  if (ago < DAY) return `Reminded ${count(Math.floor(ago / HOUR), 'hour')}`;
  if (ago < 2 * DAY) return 'Reminded yesterday';
  return `Reminded ${count(Math.floor(ago / DAY), 'day')}`;
}

/** When the creator is told who has not paid: 48 hours after links are made, then weekly, 3 times. */
export const BILL_REMINDERS = {
  firstAfterMs: 48 * 60 * 60 * 1000,
  everyMs: 7 * 24 * 60 * 60 * 1000,
  max: 3,
} as const;
