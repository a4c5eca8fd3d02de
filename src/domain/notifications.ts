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

/** When the creator is told who has not paid: 48 hours after links are made, then weekly, 3 times. */
export const BILL_REMINDERS = {
  firstAfterMs: 48 * 60 * 60 * 1000,
  everyMs: 7 * 24 * 60 * 60 * 1000,
  max: 3,
} as const;
