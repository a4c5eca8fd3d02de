import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Switch } from 'wouter';
import { Splash } from '../components/ui/splash';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { LandingScreen } from './screens/landing-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { SplitBillScreen } from './screens/split-bill-screen';
import { SummaryScreen } from './screens/summary-screen';

export function App() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Splash>
        <Switch>
          <Route path="/" component={LandingScreen} />
          <Route path="/split-bill" component={SplitBillScreen} />
          <Route path="/summary" component={SummaryScreen} />
          <Route component={NotFoundScreen} />
        </Switch>
      </Splash>
      <Toaster />
    </QueryClientProvider>
  );
}
