// The splash index.html paints as it arrives (DECISIONS.md: once per browser session, 2000 ms, then
// a 500 ms fade). What is drawn under it is first seen when it has gone: anything timed "after first
// display" (the bottom navigation's pulse) counts from then.

let gone: Promise<void> | undefined;

/** Removes the splash once its animations have finished (at once when there are none), and
 * resolves then. The same promise on every call; resolved at once on a page without a splash. */
export function splashGone(): Promise<void> {
  gone ??= new Promise<void>((resolve) => {
    const splash = typeof document === 'undefined' ? null : document.getElementById('splash');
    if (!splash) return resolve();
    const remove = () => {
      splash.remove();
      resolve();
    };
    const running = splash.getAnimations?.() ?? [];
    if (running.length === 0) remove();
    else void Promise.all(running.map((a) => a.finished)).then(remove, remove);
  });
  return gone;
}
