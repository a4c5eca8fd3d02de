import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { AppHeader } from '../../components/app-header';
import { BottomNav } from '../../components/bottom-nav';
import { FriendBills } from '../../features/bills/components/friend-bills';

/** Decodes the name in the path; a broken escape is taken as written. */
function nameOf(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/** /friends/:name: the bills shared with one friend (DECISIONS.md); back goes to /friends. */
export function FriendScreen() {
  const { name = '' } = useParams<{ name: string }>();
  const friend = nameOf(name);
  return (
    <div className="min-h-dvh pb-28">
      <AppHeader />
      <main className="mx-auto w-full max-w-md px-4 pt-4">
        <div className="flex items-center gap-2">
          <Link
            href="/friends"
            aria-label="Back to friends"
            className="-ml-2 grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white"
          >
            <ArrowLeft aria-hidden className="size-6" />
          </Link>
          <h1 className="min-w-0 break-words text-2xl font-bold [overflow-wrap:anywhere]">
            {friend}
          </h1>
        </div>
        <div className="mt-4">
          <FriendBills name={friend} />
        </div>
      </main>
      <BottomNav />
    </div>
  );
}
