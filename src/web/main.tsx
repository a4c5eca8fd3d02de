import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isPaymentPage } from '../contracts/pages';
import { App } from './app/app';
import { splashGone } from './lib/splash';
import './styles.css';

// The splash index.html paints as it arrives: gone once it has faded (or at once when the browser
// session has seen it), so that nothing is left above the app.
void splashGone();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A transition: React renders the first screen in slices, giving the main thread back between
// them, so a phone stays responsive while the app starts.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The service worker (offline use, installing the app) starts once the page has loaded, so no
// route's first load waits for it or carries its code. Not in the dev server: it has no /sw.js.
// Not on payment pages either: a friend paying from a link is not made to download the whole app
// for offline use (the worker keeps its copy of every screen); they get it if they open the app.
if (import.meta.env.PROD && !isPaymentPage(window.location.pathname)) {
  const start = () =>
    void import('./pwa/register')
      .then((m) => m.startAppServiceWorker())
      .catch((err: unknown) => console.warn('Service worker not started', err));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
