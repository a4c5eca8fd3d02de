import {
  CACHE_LIMIT_BYTES,
  CACHE_SIZE_CHECK_INTERVAL_MS,
  CACHE_WARNING_BYTES,
  FIRST_CACHE_SIZE_CHECK_MS,
  FIRST_UPDATE_CHECK_MS,
  GET_CACHE_SIZE,
  REGISTRATION_ATTEMPTS,
  REGISTRATION_RETRY_MS,
  SKIP_WAITING,
  SW_URL,
  UPDATE_CHECK_INTERVAL_MS,
  type CacheSizeReply,
  type PageToWorkerMessage,
} from './constants';

/** The parts of a ServiceWorker used here. */
export interface WorkerLike {
  readonly state: string;
  postMessage(message: PageToWorkerMessage, transfer?: Transferable[]): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

/** The parts of a ServiceWorkerRegistration used here. */
export interface RegistrationLike {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
  readonly active: WorkerLike | null;
  update(): Promise<unknown>;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

export interface ServiceWorkerDeps {
  /** navigator.serviceWorker, or a stand-in. */
  container: {
    readonly controller: unknown;
    register(url: string, options: RegistrationOptions): Promise<RegistrationLike>;
    addEventListener(type: 'controllerchange', listener: () => void): void;
  };
  /** Sends a message to a worker and resolves with its reply (see askWorker). */
  ask: (worker: WorkerLike, message: PageToWorkerMessage) => Promise<unknown>;
  /** The document, for visibility changes. */
  doc: {
    readonly visibilityState: string;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
  };
  reload: () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  setInterval: (fn: () => void, ms: number) => unknown;
  warn: (...args: unknown[]) => void;
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * Registers the service worker and runs its upkeep (payments-accounts.md §4, §7-§9):
 * - a new version installed while an old one controls the page is told SKIP_WAITING, and the page
 *   reloads once when control changes;
 * - updates are looked for after 10 s, every 30 minutes, and whenever the tab becomes visible;
 * - the caches are measured after 5 s and every 5 minutes, with a warning above 45 MB of 50 MB;
 * - a failed registration is tried again after 5 s. Failures are logged as warnings, never thrown.
 */
export function startServiceWorker(deps: ServiceWorkerDeps): void {
  const { container } = deps;
  // A page that opened without a worker is not reloaded when one takes over: only a version
  // change needs the page's code replaced.
  const hadController = container.controller != null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    deps.reload();
  });

  /** A new version that has installed while an old one controls the page takes over at once. */
  const takeOver = (worker: WorkerLike | null) => {
    if (worker?.state === 'installed' && container.controller != null)
      worker.postMessage({ type: SKIP_WAITING });
  };

  const attempt = (n: number) => {
    // updateViaCache 'none': the browser asks the server for /sw.js itself, never its HTTP cache.
    container.register(SW_URL, { scope: '/', updateViaCache: 'none' }).then(
      (registration) => upkeep(registration),
      (err: unknown) => {
        deps.warn('Service worker registration failed', err);
        if (n < REGISTRATION_ATTEMPTS) deps.setTimeout(() => attempt(n + 1), REGISTRATION_RETRY_MS);
      },
    );
  };

  const upkeep = (registration: RegistrationLike) => {
    takeOver(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const incoming = registration.installing;
      incoming?.addEventListener('statechange', () => takeOver(incoming));
    });

    const checkForUpdate = () =>
      registration
        .update()
        .catch((err: unknown) => deps.warn('Service worker update check failed', err));
    deps.setTimeout(() => {
      void checkForUpdate();
      deps.setInterval(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
    }, FIRST_UPDATE_CHECK_MS);
    deps.doc.addEventListener('visibilitychange', () => {
      if (deps.doc.visibilityState === 'visible') void checkForUpdate();
    });

    const checkCacheSize = async () => {
      const worker = registration.active;
      if (!worker) return;
      try {
        const reply = (await deps.ask(worker, { type: GET_CACHE_SIZE })) as CacheSizeReply;
        if (reply.cacheSize > CACHE_WARNING_BYTES)
          deps.warn(
            `Fairshare's offline copy takes ${mb(reply.cacheSize)} MB of its ${mb(CACHE_LIMIT_BYTES)} MB`,
          );
      } catch (err) {
        deps.warn('Could not measure the offline copy', err);
      }
    };
    deps.setTimeout(() => {
      void checkCacheSize();
      deps.setInterval(() => void checkCacheSize(), CACHE_SIZE_CHECK_INTERVAL_MS);
    }, FIRST_CACHE_SIZE_CHECK_MS);
  };

  attempt(1);
}

/** Posts `message` to `worker` with a reply port; rejects if no reply comes within `timeoutMs`. */
export function askWorker(
  worker: WorkerLike,
  message: PageToWorkerMessage,
  timeoutMs = 10_000,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      reject(new Error(`no answer to ${message.type} within ${timeoutMs} ms`));
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Starts the app's worker; loaded after the first paint (main.tsx), so no route waits for it. */
export function startAppServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  startServiceWorker({
    container: navigator.serviceWorker,
    ask: askWorker,
    doc: document,
    reload: () => window.location.reload(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    warn: (...args) => console.warn(...args),
  });
}
