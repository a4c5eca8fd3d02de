import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { AppHeader } from '../../components/app-header';
import { BottomNav } from '../../components/bottom-nav';
import { FriendsList } from '../../features/bills/components/friends-list';

/** /friends (DECISIONS.md): the people the user split bills with; back goes home. */
export function FriendsScreen() {
  return (
    <div className="min-h-dvh pb-28">
      <AppHeader />
      <main className="mx-auto w-full max-w-md px-4 pt-4">
        <div className="flex items-center gap-2">
          <Link
            href="/"
            aria-label="Back to home"
            className="-ml-2 grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white"
          >
            <ArrowLeft aria-hidden className="size-6" />
          </Link>
          <h1 className="text-2xl font-bold">Friends</h1>
        </div>
        <div className="mt-4">
          <FriendsList />
        </div>
      </main>
      <BottomNav />
    </div>
  );
}
