import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Bell, Mail, MailWarning, ReceiptPoundSterling } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import type { User } from '../../../../contracts/auth';
import type { NotificationSettings as Settings } from '../../../../contracts/notifications';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { reportError } from '../../../components/ui/report-error';
import { toast } from '../../../components/ui/use-toast';
import { useLocation, useSearch } from 'wouter';
import { currentUserQuery } from '../../../lib/use-current-user';
import {
  deletePushSubscription,
  fetchPushKey,
  notificationSettingsQuery,
  savePushSubscription,
  updateNotificationSettings,
  useNotificationSettings,
} from '../api/notifications';
import { resendVerificationEmail } from '../../../entities/payout-account/api/payout-account';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../model/push-device';
import { isPushSubscription } from '../model/push-subscription';

// Settings' Notifications rows (DECISIONS.md E-mail and notifications): push on this device when a
// friend pays, the same by e-mail when no device takes push, bill reminders, and the address
// those e-mails go to, confirmed or not.

const PUSH_HINT: Record<PushState, string> = {
  unsupported: "This browser can't show notifications",
  blocked: "Blocked: allow notifications for Fairshare in your browser's settings",
  off: 'On this device, when a friend pays',
  on: 'On this device, when a friend pays',
};

export function NotificationSettings({ user }: { user: User }) {
  const client = useQueryClient();
  const settings = useNotificationSettings();
  const [push, setPush] = useState<PushState | null>(null);
  const [pushBusy, setPushBusy] = useState(false);
  const [saving, setSaving] = useState<keyof Settings | null>(null);

  useEffect(() => {
    let live = true;
    void pushState()
      .catch((): PushState => 'off')
      .then((s) => live && setPush(s));
    return () => {
      live = false;
    };
  }, []);

  useVerifiedReturn();

  async function switchPush(on: boolean) {
    setPushBusy(true);
    try {
      const next = on
        ? await turnPushOn(fetchPushKey, (sub) => {
            if (!isPushSubscription(sub)) throw new Error('This browser gave no push address');
            return savePushSubscription(sub);
          })
        : await turnPushOff(deletePushSubscription);
      setPush(next);
      if (on && next === 'blocked')
        toast({
          variant: 'destructive',
          title: 'Notifications are blocked',
          description: "Allow notifications for Fairshare in your browser's settings.",
        });
      void client.invalidateQueries({ queryKey: notificationSettingsQuery.queryKey });
    } catch (err) {
      reportError(
        err,
        on ? 'Could not turn on notifications' : 'Could not turn off notifications',
        'Please try again.',
      );
    } finally {
      setPushBusy(false);
    }
  }

  async function switchSetting(key: 'paymentEmails' | 'billReminders', value: boolean) {
    setSaving(key);
    try {
      client.setQueryData(
        notificationSettingsQuery.queryKey,
        await updateNotificationSettings({ [key]: value }),
      );
    } catch (err) {
      reportError(err, 'Could not save the setting', 'Please try again.');
    } finally {
      setSaving(null);
    }
  }

  const loaded = settings.data;
  return (
    <section aria-labelledby="section-Notifications" className="mt-6">
      <h2
        id="section-Notifications"
        className="mb-2 px-1 text-sm font-semibold uppercase tracking-wide text-muted"
      >
        Notifications
      </h2>
      <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
        <ToggleRow
          icon={<Bell aria-hidden className="size-5" />}
          label="Payment Notifications"
          hint={push ? PUSH_HINT[push] : undefined}
          checked={push === 'on'}
          disabled={push === null || push === 'unsupported' || pushBusy}
          busy={pushBusy}
          onChange={(v) => void switchPush(v)}
        />
        <ToggleRow
          icon={<Mail aria-hidden className="size-5" />}
          label="Payment E-mails"
          hint="When no device of yours gets notifications"
          checked={loaded?.paymentEmails ?? false}
          disabled={!loaded || saving !== null}
          busy={saving === 'paymentEmails'}
          onChange={(v) => void switchSetting('paymentEmails', v)}
        />
        <ToggleRow
          icon={<ReceiptPoundSterling aria-hidden className="size-5" />}
          label="Bill Reminders"
          hint="Who hasn't paid, 2 days after your links, then weekly"
          checked={loaded?.billReminders ?? false}
          disabled={!loaded || saving !== null}
          busy={saving === 'billReminders'}
          onChange={(v) => void switchSetting('billReminders', v)}
        />
        <EmailRow user={user} />
      </div>
    </section>
  );
}

/** Back from a verification e-mail's link (/settings?verified=1): say so, then tidy the URL. */
function useVerifiedReturn() {
  const client = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  useEffect(() => {
    if (!new URLSearchParams(search).has('verified')) return;
    void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    toast({ variant: 'success', title: 'E-mail address confirmed' });
    navigate(location, { replace: true });
  }, [search, location, navigate, client]);
}

/** Where e-mails go, and whether the address is confirmed ("Resend" when it is not). */
function EmailRow({ user }: { user: User }) {
  const client = useQueryClient();
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await resendVerificationEmail();
      toast({
        variant: 'success',
        title: 'Link sent',
        description: `Open the link we sent to ${user.email} to confirm it.`,
      });
    } catch (err) {
      // Confirmed meanwhile (409), in another tab: show it.
      void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      reportError(err, 'Could not send the link', 'Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex min-h-14 items-center gap-3 px-4 py-3" data-testid="email-row">
      <span className="text-brand-700">
        {user.emailVerified ? (
          <BadgeCheck aria-hidden className="size-5" />
        ) : (
          <MailWarning aria-hidden className="size-5" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{user.email}</p>
        <p className="text-sm text-muted">
          {user.emailVerified ? 'E-mail address confirmed' : 'Not confirmed yet'}
        </p>
      </div>
      {!user.emailVerified && (
        <Button
          variant="secondary"
          size="md"
          className="px-3!"
          onClick={() => void resend()}
          disabled={sending}
          aria-busy={sending}
          aria-label="Resend the confirmation link"
        >
          {sending && <Spinner size="small" label="Sending" />}
          Resend
        </Button>
      )}
    </div>
  );
}

function ToggleRow({
  icon,
  label,
  hint,
  checked,
  disabled,
  busy,
  onChange,
}: {
  icon: ReactNode;
  label: string;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  busy: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = `toggle-${label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <div className="flex min-h-14 items-center gap-3 px-4 py-3">
      <span className="text-brand-700">{icon}</span>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
      {busy && <Spinner size="small" label="Saving" />}
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onCheckedChange={onChange}
        className="relative h-7 w-12 shrink-0 rounded-full bg-gray-300 transition-colors disabled:opacity-60 data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
