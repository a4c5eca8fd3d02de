import { Activity, Home, LogOut, Wallet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { avatarInitials, emailPrefix } from '../../domain/profile';
import { forgetUser, useCurrentUser } from '../lib/use-current-user';
import { Avatar } from './avatar';
import { NotificationsBell } from './notifications-bell';
import { Dialog } from './ui/dialog';

/** The header of the main screens: the product name, an optional action slot, and the avatar. */
export function AppHeader({ actions }: { actions?: ReactNode }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const handle = user.username ?? emailPrefix(user.email) ?? '';

  const links = [
    { href: '/', label: 'Home', icon: Home },
    { href: '/activity', label: 'Activity', icon: Activity },
    { href: '/payments', label: 'Payments', icon: Wallet },
  ];

  return (
    <header className="sticky top-0 z-30 border-b border-line/60 bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-md items-center gap-2 px-4">
        <Link
          href="/"
          className="flex min-h-11 items-center gap-2 text-xl font-bold tracking-tight text-brand-800"
        >
          <img src="/icon.svg" alt="" className="size-8 rounded-lg" />
          Fairshare
        </Link>
        <div className="ml-auto flex items-center gap-1">
          {actions}
          <NotificationsBell />
          <button
            type="button"
            onClick={() => setOpen(true)}
            // The initials shown on the button are part of its name (WCAG 2.5.3, label in name),
            // for voice control.
            aria-label={`Your profile, ${avatarInitials(user) || '?'}`}
            className="grid size-11 place-items-center rounded-full"
          >
            <Avatar user={user} size={36} />
          </button>
        </div>
      </div>
      <Dialog open={open} onOpenChange={setOpen} title="Your Profile">
        <div className="flex items-center gap-4">
          <Avatar user={user} size={56} />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{user.name}</p>
            <p className="truncate text-muted">@{handle}</p>
          </div>
        </div>
        <nav className="mt-6 grid gap-2" aria-label="Profile menu">
          {links.map(({ href, label, icon: Icon }) => (
            <Link
              key={href}
              href={href}
              onClick={() => setOpen(false)}
              className="flex min-h-12 items-center gap-3 rounded-2xl border border-line px-4 font-medium hover:bg-brand-50"
            >
              <Icon aria-hidden className="size-5 text-brand-700" /> {label}
            </Link>
          ))}
          {/* A POST, never a link: another site must not be able to sign anyone out. */}
          <form method="post" action="/api/logout" onSubmit={forgetUser}>
            <button
              type="submit"
              className="flex min-h-12 w-full items-center gap-3 rounded-2xl border border-red-200 px-4 font-medium text-danger hover:bg-red-50"
            >
              <LogOut aria-hidden className="size-5" /> Log Out
            </button>
          </form>
        </nav>
      </Dialog>
    </header>
  );
}
