import { Activity as ActivityIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useLocation } from 'wouter';
import { ActivityCard, ActivitySkeletons } from '../../entities/activity/components/activity-card';
import { AppHeader } from '../../components/app-header';
import { BottomNav } from '../../components/bottom-nav';
import { Button } from '../../components/ui/button';
import { FriendsList } from '../../features/bills/components/friends-list';
import { HomeBills } from '../../features/bills/components/home-bills';
import { LoadFailed } from '../../features/bills/components/list-states';
import { useActivity } from '../../entities/activity/api/activity';
import { errorMessage } from '../../lib/error-message';

const tabClass =
  'flex min-h-11 flex-1 items-center justify-center rounded-xl text-sm font-semibold text-muted hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

/** /activity (spec §2 Activity): tabs Home / Activity / Friends, opening on Activity. */
export function ActivityScreen() {
  return (
    <div className="min-h-dvh pb-28">
      <AppHeader />
      <main className="mx-auto w-full max-w-md px-4 pt-4">
        <Tabs.Root defaultValue="activity">
          <Tabs.List aria-label="Sections" className="flex gap-1 rounded-2xl bg-gray-200/70 p-1">
            <Tabs.Trigger value="home" className={tabClass}>
              Home
            </Tabs.Trigger>
            <Tabs.Trigger value="activity" className={tabClass}>
              Activity
            </Tabs.Trigger>
            <Tabs.Trigger value="friends" className={tabClass}>
              Friends
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="home" className="mt-5">
            <h1 className="mb-3 text-2xl font-bold">Your bills</h1>
            <HomeBills />
          </Tabs.Content>
          <Tabs.Content value="activity" className="mt-5">
            <h1 className="mb-3 text-2xl font-bold">Recent Activity</h1>
            <ActivityList />
          </Tabs.Content>
          <Tabs.Content value="friends" className="mt-5">
            <h1 className="mb-3 text-2xl font-bold">Friends</h1>
            <FriendsList />
          </Tabs.Content>
        </Tabs.Root>
      </main>
      <BottomNav active="home" />
    </div>
  );
}

function ActivityList() {
  const [, navigate] = useLocation();
  const activity = useActivity();
  if (activity.isPending) return <ActivitySkeletons />;
  if (activity.isError) {
    return (
      <LoadFailed
        message={errorMessage(activity.error, 'Could not load activity')}
        onRetry={() => void activity.refetch()}
      />
    );
  }
  const { activities } = activity.data;
  if (activities.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
        <ActivityIcon aria-hidden className="size-10 text-gray-500" />
        <p className="mt-3 font-semibold">No activity yet</p>
        <Button className="mt-5" onClick={() => navigate('/')}>
          Create Your First Bill
        </Button>
      </div>
    );
  }
  const now = new Date();
  return (
    <ul className="flex flex-col gap-3">
      {activities.map((a) => (
        <li key={a.id}>
          <ActivityCard activity={a} now={now} />
        </li>
      ))}
    </ul>
  );
}
