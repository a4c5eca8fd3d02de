import { describe, expect, it, vi } from 'vitest';
import {
  deviceCollection,
  memoryBackend,
  type KeptEntry,
  type KeyValueBackend,
} from './device-store';

interface Note extends KeptEntry {
  text: string;
}
const isNote = (v: unknown): v is Note =>
  typeof v === 'object' && v !== null && typeof (v as Note).text === 'string';

describe('deviceCollection', () => {
  it("lists one user's entries of its own kind, oldest first", async () => {
    const backend = memoryBackend();
    const notes = deviceCollection<Note>('note', isNote, backend);
    const others = deviceCollection<Note>('other', isNote, backend);
    await notes.put({ id: 'b', userId: 'u1', createdAt: 20, text: 'second' });
    await notes.put({ id: 'a', userId: 'u1', createdAt: 10, text: 'first' });
    await notes.put({ id: 'c', userId: 'u2', createdAt: 5, text: "someone else's" });
    await others.put({ id: 'd', userId: 'u1', createdAt: 1, text: 'another kind' });
    await backend.set('note:junk', { nonsense: true });
    expect((await notes.list('u1')).map((n) => n.text)).toEqual(['first', 'second']);
    expect((await notes.list('u2')).map((n) => n.text)).toEqual(["someone else's"]);

    await notes.remove('a');
    expect((await notes.list('u1')).map((n) => n.id)).toEqual(['b']);
  });

  it('tells its subscribers about every change', async () => {
    const notes = deviceCollection<Note>('note', isNote, memoryBackend());
    const listener = vi.fn();
    const stop = notes.subscribe(listener);
    await notes.put({ id: 'a', userId: 'u1', createdAt: 1, text: 'x' });
    await notes.remove('a');
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    await notes.put({ id: 'b', userId: 'u1', createdAt: 2, text: 'y' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("shares one reading of a user's entries among its watchers, kept current", async () => {
    const backend = memoryBackend();
    const reads = vi.spyOn(backend, 'entries');
    const notes = deviceCollection<Note>('note', isNote, backend);
    await notes.put({ id: 'a', userId: 'u1', createdAt: 1, text: 'first' });
    const view = notes.view('u1');
    expect(notes.view('u1')).toBe(view);
    const [home, host] = [vi.fn(), vi.fn()];
    const stops = [view.subscribe(home), view.subscribe(host)];
    expect(view.get()).toBeNull();
    await vi.waitFor(() => expect(view.get()?.map((n) => n.text)).toEqual(['first']));
    expect(reads).toHaveBeenCalledTimes(1);
    expect([home, host].map((watcher) => watcher.mock.calls.length)).toEqual([1, 1]);
    // The same array until something changes (what useSyncExternalStore needs).
    expect(view.get()).toBe(view.get());

    await notes.put({ id: 'b', userId: 'u1', createdAt: 2, text: 'second' });
    await vi.waitFor(() => expect(view.get()?.map((n) => n.text)).toEqual(['first', 'second']));
    expect(reads).toHaveBeenCalledTimes(2);
    // Back online after a reading that worked: nothing to read again.
    view.refresh();
    expect(reads).toHaveBeenCalledTimes(2);

    // Nobody watching: changes are no longer read, and the next watcher waits for a fresh reading.
    stops.forEach((stop) => stop());
    await notes.remove('a');
    expect(reads).toHaveBeenCalledTimes(2);
    const stop = view.subscribe(() => {});
    expect(view.get()).toBeNull();
    await vi.waitFor(() => expect(view.get()?.map((n) => n.text)).toEqual(['second']));
    stop();
  });

  it('reads again back online after a reading that failed showed nothing', async () => {
    const backend = memoryBackend();
    let failing = true;
    const flaky: KeyValueBackend = {
      ...backend,
      entries: () => (failing ? Promise.reject(new Error('storage busy')) : backend.entries()),
    };
    const notes = deviceCollection<Note>('note', isNote, flaky);
    await backend.set('note:a', { id: 'a', userId: 'u1', createdAt: 1, text: 'kept' });
    const view = notes.view('u1');
    const stop = view.subscribe(() => {});
    await vi.waitFor(() => expect(view.get()).toEqual([]));
    failing = false;
    view.refresh();
    await vi.waitFor(() => expect(view.get()?.map((n) => n.text)).toEqual(['kept']));
    stop();
  });
});
