import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import { Splash } from '../components/ui/splash';
import { FullScreenSpinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { LandingScreen } from './screens/landing-screen';
import { NotFoundScreen } from './screens/not-found-screen';

// The split screens and their dialogs load on first visit, keeping them out of the first paint.
const SplitBillScreen = lazy(() =>
  import('./screens/split-bill-screen').then((m) => ({ default: m.SplitBillScreen })),
);
const SummaryScreen = lazy(() =>
  import('./screens/summary-screen').then((m) => ({ default: m.SummaryScreen })),
);

export function App() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Splash>
        <ScrollToTop />
        <Suspense fallback={<FullScreenSpinner />}>
          <Switch>
            <Route path="/" component={LandingScreen} />
            <Route path="/split-bill" component={SplitBillScreen} />
            <Route path="/summary" component={SummaryScreen} />
            <Route component={NotFoundScreen} />
          </Switch>
        </Suspense>
      </Splash>
      <Toaster />
    </QueryClientProvider>
  );
}

function ScrollToTop() {
  useScrollToTop();
  return null;
}
