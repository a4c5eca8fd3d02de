/**
 * Runs tasks with the same key one after another, in the order they came (in this process); tasks
 * with other keys run alongside. A bill's picking transactions wait for its row lock anyway: queued
 * here instead, a burst for one bill holds one pooled connection, not every one (30 picks at once
 * took the pool's 10, and the last waited past its 4 s time-out: 503).
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<void>>();
  return function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
