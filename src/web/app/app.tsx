import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { FullScreenSpinner } from '../components/ui/spinner';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { toast } from '../components/ui/use-toast';
import { setUnauthorizedHandler } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import {
  currentUserQuery,
  forgetUser,
  rememberedUser,
  useCurrentUser,
} from '../lib/use-current-user';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { OfflineBanner } from './offline-banner';
import { withReturnPath } from '../lib/return-path';
import { afterSignIn, decideAccess, routeAccess } from './route-access';

// Every screen loads on first visit, so that each route's first load carries only what it shows
// (bench/web prints the figures; docs/decisions/011-installable-offline-app.md).
const loadLanding = () =>
  import('./screens/landing-screen').then((m) => ({ default: m.LandingScreen }));
const LandingScreen = lazy(loadLanding);
const loadHome = () => import('./screens/home-screen').then((m) => ({ default: m.HomeScreen }));
const HomeScreen = lazy(loadHome);
const AuthScreen = lazy(() =>
  import('../features/account/components/auth-screen').then((m) => ({ default: m.AuthScreen })),
);
const AuthCallbackScreen = lazy(() =>
  import('../features/account/components/auth-callback-screen').then((m) => ({
    default: m.AuthCallbackScreen,
  })),
);
const ResetPasswordScreen = lazy(() =>
  import('../features/account/components/reset-password-screen').then((m) => ({
    default: m.ResetPasswordScreen,
  })),
);
const OnboardingScreen = lazy(() =>
  import('../features/account/components/onboarding-screen').then((m) => ({
    default: m.OnboardingScreen,
  })),
);
const SettingsScreen = lazy(() =>
  import('../features/account/components/settings-screen').then((m) => ({
    default: m.SettingsScreen,
  })),
);
const NotFoundScreen = lazy(() =>
  import('./screens/not-found-screen').then((m) => ({ default: m.NotFoundScreen })),
);
// The signed-in user's background work: the receipt capture dialog, and receipts and bills kept
// offline that go out when the connection returns.
const loadSignedInHost = () =>
  import('./signed-in-host').then((m) => ({ default: m.SignedInHost }));
const SignedInHost = lazy(loadSignedInHost);
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
const EditBillScreen = lazy(() =>
  import('./screens/edit-bill-screen').then((m) => ({ default: m.EditBillScreen })),
);
const PickingScreen = lazy(() =>
  import('./screens/picking-screen').then((m) => ({ default: m.PickingScreen })),
);
const HistoryScreen = lazy(() =>
  import('./screens/history-screen').then((m) => ({ default: m.HistoryScreen })),
);
const SandboxConnectScreen = lazy(() =>
  import('../features/account/components/sandbox-connect-screen').then((m) => ({
    default: m.SandboxConnectScreen,
  })),
);
const FriendsScreen = lazy(() =>
  import('./screens/friends-screen').then((m) => ({ default: m.FriendsScreen })),
);
const FriendScreen = lazy(() =>
  import('./screens/friend-screen').then((m) => ({ default: m.FriendScreen })),
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
// The friend's page of a bill being picked: public, opened from a QR code at the table on a phone,
// so, like the payer pages, it loads on its own.
const JoinScreen = lazy(() =>
  import('./screens/join-screen').then((m) => ({ default: m.JoinScreen })),
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
    forgetUser();
    client.setQueryData(currentUserQuery.queryKey, null);
    toast({
      variant: 'destructive',
      title: 'Authentication required',
      description: 'Please log in again to continue.',
    });
    // Signed in again, they come back to the page they were on.
    const { pathname, search } = window.location;
    navigate(withReturnPath('/auth', pathname === '/auth' ? null : `${pathname}${search}`), {
      replace: true,
    });
  });
  return client;
}

const queryClient = makeQueryClient();

/**
 * Runs each step in a task of its own. Loading a screen adds a link to the page for each of its
 * files, which holds a phone's main thread for a while: one screen at a time, the page stays
 * responsive in between.
 */
function inTurn(steps: (() => unknown)[]): void {
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  if (steps.length > 0) setTimeout(next, 0);
}

const prefetchBills = () =>
  import('../features/bills/api/bills-list').then((m) =>
    queryClient.prefetchQuery(m.billsListQuery),
  );

/**
 * The start, before React's first render: who is signed in is asked at once (index.html sent the
 * request beside the scripts, so the answer is usually in), and the answer fetches the first
 * screen's code, and home's bills, beside the render rather than after it: home never loads the
 * landing page's code, nor the landing page home's. A device that remembers someone fetches
 * home's code without waiting.
 */
function start(): void {
  const path = window.location.pathname;
  if (path === '/' && rememberedUser()) inTurn([loadHome]);
  queryClient.fetchQuery(currentUserQuery).then(
    (user) => {
      if (window.location.pathname !== path) return;
      const steps: (() => unknown)[] = [];
      if (path === '/' && !user) steps.push(loadLanding);
      if (path === '/' && user && decideAccess(path, user).kind === 'render')
        steps.push(prefetchBills, loadHome);
      // The signed-in user's background work, after the screen.
      if (user) steps.push(loadSignedInHost);
      inTurn(steps);
    },
    () => {
      // the screens show the error once they render
    },
  );
}
// In a task of its own, after the scripts' evaluation: a phone's main thread is never held long.
setTimeout(start, 0);

function Routes() {
  const [location, setLocation] = useLocation();
  const search = useSearch();
  const { user, isLoading } = useCurrentUser();
  // The answer to "who is signed in" replaces the spinner with the whole first screen: rendered as
  // a transition, in slices that leave the main thread free between them, rather than as the one
  // long task a query's update is otherwise rendered in. Later changes of user render at once.
  const starting = useDeferredValue(isLoading);
  // A payer's page does not depend on who is signed in: it renders at once, without waiting.
  const waits = location === '/auth' || routeAccess(location) !== 'public';
  if ((isLoading || starting) && waits) return <FullScreenSpinner />;

  const decision = decideAccess(location, user, search);
  if (decision.kind === 'landing')
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <LandingScreen />
      </Suspense>
    );
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;

  return (
    <>
      {/* Outside the screens' Suspense, so a lazy screen loading never unmounts the open friends
          dialog. */}
      {user && (
        <Suspense fallback={null}>
          <SignedInHost />
        </Suspense>
      )}
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          <Route path="/" component={HomeScreen} />
          <Route path="/auth">
            <AuthScreen
              onSignedIn={(needsProfile) =>
                setLocation(afterSignIn(search, needsProfile), { replace: true })
              }
            />
          </Route>
          <Route path="/auth/callback" component={AuthCallbackScreen} />
          <Route path="/auth/reset" component={ResetPasswordScreen} />
          <Route path="/onboarding" component={OnboardingScreen} />
          <Route path="/settings" component={SettingsScreen} />
          <Route path="/receipt-flow" component={ReceiptFlowScreen} />
          <Route path="/processing-receipt" component={ProcessingReceiptScreen} />
          <Route path="/split-bill" component={SplitBillScreen} />
          <Route path="/summary" component={SummaryScreen} />
          <Route path="/bill/:id" component={BillDetailScreen} />
          <Route path="/bill/:id/picking" component={PickingScreen} />
          <Route path="/bill/:id/edit" component={EditBillScreen} />
          <Route path="/history" component={HistoryScreen} />
          <Route path="/activity" component={ActivityScreen} />
          <Route path="/friends" component={FriendsScreen} />
          <Route path="/friends/:name" component={FriendScreen} />
          <Route path="/payments" component={PaymentsScreen} />
          <Route path="/qr-payment" component={QrPaymentScreen} />
          <Route path="/sandbox/connect" component={SandboxConnectScreen} />
          <Route path="/join/:token" component={JoinScreen} />
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
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTop />
      <OfflineBanner />
      <Routes />
      <LazyToaster />
    </QueryClientProvider>
  );
}
