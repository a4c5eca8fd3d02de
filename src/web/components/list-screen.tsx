import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

interface ListScreenProps {
  title: string;
  /** Where the back arrow goes, and what it says to a screen reader. */
  back: { href: string; label: string };
  /** The bottom navigation's tab to mark as current, if any. */
  active?: Parameters<typeof BottomNav>[0]['active'];
  children: ReactNode;
}

/** A signed-in list page (history, friends, one friend): header, back arrow and title, the list. */
export function ListScreen({ title, back, active, children }: ListScreenProps) {
  return (
    <div className="min-h-dvh pb-28">
      <AppHeader />
      <main className="mx-auto w-full max-w-md px-4 pt-4">
        <div className="flex items-center gap-2">
          <Link
            href={back.href}
            aria-label={back.label}
            className="-ml-2 grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white"
          >
            <ArrowLeft aria-hidden className="size-6" />
          </Link>
          <h1 className="min-w-0 break-words text-2xl font-bold [overflow-wrap:anywhere]">
            {title}
          </h1>
        </div>
        <div className="mt-4">{children}</div>
      </main>
      <BottomNav {...(active && { active })} />
    </div>
  );
}
