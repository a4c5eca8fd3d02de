import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_SIZE_CHECK_INTERVAL_MS,
  CACHE_WARNING_BYTES,
  FIRST_CACHE_SIZE_CHECK_MS,
  FIRST_UPDATE_CHECK_MS,
  GET_CACHE_SIZE,
  REGISTRATION_ATTEMPTS,
  REGISTRATION_RETRY_MS,
  SKIP_WAITING,
  UPDATE_CHECK_INTERVAL_MS,
} from './constants';
import { startServiceWorker, type RegistrationLike, type WorkerLike } from './register';

class FakeWorker implements WorkerLike {
  messages: unknown[] = [];
  private listeners: (() => void)[] = [];
  constructor(public state: string) {}
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.push(listener);
  }
  become(state: string) {
    this.state = state;
    this.listeners.forEach((l) => l());
  }
}

class FakeRegistration implements RegistrationLike {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = new FakeWorker('activated');
  updates = 0;
  updateFails = false;
  private onUpdateFound: (() => void)[] = [];
  update() {
    this.updates++;
    return this.updateFails ? Promise.reject(new Error('offline')) : Promise.resolve();
  }
  addEventListener(_type: 'updatefound', listener: () => void) {
    this.onUpdateFound.push(listener);
  }
  findUpdate(worker: FakeWorker) {
    this.installing = worker;
    this.onUpdateFound.forEach((l) => l());
  }
}

function setup({
  controlled = true,
  registerFailures = 0,
  cacheSize = 1024,
}: { controlled?: boolean; registerFailures?: number; cacheSize?: number } = {}) {
  vi.useFakeTimers();
  const registration = new FakeRegistration();
  const controllerChange: (() => void)[] = [];
  const visibility: (() => void)[] = [];
  const doc = {
    visibilityState: 'visible',
    addEventListener: (_: string, l: () => void) => visibility.push(l),
  };
  let failuresLeft = registerFailures;
  const registerCalls: [string, RegistrationOptions][] = [];
  const deps = {
    container: {
      controller: controlled ? {} : null,
      register: (url: string, options: RegistrationOptions) => {
        registerCalls.push([url, options]);
        if (failuresLeft-- > 0) return Promise.reject(new Error('sw.js answered 500'));
        return Promise.resolve(registration);
      },
      addEventListener: (_: string, l: () => void) => controllerChange.push(l),
    },
    ask: vi.fn(async (_worker: WorkerLike, message: { type: string }) =>
      message.type === GET_CACHE_SIZE ? { cacheSize } : undefined,
    ),
    doc,
    reload: vi.fn(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    warn: vi.fn(),
  };
  startServiceWorker(deps);
  return { deps, registration, registerCalls, controllerChange, visibility, doc };
}

describe('startServiceWorker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('registers /sw.js for the whole site, bypassing the HTTP cache', async () => {
    const { registerCalls } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(registerCalls).toEqual([['/sw.js', { scope: '/', updateViaCache: 'none' }]]);
  });

  it('tells a new version that installed under an old one to skip waiting, and reloads once', async () => {
    const { deps, registration, controllerChange } = setup();
    await vi.advanceTimersByTimeAsync(0);
    const incoming = new FakeWorker('installing');
    registration.findUpdate(incoming);
    expect(incoming.messages).toEqual([]);
    incoming.become('installed');
    expect(incoming.messages).toEqual([{ type: SKIP_WAITING }]);
    controllerChange.forEach((l) => l());
    controllerChange.forEach((l) => l());
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('also hands over to a version already waiting when the page starts', async () => {
    vi.useFakeTimers();
    const waiting = new FakeWorker('installed');
    const registration = new FakeRegistration();
    registration.waiting = waiting;
    startServiceWorker({
      container: {
        controller: {},
        register: () => Promise.resolve(registration),
        addEventListener: () => {},
      },
      ask: async () => ({ cacheSize: 0 }),
      doc: { visibilityState: 'visible', addEventListener: () => {} },
      reload: () => {},
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      setInterval: (fn, ms) => setInterval(fn, ms),
      warn: () => {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.messages).toEqual([{ type: SKIP_WAITING }]);
  });

  it('neither hurries nor reloads a page that had no worker (the first visit)', async () => {
    const { deps, registration, controllerChange } = setup({ controlled: false });
    await vi.advanceTimersByTimeAsync(0);
    const first = new FakeWorker('installing');
    registration.findUpdate(first);
    first.become('installed');
    expect(first.messages).toEqual([]);
    controllerChange.forEach((l) => l());
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('looks for updates after 10 s, every 30 minutes, and when the tab shows; failures only logged', async () => {
    const { deps, registration, visibility, doc } = setup();
    await vi.advanceTimersByTimeAsync(FIRST_UPDATE_CHECK_MS - 1);
    expect(registration.updates).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.updates).toBe(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.updates).toBe(2);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(registration.updates).toBe(3);

    doc.visibilityState = 'hidden';
    visibility.forEach((l) => l());
    expect(registration.updates).toBe(3);
    doc.visibilityState = 'visible';
    registration.updateFails = true;
    visibility.forEach((l) => l());
    expect(registration.updates).toBe(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.warn).toHaveBeenCalledWith('Service worker update check failed', expect.any(Error));
  });

  it('measures the caches after 5 s and every 5 minutes, quiet below 45 MB', async () => {
    const { deps } = setup({ cacheSize: CACHE_WARNING_BYTES });
    await vi.advanceTimersByTimeAsync(FIRST_CACHE_SIZE_CHECK_MS - 1);
    expect(deps.ask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.ask).toHaveBeenCalledTimes(1);
    expect(deps.ask.mock.calls[0]![1]).toEqual({ type: GET_CACHE_SIZE });
    await vi.advanceTimersByTimeAsync(CACHE_SIZE_CHECK_INTERVAL_MS);
    expect(deps.ask).toHaveBeenCalledTimes(2);
    expect(deps.warn).not.toHaveBeenCalled();
  });

  it('warns when the caches hold more than 45 MB of their 50 MB', async () => {
    const { deps } = setup({ cacheSize: CACHE_WARNING_BYTES + 1 });
    await vi.advanceTimersByTimeAsync(FIRST_CACHE_SIZE_CHECK_MS);
    expect(deps.warn).toHaveBeenCalledWith("Fairshare's offline copy takes 45.0 MB of its 50.0 MB");
  });

  it('tries a failed registration again after 5 s, a few times', async () => {
    const { registerCalls, deps } = setup({ registerFailures: 10 });
    await vi.advanceTimersByTimeAsync(0);
    expect(registerCalls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REGISTRATION_RETRY_MS - 1);
    expect(registerCalls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(registerCalls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(REGISTRATION_RETRY_MS * 20);
    expect(registerCalls).toHaveLength(REGISTRATION_ATTEMPTS);
    expect(deps.warn).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });

  it('starts its upkeep once a retried registration succeeds', async () => {
    const { registerCalls, registration } = setup({ registerFailures: 1 });
    await vi.advanceTimersByTimeAsync(REGISTRATION_RETRY_MS);
    expect(registerCalls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(FIRST_UPDATE_CHECK_MS);
    expect(registration.updates).toBe(1);
  });
});
