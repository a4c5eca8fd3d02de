import { Bell, HandCoins, ReceiptText, ShieldAlert, Send, Undo2 } from 'lucide-react';
import type { Activity } from '../../../../contracts/bills';
import { activityBadge, activityText, relativeTime } from '../../../../domain/activity';
import { formatMoney, toPence } from '../../../../domain/money';

const ICONS = {
  bill_created: ReceiptText,
  payment_received: HandCoins,
  payment_sent: Send,
  payment_refunded: Undo2,
  payment_disputed: ShieldAlert,
} as const;

/** What the card says for one activity (spec §2 Activity). */
export function describeActivity(activity: Activity): string {
  return activityText({
    type: activity.type,
    billName: activity.bill.name,
    participantCount: activity.bill.participants.length,
    otherPartyName: activity.user?.name ?? null,
    amount: activity.participant ? formatMoney(toPence(activity.participant.amountDue)) : null,
    dispute: activity.dispute,
  });
}

/**
 * One activity: an icon by type, the spec's sentence, when, and the Completed / Pending badge.
 * `now` is passed in so a list reads one clock.
 */
export function ActivityCard({
  activity,
  now,
  compact,
}: {
  activity: Activity;
  now: Date;
  compact?: boolean;
}) {
  const Icon = ICONS[activity.type] ?? Bell;
  const badge = activityBadge(activity.type, activity.bill.status, activity.dispute);
  return (
    <article
      className={`flex gap-3 rounded-2xl bg-white ${compact ? 'p-3 ring-1 ring-line' : 'p-4 shadow-sm ring-1 ring-line/70'}`}
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium leading-snug">{describeActivity(activity)}</p>
        <div className="mt-2 flex items-center justify-between gap-2">
          <time dateTime={activity.date} className="text-sm text-muted">
            {relativeTime(activity.date, now)}
          </time>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              badge === 'Completed'
                ? 'bg-brand-100 text-brand-900'
                : badge === 'Disputed'
                  ? 'bg-red-100 text-red-900'
                  : 'bg-amber-100 text-amber-900'
            }`}
          >
            {badge}
          </span>
        </div>
      </div>
    </article>
  );
}

/** Three placeholder cards while activity loads (spec §2 Activity). */
export function ActivitySkeletons() {
  return (
    <div role="status" aria-label="Loading activity" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          data-testid="activity-skeleton"
          className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line/70"
        >
          <div className="size-10 shrink-0 animate-pulse rounded-full bg-gray-200" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-full animate-pulse rounded bg-gray-200" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-gray-200" />
            <div className="h-3 w-1/4 animate-pulse rounded bg-gray-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
