import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { PASSWORD_MIN } from '../../../../contracts/constants';
import { needsOnboarding } from '../../../../domain/profile';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-message';
import { returnPathOf } from '../../../lib/return-path';
import { currentUserQuery } from '../../../lib/use-current-user';
import {
  requestPasswordReset,
  signInWithEmail,
  signUpWithEmail,
  startSocialSignIn,
  useAuthProviders,
  type SocialProvider,
} from '../api/auth-calls';

type Mode = 'sign_up' | 'sign_in' | 'forgot';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.3 0 1.7-.8 3.3-.8 1.5 0 1.9.8 3.3.8 1.4 0 2.2-1.2 3-2.5a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.3-4.1zM13.9 4.9A4.4 4.4 0 0 0 15 1.6a4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1.1 3.2c1.1.1 2.2-.6 2.9-1.4z" />
    </svg>
  );
}

export function AuthScreen({ onSignedIn }: { onSignedIn: (needsProfile: boolean) => void }) {
  const queryClient = useQueryClient();
  const providers = useAuthProviders();
  const search = useSearch();
  const next = returnPathOf(search);
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(search).has('forgot') ? 'forgot' : 'sign_up',
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState<'email' | SocialProvider | null>(null);

  const signingUp = mode === 'sign_up';

  function validate() {
    const next: typeof errors = {};
    if (!email.trim()) next.email = 'E-mail is required';
    else if (!EMAIL_RE.test(email.trim())) next.email = 'Enter a valid e-mail address';
    if (!password) next.password = 'Password is required';
    else if (signingUp && password.length < PASSWORD_MIN)
      next.password = `Password must be at least ${PASSWORD_MIN} characters`;
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !validate()) return;
    setBusy('email');
    try {
      if (signingUp) await signUpWithEmail(email.trim(), password);
      else await signInWithEmail(email.trim(), password);
      const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      onSignedIn(!user || needsOnboarding(user));
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Authentication Error',
        description: errorMessage(err, 'Authentication failed. Please try again.'),
      });
      setBusy(null);
    }
  }

  async function social(provider: SocialProvider) {
    setBusy(provider);
    try {
      await startSocialSignIn(provider, next);
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(err, 'Authentication failed. Please try again.'),
      });
      setBusy(null);
    }
  }

  function switchMode() {
    setMode(signingUp ? 'sign_in' : 'sign_up');
    setErrors({});
  }

  if (mode === 'forgot')
    return <ForgotPassword initialEmail={email} onBack={() => setMode('sign_in')} />;

  const showGoogle = providers.data?.google;
  const showApple = providers.data?.apple;

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-6 pb-8 pt-10">
      <header className="flex items-center gap-3">
        <img src="/icon.svg" alt="" className="size-10 rounded-xl" />
        <span className="text-xl font-bold tracking-tight text-brand-800">Fairshare</span>
      </header>

      <h1 className="mt-10 text-3xl font-bold tracking-tight">
        {signingUp ? 'Create your account' : 'Welcome back'}
      </h1>
      <p className="mt-2 text-muted">
        {signingUp
          ? 'Split your first bill in under a minute.'
          : 'Sign in to see your bills and payments.'}
      </p>

      <form
        className="mt-8 space-y-4"
        onSubmit={submit}
        noValidate
        aria-label={signingUp ? 'Sign up' : 'Sign in'}
      >
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <TextField
          label="Password"
          type="password"
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint={signingUp ? `At least ${PASSWORD_MIN} characters` : undefined}
          required
        />
        {!signingUp && (
          <p className="-mt-2 text-right">
            <button
              type="button"
              onClick={() => {
                setErrors({});
                setMode('forgot');
              }}
              className="min-h-11 font-semibold text-brand-700 underline"
            >
              Forgot password?
            </button>
          </p>
        )}
        <Button type="submit" size="lg" block disabled={busy !== null}>
          {busy === 'email' ? (
            <Spinner size="small" label={signingUp ? 'Creating account' : 'Signing in'} />
          ) : null}
          Continue
        </Button>
      </form>

      {(showGoogle || showApple) && (
        <div className="mt-6 space-y-3">
          <div className="flex items-center gap-3 text-sm text-muted" aria-hidden>
            <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
          </div>
          {showGoogle && (
            <Button
              variant="secondary"
              size="lg"
              block
              disabled={busy !== null}
              onClick={() => social('google')}
            >
              <GoogleMark /> Continue with Google
            </Button>
          )}
          {showApple && (
            <Button
              variant="secondary"
              size="lg"
              block
              disabled={busy !== null}
              onClick={() => social('apple')}
              className="!bg-black !text-white hover:!bg-gray-800"
            >
              <AppleMark /> Continue with Apple
            </Button>
          )}
        </div>
      )}

      <p className="mt-6 text-center">
        {signingUp ? 'Already have an account?' : 'New to Fairshare?'}{' '}
        <button
          type="button"
          onClick={switchMode}
          className="min-h-11 font-semibold text-brand-700 underline"
        >
          {signingUp ? 'Sign in' : 'Create an account'}
        </button>
      </p>

      <p className="mt-auto pt-8 text-center text-xs leading-relaxed text-muted">
        By continuing you agree to Fairshare&apos;s Terms of Service and acknowledge our Privacy
        Policy. We keep your bills private and never share your details with the friends you split
        with.
      </p>
    </main>
  );
}

/** "Forgot password?": an e-mail with a link to choose a new one, the same answer for any address. */
function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!address) return setError('E-mail is required');
    if (!EMAIL_RE.test(address)) return setError('Enter a valid e-mail address');
    setError(undefined);
    setBusy(true);
    try {
      setSent((await requestPasswordReset(address)).message);
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Could not send the link',
        description: errorMessage(err, 'Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-6 pb-8 pt-10">
      <header className="flex items-center gap-3">
        <img src="/icon.svg" alt="" className="size-10 rounded-xl" />
        <span className="text-xl font-bold tracking-tight text-brand-800">Fairshare</span>
      </header>
      <h1 className="mt-10 text-3xl font-bold tracking-tight">Forgot your password?</h1>
      {sent ? (
        <>
          <div
            role="status"
            className="mt-8 flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-900"
          >
            <MailCheck aria-hidden className="size-6 shrink-0" />
            <p>{sent}</p>
          </div>
          <p className="mt-4 text-muted">
            No e-mail after a few minutes? Check your spam folder, or ask again.
          </p>
          <Button size="lg" block className="mt-8" onClick={onBack}>
            Back to sign in
          </Button>
        </>
      ) : (
        <>
          <p className="mt-2 text-muted">
            Enter your e-mail address and we&apos;ll send you a link to choose a new one.
          </p>
          <form
            className="mt-8 space-y-4"
            onSubmit={submit}
            noValidate
            aria-label="Forgot password"
          >
            <TextField
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
              required
            />
            <Button type="submit" size="lg" block disabled={busy}>
              {busy && <Spinner size="small" label="Sending" />}
              Send link
            </Button>
          </form>
          <p className="mt-6 text-center">
            <button
              type="button"
              onClick={onBack}
              className="min-h-11 font-semibold text-brand-700 underline"
            >
              Back to sign in
            </button>
          </p>
        </>
      )}
    </main>
  );
}
