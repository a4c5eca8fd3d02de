import { useQuery } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { needsOnboarding } from '../../../../domain/profile';
import { Button } from '../../../components/ui/button';
import { FullScreenSpinner } from '../../../components/ui/spinner';
import { returnPathOf, withReturnPath } from '../../../lib/return-path';
import { currentUserQuery } from '../../../lib/use-current-user';

/** Where Google and Apple send the browser back: read the session and move on. */
export function AuthCallbackScreen() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const error = new URLSearchParams(search).get('error');
  const next = returnPathOf(search);
  const user = useQuery({ ...currentUserQuery, staleTime: 0, enabled: !error });

  useEffect(() => {
    if (error || user.isPending || user.isError) return;
    if (!user.data) navigate(withReturnPath('/auth', next), { replace: true });
    else
      navigate(needsOnboarding(user.data) ? withReturnPath('/onboarding', next) : (next ?? '/'), {
        replace: true,
      });
  }, [error, user.isPending, user.isError, user.data, navigate, next]);

  if (error || user.isError) {
    return (
      <main className="mx-auto flex min-h-dvh w-full max-w-md items-center px-6">
        <div
          role="alert"
          className="w-full rounded-3xl border border-line bg-white p-6 text-center shadow-sm"
        >
          <CircleAlert aria-hidden className="mx-auto size-10 text-danger" />
          <h1 className="mt-3 text-2xl font-bold">Authentication Error</h1>
          <p className="mt-2 text-muted">
            {error === 'access_denied'
              ? 'Sign-in was cancelled.'
              : 'We could not sign you in. Please try again.'}
          </p>
          <Button
            className="mt-6"
            block
            size="lg"
            onClick={() => navigate(withReturnPath('/auth', next), { replace: true })}
          >
            Try Again
          </Button>
        </div>
      </main>
    );
  }
  return <FullScreenSpinner />;
}
