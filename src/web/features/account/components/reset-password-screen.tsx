import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { RESET_LINK_INVALID } from '../../../../contracts/auth';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../contracts/constants';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { currentUserQuery } from '../../../lib/use-current-user';
import { resetPassword } from '../api/auth-calls';

/**
 * /auth/reset?token=: the e-mailed link of "Forgot password?". A new password, and this device is
 * signed in (every other session of the account has ended). A used or expired link says so.
 */
export function ResetPasswordScreen() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(!/^[A-Za-z0-9_-]+$/.test(token));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (password.length < PASSWORD_MIN)
      return setError(`Password must be at least ${PASSWORD_MIN} characters`);
    if (password.length > PASSWORD_MAX)
      return setError(`Password must be at most ${PASSWORD_MAX} characters`);
    setError(undefined);
    setBusy(true);
    try {
      await resetPassword(token, password);
      await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      toast({
        variant: 'success',
        title: 'Password changed',
        description: "You're signed in. Other devices have been signed out.",
      });
      navigate('/', { replace: true });
    } catch (err) {
      setBusy(false);
      if (
        err instanceof ApiError &&
        (err.data as { code?: string } | null)?.code === 'invalid_token'
      )
        return setInvalid(true);
      toast({
        variant: 'destructive',
        title: 'Could not change the password',
        description: errorMessage(err, 'Please try again.'),
      });
    }
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-6 pb-8 pt-10">
      <header className="flex items-center gap-3">
        <img src="/icon.svg" alt="" className="size-10 rounded-xl" />
        <span className="text-xl font-bold tracking-tight text-brand-800">Fairshare</span>
      </header>
      <h1 className="mt-10 text-3xl font-bold tracking-tight">Choose a new password</h1>
      {invalid ? (
        <>
          <div
            role="alert"
            className="mt-8 flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900"
          >
            <CircleAlert aria-hidden className="size-6 shrink-0" />
            <p>{RESET_LINK_INVALID}</p>
          </div>
          <Button
            size="lg"
            block
            className="mt-8"
            onClick={() => navigate('/auth?forgot=1', { replace: true })}
          >
            Forgot password?
          </Button>
        </>
      ) : (
        <>
          <p className="mt-2 text-muted">
            You&apos;ll be signed in here, and signed out everywhere else.
          </p>
          <form
            className="mt-8 space-y-4"
            onSubmit={submit}
            noValidate
            aria-label="Choose a new password"
          >
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error}
              hint={`At least ${PASSWORD_MIN} characters`}
              required
            />
            <Button type="submit" size="lg" block disabled={busy}>
              {busy && <Spinner size="small" label="Saving" />}
              Save and sign in
            </Button>
          </form>
        </>
      )}
    </main>
  );
}
