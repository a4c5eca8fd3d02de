import { afterEach, describe, expect, it } from 'vitest';
import { clearFetched, prefetch, refetchFetched, watchFetched } from './use-fetched';

/** A fetcher whose answers the test hands out one at a time. */
function controlled<T>() {
  const calls: { resolve: (value: T) => void; reject: (err: Error) => void }[] = [];
  const fetcher = () =>
    new Promise<T>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { fetcher, calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(clearFetched);

describe('use-fetched', () => {
  it('asks once for a key however many watch it, and keeps the answer', async () => {
    const { fetcher, calls } = controlled<number>();
    prefetch('k', fetcher);
    const a = watchFetched('k', fetcher, () => undefined);
    const b = watchFetched('k', fetcher, () => undefined);
    expect(calls).toHaveLength(1);
    expect(a.snapshot()).toMatchObject({ status: 'pending', isFetching: true });
    calls[0]!.resolve(7);
    await settle();
    expect(b.snapshot()).toMatchObject({ status: 'success', data: 7, isFetching: false });
    a.stop();
    b.stop();
  });

  it("takes the page's early answer for its first screen, and asks again for a later one", async () => {
    const { fetcher, calls } = controlled<number>();
    prefetch('k', fetcher);
    calls[0]!.resolve(1);
    await settle();
    const first = watchFetched('k', fetcher, () => undefined);
    expect(calls).toHaveLength(1);
    expect(first.snapshot()).toMatchObject({ status: 'success', data: 1 });
    first.stop();
    const later = watchFetched('k', fetcher, () => undefined);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(2);
    await settle();
    expect(later.snapshot().data).toBe(2);
    later.stop();
  });

  it('asks again on the first screen when the early read failed', async () => {
    const { fetcher, calls } = controlled<number>();
    prefetch('k', fetcher);
    calls[0]!.reject(new Error('503: busy'));
    await settle();
    const w = watchFetched('k', fetcher, () => undefined);
    expect(calls).toHaveLength(2);
    w.stop();
  });

  it('asks again after a fetch under way when a change is announced during it', async () => {
    const { fetcher, calls } = controlled<number>();
    let heard = 0;
    const w = watchFetched('k', fetcher, () => heard++);
    const done = refetchFetched('k');
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(1);
    await done;
    await settle();
    // The first answer may predate the change: a second fetch follows it.
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(2);
    await settle();
    expect(w.snapshot().data).toBe(2);
    expect(heard).toBeGreaterThanOrEqual(4);
    w.stop();
  });

  it('keeps the last answer beside an error, and asks nothing for a key nobody watches', async () => {
    const { fetcher, calls } = controlled<string>();
    const w = watchFetched('k', fetcher, () => undefined);
    calls[0]!.resolve('first');
    await settle();
    const again = refetchFetched('k');
    calls[1]!.reject(new Error('500: boom'));
    await again;
    expect(w.snapshot()).toMatchObject({ status: 'error', data: 'first' });
    expect(w.snapshot().error?.message).toBe('500: boom');
    w.stop();
    await refetchFetched('k');
    expect(calls).toHaveLength(2);
  });
});
