// Activity card texts and badges (capture-split-history.md §2 Activity; DECISIONS.md Statuses), and
// the relative date shown beside each card. Pure: the caller passes the clock.

export type ActivityKind =
  'bill_created' | 'payment_received' | 'payment_sent' | 'payment_refunded' | 'payment_disputed';
export type DisputeState = 'open' | 'won' | 'lost';

export interface ActivityTextInput {
  type: ActivityKind;
  billName: string;
  participantCount: number;
  /** The other party of a payment; unused for bill_created. */
  otherPartyName?: string | null;
  /** The amount paid or refunded, already formatted ("£12.50"); unused for bill_created. */
  amount?: string | null;
  /** payment_disputed: where the dispute stands. */
  dispute?: DisputeState;
}

/** The card's sentence, as the spec words each type. A missing payer reads "Someone". */
export function activityText(input: ActivityTextInput): string {
  const person = input.otherPartyName?.trim() || 'Someone';
  const amount = input.amount ?? '';
  switch (input.type) {
    case 'payment_received':
      return `${person} paid you ${amount} for ${input.billName}`;
    case 'payment_sent':
      return `You paid ${person} ${amount} for ${input.billName}`;
    case 'bill_created':
      return `You created a new bill split ${input.billName} with ${input.participantCount} participants`;
    case 'payment_refunded':
      return `${person} was refunded ${amount} for ${input.billName}: their share is pending again`;
    case 'payment_disputed':
      if (input.dispute === 'won')
        return `${person}'s dispute for ${input.billName} was decided for you: paid again`;
      if (input.dispute === 'lost')
        return `${person}'s bank upheld their dispute for ${input.billName}: their share is pending again`;
      return `${person} disputed their payment for ${input.billName} with their bank`;
  }
}

export type ActivityBadge = 'Completed' | 'Pending' | 'Disputed';

/**
 * 'Completed' for payments and completed bills, otherwise 'Pending' (DECISIONS.md Statuses); a
 * refund or a lost dispute leaves a share to pay ('Pending'), an open dispute is 'Disputed'.
 */
export function activityBadge(
  type: ActivityKind,
  billStatus: string,
  dispute?: DisputeState,
): ActivityBadge {
  if (type === 'payment_refunded') return 'Pending';
  if (type === 'payment_disputed')
    return dispute === 'won' ? 'Completed' : dispute === 'lost' ? 'Pending' : 'Disputed';
  if (type !== 'bill_created') return 'Completed';
  return billStatus === 'completed' ? 'Completed' : 'Pending';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Made on first use, like the currency formatter in money.ts.
let relativeFormat: Intl.RelativeTimeFormat | undefined;
const relative = {
  format: (value: number, unit: Intl.RelativeTimeFormatUnit) =>
    (relativeFormat ??= new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' })).format(
      value,
      unit,
    ),
};

/**
 * How long ago `date` was, from `now`: "just now" under a minute, then "5 minutes ago",
 * "2 hours ago", "yesterday", "3 days ago", "2 weeks ago", "4 months ago", "last year". A date in
 * the future (clock skew) reads "just now"; an unreadable one gives "".
 */
export function relativeTime(date: string | Date, now: Date): string {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return '';
  const age = now.getTime() - time;
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
  if (age < 7 * DAY) return relative.format(-Math.floor(age / DAY), 'day');
  if (age < 30 * DAY) return relative.format(-Math.floor(age / (7 * DAY)), 'week');
  if (age < 365 * DAY) return relative.format(-Math.floor(age / (30 * DAY)), 'month');
  return relative.format(-Math.floor(age / (365 * DAY)), 'year');
}
