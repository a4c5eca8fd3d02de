import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
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
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { decideAccess } from './route-access';
import { HomeScreen } from './screens/home-screen';
import { LandingScreen } from './screens/landing-screen';
import { ReceiptCaptureHost } from './receipt-capture-host';
import { NotFoundScreen } from './screens/not-found-screen';

// The split and bill screens load on first visit, keeping them out of the first paint.
const SplitBillScreen = lazy(() =>
  import('./screens/split-bill-screen').then((m) => ({ default: m.SplitBillScreen })),
);
const ReceiptFlowScreen = lazy(() =>
  import('./screens/receipt-flow-screen').then((m) => ({ default: m.ReceiptFlowScreen })),
);
const ProcessingReceiptScreen = lazy(() =>
  import('./screens/processing-receipt-screen').then((m) => ({
    default: m.ProcessingReceiptScreen,
  })),
);
const SummaryScreen = lazy(() =>
  import('./screens/summary-screen').then((m) => ({ default: m.SummaryScreen })),
);
const BillDetailScreen = lazy(() =>
  import('./screens/bill-detail-screen').then((m) => ({ default: m.BillDetailScreen })),
);
const HistoryScreen = lazy(() =>
  import('./screens/history-screen').then((m) => ({ default: m.HistoryScreen })),
);
const SandboxConnectScreen = lazy(() =>
  import('../features/account/components/sandbox-connect-screen').then((m) => ({
    default: m.SandboxConnectScreen,
  })),
);
const ActivityScreen = lazy(() =>
  import('./screens/activity-screen').then((m) => ({ default: m.ActivityScreen })),
);
// The payer pages: public, opened from a link by people with no account, so they load on their own
// and never pull in the signed-in screens.
const PayScreen = lazy(() =>
  import('./screens/pay-screen').then((m) => ({ default: m.PayScreen })),
);
const SecurePaymentScreen = lazy(() =>
  import('./screens/secure-payment-screen').then((m) => ({ default: m.SecurePaymentScreen })),
);
const StripeCheckoutScreen = lazy(() =>
  import('./screens/stripe-checkout-screen').then((m) => ({ default: m.StripeCheckoutScreen })),
);
const SandboxCheckoutScreen = lazy(() =>
  import('./screens/sandbox-checkout-screen').then((m) => ({ default: m.SandboxCheckoutScreen })),
);
const PaymentSuccessScreen = lazy(() =>
  import('./screens/payment-success-screen').then((m) => ({ default: m.PaymentSuccessScreen })),
);
const PaymentCancelledScreen = lazy(() =>
  import('./screens/payment-cancelled-screen').then((m) => ({
    default: m.PaymentCancelledScreen,
  })),
);
const PaymentsScreen = lazy(() =>
  import('./screens/payments-screen').then((m) => ({ default: m.PaymentsScreen })),
);
const QrPaymentScreen = lazy(() =>
  import('./screens/qr-payment-screen').then((m) => ({ default: m.QrPaymentScreen })),
);

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
    <>
      {/* Outside Suspense, so a lazy screen loading never unmounts the open friends dialog. */}
      {user && <ReceiptCaptureHost />}
      <Suspense fallback={<FullScreenSpinner />}>
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
          <Route path="/receipt-flow" component={ReceiptFlowScreen} />
          <Route path="/processing-receipt" component={ProcessingReceiptScreen} />
          <Route path="/split-bill" component={SplitBillScreen} />
          <Route path="/summary" component={SummaryScreen} />
          <Route path="/bill/:id" component={BillDetailScreen} />
          <Route path="/history" component={HistoryScreen} />
          <Route path="/activity" component={ActivityScreen} />
          <Route path="/payments" component={PaymentsScreen} />
          <Route path="/qr-payment" component={QrPaymentScreen} />
          <Route path="/sandbox/connect" component={SandboxConnectScreen} />
          <Route path="/pay/:token" component={PayScreen} />
          <Route path="/payment/:token" component={PayScreen} />
          <Route path="/secure-payment/:token" component={SecurePaymentScreen} />
          <Route path="/stripe-checkout/:token" component={StripeCheckoutScreen} />
          <Route path="/sandbox/checkout/:sessionId" component={SandboxCheckoutScreen} />
          <Route path="/payment-success" component={PaymentSuccessScreen} />
          <Route path="/payment-cancelled" component={PaymentCancelledScreen} />
          <Route component={NotFoundScreen} />
        </Switch>
      </Suspense>
    </>
  );
}

function ScrollToTop() {
  useScrollToTop();
  return null;
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Splash>
        <ScrollToTop />
        <Routes />
      </Splash>
      <Toaster />
    </QueryClientProvider>
  );
}
