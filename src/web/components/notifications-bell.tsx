import { Bell } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { useActivity, useMarkActivitySeen } from '../entities/activity/api/activity';
import { ActivityCard, ActivitySkeletons } from '../entities/activity/components/activity-card';
import { Dialog } from './ui/dialog';

const SHOWN = 5;

/**
 * The header bell (DECISIONS.md Header notifications): real recent activity in a "What's happening"
 * dialog, with a badge counting what arrived since the user last opened it. Opening marks it seen.
 */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const activity = useActivity();
  const markSeen = useMarkActivitySeen();
  const unseen = activity.data?.unseenCount ?? 0;
  const label = unseen > 0 ? `Notifications, ${unseen} new` : 'Notifications';

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && unseen > 0) markSeen.mutate();
    // The dialog is opened from state, not a Radix trigger: put focus back on the bell ourselves.
    if (!next) requestAnimationFrame(() => button.current?.focus());
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => onOpenChange(true)}
        aria-label={label}
        className="relative grid size-11 place-items-center rounded-full text-brand-800 hover:bg-white"
      >
        <Bell aria-hidden className="size-6" />
        {unseen > 0 && (
          <span
            aria-hidden
            data-testid="unseen-badge"
            className="tabular absolute right-0.5 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-xs font-bold text-white ring-2 ring-surface"
          >
            {unseen > 99 ? '99+' : unseen}
          </span>
        )}
      </button>
      <Dialog open={open} onOpenChange={onOpenChange} title="What's happening">
        <NotificationsBody
          isPending={activity.isPending}
          isError={activity.isError}
          activities={activity.data?.activities ?? []}
          onNavigate={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

function NotificationsBody({
  isPending,
  isError,
  activities,
  onNavigate,
}: {
  isPending: boolean;
  isError: boolean;
  activities: NonNullable<ReturnType<typeof useActivity>['data']>['activities'];
  onNavigate: () => void;
}) {
  if (isPending) return <ActivitySkeletons />;
  if (isError) return <p className="py-4 text-muted">Could not load activity. Try again later.</p>;
  if (activities.length === 0) {
    return <p className="py-4 text-muted">Nothing yet: bills you save will show up here.</p>;
  }
  const now = new Date();
  return (
    <div className="flex flex-col gap-2 pt-1">
      <ul className="flex flex-col gap-2">
        {activities.slice(0, SHOWN).map((a) => (
          <li key={a.id}>
            <ActivityCard activity={a} now={now} compact />
          </li>
        ))}
      </ul>
      <Link
        href="/activity"
        onClick={onNavigate}
        className="mt-2 inline-flex min-h-11 items-center justify-center rounded-2xl font-semibold text-brand-800 hover:bg-brand-50"
      >
        See all activity
      </Link>
    </div>
  );
}
