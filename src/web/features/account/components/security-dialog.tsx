import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  CHANGE_EMAIL_SENT,
  changeEmailBodySchema,
  changePasswordBodySchema,
} from '../../../../contracts/auth';
import { formatDateTime } from '../../../../domain/formats';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { reportError } from '../../../components/ui/report-error';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-message';
import { forgetUser, useCurrentUser } from '../../../lib/use-current-user';
import {
  changeEmail,
  changePassword,
  currentSessionQuery,
  deviceSessionsQuery,
  securityKeys,
  signInMethodsQuery,
  signOutDevice,
  signOutOtherDevices,
} from '../api/security-calls';
import { describeDevice } from '../model/device';
import { focusSheet } from './focus-sheet';

// Settings, Security: the e-mail address, the password and the devices signed in, each changed
// through better-auth's own flows (the server checks each body with the contract's schema).

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`security-${title}`}
      className="border-t border-line pt-4 first:border-0 first:pt-0"
    >
      <h3 id={`security-${title}`} className="mb-2 font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The first message per field of a failed parse. */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0])] ??= i.message;
  return out;
}

function EmailForm() {
  const { user } = useCurrentUser();
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = changeEmailBodySchema.safeParse({ newEmail });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (parsed.data.newEmail === user?.email)
      return setError('This is already your e-mail address.');
    setError(undefined);
    setBusy(true);
    try {
      await changeEmail(parsed.data);
      setSent(true);
    } catch (err) {
      setError(errorMessage(err, 'We could not send the link. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Part title="E-mail address">
      <p className="mb-3 text-muted">
        Signed in as
        <strong className="block break-all text-ink">{user?.email}</strong>
      </p>
      {sent ? (
        <p role="status" className="rounded-xl bg-brand-50 p-3 text-brand-800">
          {CHANGE_EMAIL_SENT} We&apos;ll also tell your current address.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-3">
          <TextField
            label="New e-mail address"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
            error={error}
          />
          <Button type="submit" variant="secondary" block disabled={busy}>
            {busy ? 'Sending...' : 'Send a link to the new address'}
          </Button>
        </form>
      )}
    </Part>
  );
}

function PasswordForm() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = changePasswordBodySchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      await changePassword(parsed.data);
      setCurrent('');
      setNew('');
      toast({
        variant: 'success',
        title: 'Password changed',
        description: 'Every other device has been signed out.',
      });
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: securityKeys.current });
    } catch (err) {
      setErrors({ currentPassword: errorMessage(err, 'Your password was not changed.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Part title="Password">
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters. Other devices will be signed out."
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          error={errors.newPassword}
        />
        <Button type="submit" variant="secondary" block disabled={busy}>
          {busy ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </Part>
  );
}

function Devices() {
  const queryClient = useQueryClient();
  const sessions = useQuery(deviceSessionsQuery);
  const current = useQuery(currentSessionQuery);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await action();
      toast({ variant: 'success', title: done });
    } catch (err) {
      reportError(err, 'Not signed out', 'Please try again.');
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    }
  }

  const list = [...(sessions.data ?? [])].sort(
    (a, b) =>
      Number(b.id === current.data) - Number(a.id === current.data) ||
      b.updatedAt.localeCompare(a.updatedAt),
  );
  const others = list.filter((s) => s.id !== current.data);

  return (
    <Part title="Devices signed in">
      {sessions.isPending && <p className="text-muted">Loading...</p>}
      {sessions.isError && (
        <p className="text-danger">
          {errorMessage(sessions.error, 'Could not load your devices.')}
        </p>
      )}
      <ul className="divide-y divide-line">
        {list.map((s) => {
          const here = s.id === current.data;
          return (
            <li key={s.id} className="flex min-h-14 items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {describeDevice(s.userAgent)}
                  {here && (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm text-muted">
                  Last active {formatDateTime(new Date(s.updatedAt))}
                </p>
              </div>
              {!here && (
                <Button
                  variant="danger"
                  size="sm"
                  disabled={busy !== null}
                  aria-label={`Sign out ${describeDevice(s.userAgent)}, last active ${formatDateTime(new Date(s.updatedAt))}`}
                  onClick={() => run(s.id, () => signOutDevice(s.id), 'Device signed out')}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 && (
        <Button
          variant="danger"
          block
          className="mt-3"
          disabled={busy !== null}
          onClick={() => run('all', signOutOtherDevices, 'Every other device signed out')}
        >
          Sign out of all other devices
        </Button>
      )}
    </Part>
  );
}

export function SecurityDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const methods = useQuery({ ...signInMethodsQuery, enabled: open });
  const hasPassword = methods.data?.includes('credential') ?? false;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Security"
      tall
      // The sheet itself takes focus, not the first field: no keyboard over it on a phone.
      onOpenAutoFocus={focusSheet}
    >
      <div className="space-y-5">
        <EmailForm />
        {hasPassword && <PasswordForm />}
        {methods.data && !hasPassword && (
          <Part title="Password">
            <p className="text-muted">
              You sign in with {methods.data.includes('apple') ? 'Apple' : 'Google'}: there is no
              Fairshare password to change.
            </p>
          </Part>
        )}
        {open && <Devices />}
        <p className="text-sm text-muted">
          Passwords are stored only as a salted hash. A device stays signed in for 30 days after it
          was last used, unless you sign it out.
        </p>
        {/* A POST, never a link: another site must not be able to sign anyone out. */}
        <form method="post" action="/api/logout" onSubmit={forgetUser}>
          <button
            type="submit"
            className="flex min-h-12 w-full items-center justify-center rounded-2xl border border-red-200 font-semibold text-danger"
          >
            Sign out of this device
          </button>
        </form>
      </div>
    </Dialog>
  );
}
