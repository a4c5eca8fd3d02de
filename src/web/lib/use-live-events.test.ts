import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_MS, REOPEN_MS, watchLiveEvents } from './use-live-events';

// The live-events watcher against a stand-in EventSource: the browser's own resumes and retries
// are its business; what is tested is when the watchers are told to refetch.

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  message() {
    this.onmessage?.();
  }
  /** A drop the browser retries (CONNECTING), or a refusal it gives up on (CLOSED). */
  fail(state: number) {
    this.readyState = state;
    this.onerror?.();
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchLiveEvents', () => {
  it('shares one stream between watchers and tells them once per burst of events', () => {
    const a = vi.fn();
    const b = vi.fn();
    const stopA = watchLiveEvents('/api/bills/1/events', a);
    const stopB = watchLiveEvents('/api/bills/1/events', b);
    expect(FakeEventSource.made).toHaveLength(1);
    const source = FakeEventSource.made[0]!;
    source.open();
    vi.advanceTimersByTime(200);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 1]);
    source.message();
    source.message();
    source.message();
    vi.advanceTimersByTime(200);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 2]);
    stopA();
    expect(source.closed).toBe(false);
    stopB();
    expect(source.closed).toBe(true);
  });

  it('polls while a dropped stream reconnects, and stops once it is back', () => {
    const told = vi.fn();
    const stop = watchLiveEvents('/api/join/x/events', told);
    const source = FakeEventSource.made[0]!;
    source.open();
    vi.advanceTimersByTime(200);
    told.mockClear();
    source.fail(FakeEventSource.CONNECTING);
    vi.advanceTimersByTime(3 * POLL_MS + 200);
    expect(told).toHaveBeenCalledTimes(3);
    source.open();
    vi.advanceTimersByTime(200);
    told.mockClear();
    vi.advanceTimersByTime(3 * POLL_MS);
    expect(told).not.toHaveBeenCalled();
    stop();
  });

  it('polls when the server refuses the stream, and tries the stream again later', () => {
    const told = vi.fn();
    const stop = watchLiveEvents('/api/pay/y/events', told);
    FakeEventSource.made[0]!.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(2 * POLL_MS + 200);
    expect(told).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(REOPEN_MS);
    expect(FakeEventSource.made).toHaveLength(2);
    FakeEventSource.made[1]!.open();
    vi.advanceTimersByTime(200);
    told.mockClear();
    vi.advanceTimersByTime(3 * POLL_MS);
    expect(told).not.toHaveBeenCalled();
    stop();
    expect(FakeEventSource.made[1]!.closed).toBe(true);
  });

  it('polls where there is no EventSource at all, until nobody watches', () => {
    vi.stubGlobal('EventSource', undefined);
    const told = vi.fn();
    const stop = watchLiveEvents('/api/bills/2/events', told);
    vi.advanceTimersByTime(2 * POLL_MS + 200);
    expect(told).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(3 * POLL_MS);
    expect(told).toHaveBeenCalledTimes(2);
  });
});
