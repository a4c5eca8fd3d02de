import { useEffect, useState, type ReactNode } from 'react';

// DECISIONS.md: once per browser session, visible 2000 ms, then a 500 ms fade (2500 ms in all).
export const SPLASH_VISIBLE_MS = 2000;
export const SPLASH_FADE_MS = 500;
export const SPLASH_SEEN_KEY = 'fairshare.splashShown';

function alreadySeen(): boolean {
  try {
    return sessionStorage.getItem(SPLASH_SEEN_KEY) === '1';
  } catch {
    return true;
  }
}

export function Splash({ children }: { children: ReactNode }) {
  const [phase, setPhase] = useState<'visible' | 'fading' | 'gone'>(() =>
    alreadySeen() ? 'gone' : 'visible',
  );

  useEffect(() => {
    if (phase === 'gone') return;
    try {
      sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
    } catch {
      // private mode: the splash simply shows again next time
    }
    const fade = setTimeout(() => setPhase('fading'), SPLASH_VISIBLE_MS);
    const done = setTimeout(() => setPhase('gone'), SPLASH_VISIBLE_MS + SPLASH_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(done);
    };
    // Run once on mount: the phase changes below must not restart the timers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      {children}
      {phase !== 'gone' && (
        <div
          data-testid="splash"
          aria-hidden
          className={`fixed inset-0 z-[200] flex flex-col items-center justify-center gap-4 bg-brand-700 text-white ${phase === 'fading' ? 'animate-splash-out' : ''}`}
        >
          <img
            src="/icon.svg"
            alt=""
            className="size-20 rounded-3xl shadow-xl ring-4 ring-white/20"
          />
          <p className="text-3xl font-bold tracking-tight">Fairshare</p>
          <p className="text-brand-100">Every penny, fairly shared</p>
        </div>
      )}
    </>
  );
}
