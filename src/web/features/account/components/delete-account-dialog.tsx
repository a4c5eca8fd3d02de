import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { forgetUser } from '../../../lib/use-current-user';
import { startSocialSignIn, type SocialProvider } from '../api/auth-calls';
import { deleteAccount, EXPORT_JSON_URL, signInMethodsQuery } from '../api/security-calls';
import { focusSheet } from './focus-sheet';

// Delete my account: says plainly what happens, asks for the password (or, for a Google or Apple
// account, a sign-in within the last 5 minutes), then leaves for the landing page.

/** Where a Google or Apple sign-in made for the deletion comes back to: this dialog, open. */
export const DELETE_RETURN_PATH = '/settings?delete=1';

export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const methods = useQuery({ ...signInMethodsQuery, enabled: open });
  const hasPassword = methods.data?.includes('credential') ?? true;
  const provider: SocialProvider = methods.data?.includes('apple') ? 'apple' : 'google';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (hasPassword && !password) return setError('Enter your password to delete your account.');
    setError(undefined);
    setBusy(true);
    try {
      await deleteAccount(hasPassword ? { password } : {});
      forgetUser();
      // A fresh start on the landing page: nothing of the account stays in the page's memory.
      window.location.assign('/');
    } catch (err) {
      setBusy(false);
      if (
        err instanceof ApiError &&
        (err.data as { code?: string })?.code === 'fresh_sign_in_required'
      )
        setNeedsSignIn(true);
      setError(errorMessage(err, 'Your account was not deleted. Please try again.'));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete my account"
      description="This cannot be undone."
      tall
      onOpenAutoFocus={focusSheet}
    >
      <div className="space-y-3 text-muted">
        <p>When you delete your account:</p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Your payment links stop working at once: a friend who opens one is told it doesn&apos;t
            exist, and nobody can pay you through Fairshare any more.
          </li>
          <li>Your payout account is disconnected and closed at the payment provider.</li>
          <li>
            Your bills, receipt photos, the names of your friends and your activity are erased.
          </li>
          <li>You are signed out on every device.</li>
          <li>
            Money already paid stays recorded only as a payment record (amount, date, how it was
            paid), as the law asks, with no name or e-mail in it.
          </li>
        </ul>
        <p>
          Want a copy first?{' '}
          <a href={EXPORT_JSON_URL} download className="font-semibold text-brand-800 underline">
            Download all my data
          </a>
          .
        </p>
      </div>
      <form onSubmit={submit} noValidate className="mt-5 space-y-3">
        {hasPassword ? (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
        ) : (
          <>
            <p className="text-muted">
              For your safety, you need to have signed in with{' '}
              {provider === 'apple' ? 'Apple' : 'Google'} in the last 5 minutes.
            </p>
            {error && (
              <p role="alert" className="font-medium text-danger">
                {error}
              </p>
            )}
            {needsSignIn && (
              <Button
                variant="secondary"
                block
                onClick={() => void startSocialSignIn(provider, DELETE_RETURN_PATH)}
              >
                Sign in again with {provider === 'apple' ? 'Apple' : 'Google'}
              </Button>
            )}
          </>
        )}
        <button
          type="submit"
          disabled={busy}
          className="flex min-h-13 w-full items-center justify-center rounded-2xl bg-danger px-6 text-lg font-semibold text-white hover:bg-red-700 disabled:bg-gray-300 disabled:text-gray-600"
        >
          {busy ? 'Deleting...' : 'Delete my account'}
        </button>
      </form>
    </Dialog>
  );
}
