import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Lock, LogOut, Shield, User as UserIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useProfileForm } from './use-profile-form';
import { AppHeader } from '../../../components/app-header';
import { BottomNav } from '../../../components/bottom-nav';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { currentUserQuery, forgetUser, useCurrentUser } from '../../../lib/use-current-user';
import {
  fetchConnectStatus,
  payoutKeys,
} from '../../../entities/payout-account/api/payout-account';
import { BankAccountCard } from './bank-account-card';
import { DeleteAccountDialog } from './delete-account-dialog';
import { NotificationSettings } from './notification-settings';
import { PrivacyDialog } from './privacy-dialog';
import { SecurityDialog } from './security-dialog';
import { connectOutcome } from './use-onboarding-return';

export const APP_VERSION = 'v1.0.0';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${title}`} className="mt-6">
      <h2
        id={`section-${title}`}
        className="mb-2 px-1 text-sm font-semibold uppercase tracking-wide text-muted"
      >
        {title}
      </h2>
      <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
        {children}
      </div>
    </section>
  );
}

function Row({
  icon,
  label,
  detail,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  detail?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-14 w-full items-center gap-3 px-4 text-left hover:bg-surface"
    >
      <span className="text-brand-700">{icon}</span>
      <span className="flex-1 font-medium">{label}</span>
      {detail && <span className="max-w-[45%] truncate text-sm text-muted">{detail}</span>}
      <ChevronRight aria-hidden className="size-5 text-gray-400" />
    </button>
  );
}

function ProfileForm({ onSaved }: { onSaved: () => void }) {
  const { fields, submit, saving } = useProfileForm(() => {
    toast({ variant: 'success', title: 'Profile updated' });
    onSaved();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {fields}
      <Button type="submit" size="lg" block disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

function ProfileDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Profile"
      description="Your name as friends see it on bills and payment links."
    >
      <ProfileForm onSaved={() => onOpenChange(false)} />
    </Dialog>
  );
}

export function SettingsScreen() {
  const { user } = useCurrentUser();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [dialog, setDialog] = useState<'profile' | 'privacy' | 'security' | 'delete' | null>(() =>
    new URLSearchParams(search).get('delete') === '1' ? 'delete' : null,
  );

  const queryClient = useQueryClient();
  // Coming back from payout onboarding: say how it went, then tidy the URL.
  useEffect(() => {
    const setup = new URLSearchParams(search).get('setup');
    if (setup) void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    if (setup === 'complete')
      void fetchConnectStatus()
        .catch(() => false)
        .then((complete) => toast(connectOutcome(complete)));
    if (setup === 'refresh')
      toast({
        title: 'Setup Incomplete',
        description: 'Please finish setting up your payout account.',
      });
    if (setup) navigate(location, { replace: true });
  }, [search, location, navigate, queryClient]);

  // Back from the link sent to a new e-mail address, or from a sign-in made to delete the account.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const email = params.get('email');
    if (email === 'changed') {
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({ variant: 'success', title: 'E-mail address changed' });
    }
    if (email || params.has('delete')) navigate(location, { replace: true });
  }, [search, location, navigate, queryClient]);

  if (!user) return null;

  return (
    <div className="min-h-dvh pb-28">
      <AppHeader />
      <main className="mx-auto w-full max-w-md px-4 pt-4">
        <h1 className="text-2xl font-bold">Settings</h1>

        <BankAccountCard />

        <Section title="Account">
          <Row
            icon={<UserIcon aria-hidden className="size-5" />}
            label="Profile"
            detail={user.name}
            onClick={() => setDialog('profile')}
          />
          <Row
            icon={<Lock aria-hidden className="size-5" />}
            label="Privacy"
            onClick={() => setDialog('privacy')}
          />
          <Row
            icon={<Shield aria-hidden className="size-5" />}
            label="Security"
            onClick={() => setDialog('security')}
          />
        </Section>

        <NotificationSettings user={user} />

        {/* A POST, never a link: another site must not be able to sign anyone out. */}
        <form method="post" action="/api/logout" onSubmit={forgetUser} className="mt-6">
          <button
            type="submit"
            className="flex min-h-13 w-full items-center justify-center gap-2 rounded-2xl border border-red-200 bg-white font-semibold text-danger hover:bg-red-50"
          >
            <LogOut aria-hidden className="size-5" /> Sign Out
          </button>
        </form>

        <p className="mt-6 text-center text-sm text-muted">Fairshare {APP_VERSION}</p>
      </main>
      <BottomNav active="settings" />

      <ProfileDialog
        open={dialog === 'profile'}
        onOpenChange={(o) => setDialog(o ? 'profile' : null)}
      />
      <PrivacyDialog
        open={dialog === 'privacy'}
        onOpenChange={(o) => setDialog(o ? 'privacy' : null)}
        onDelete={() => setDialog('delete')}
      />
      <SecurityDialog
        open={dialog === 'security'}
        onOpenChange={(o) => setDialog(o ? 'security' : null)}
      />
      <DeleteAccountDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => setDialog(o ? 'delete' : null)}
      />
    </div>
  );
}
