import { describe, expect, it, vi } from 'vitest';
import { deviceCollection, memoryBackend, type KeptEntry } from './device-store';

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
});
