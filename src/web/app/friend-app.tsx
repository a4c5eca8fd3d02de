import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { isFriendPage } from '../../contracts/pages';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { FullScreenSpinner } from '../components/ui/spinner';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { FRIEND_SCREENS } from './friend-screens';
import { OfflineBanner } from './offline-banner';

const ROUTES = FRIEND_SCREENS.map(({ path, load }) => ({
  path,
  Screen: lazy(() => load().then((Screen) => ({ default: Screen }))),
}));

const NotFoundScreen = lazy(() =>
  import('./screens/not-found-screen').then((m) => ({ default: m.NotFoundScreen })),
);

/**
 * A link out of the friend pages (home, sign-in): the whole app answers it, so the page loads
 * again from the server, which sends the whole app's entry for it.
 */
function WholeApp() {
  const elsewhere = !isFriendPage(window.location.pathname);
  useEffect(() => {
    if (elsewhere) window.location.reload();
  }, [elsewhere]);
  return elsewhere ? <FullScreenSpinner /> : <NotFoundScreen />;
}

function ScrollToTop() {
  useScrollToTop();
  return null;
}

/**
 * The pages a friend opens without an account, on their own: no sign-in state, no creator's
 * screens or background work, no service worker (docs/decisions/011), no splash and no TanStack
 * Query at start (docs/decisions/023).
 */
export function FriendApp() {
  return (
    <>
      <ScrollToTop />
      <OfflineBanner />
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          {ROUTES.map(({ path, Screen }) => (
            <Route key={path} path={path} component={Screen} />
          ))}
          <Route component={WholeApp} />
        </Switch>
      </Suspense>
      <LazyToaster />
    </>
  );
}
