import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { FullScreenSpinner } from '../components/ui/spinner';
import { Splash } from '../components/ui/splash';
import { Toaster } from '../components/ui/toaster';
import { toast } from '../components/ui/use-toast';
import { AuthCallbackScreen } from '../features/account/components/auth-callback-screen';
import { AuthScreen } from '../features/account/components/auth-screen';
import { OnboardingScreen } from '../features/account/components/onboarding-screen';
import { SettingsScreen } from '../features/account/components/settings-screen';
import { setUnauthorizedHandler } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { currentUserQuery, useCurrentUser } from '../lib/use-current-user';
import { decideAccess } from './route-access';
import { HomeScreen } from './screens/home-screen';
import { LandingScreen } from './screens/landing-screen';
import { NotFoundScreen } from './screens/not-found-screen';

/** The one place that handles a 401 from any call (payments-accounts.md §8). */
function makeQueryClient(): QueryClient {
  const client = createQueryClient();
  setUnauthorizedHandler(() => {
    client.setQueryData(currentUserQuery.queryKey, null);
    toast({
      variant: 'destructive',
      title: 'Authentication required',
      description: 'Please log in again to continue.',
    });
    navigate('/auth', { replace: true });
  });
  return client;
}

function Routes() {
  const [location, setLocation] = useLocation();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;

  const decision = decideAccess(location, user);
  if (decision.kind === 'landing') return <LandingScreen />;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;

  return (
    <Switch>
      <Route path="/" component={HomeScreen} />
      <Route path="/auth">
        <AuthScreen
          onSignedIn={(needsProfile) =>
            setLocation(needsProfile ? '/onboarding' : '/', { replace: true })
          }
        />
      </Route>
      <Route path="/auth/callback" component={AuthCallbackScreen} />
      <Route path="/onboarding" component={OnboardingScreen} />
      <Route path="/settings" component={SettingsScreen} />
      <Route component={NotFoundScreen} />
    </Switch>
  );
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Splash>
        <Routes />
      </Splash>
      <Toaster />
    </QueryClientProvider>
  );
}
