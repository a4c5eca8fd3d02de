import { History, Home, Plus, Settings } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { splashGone } from '../lib/splash';
import { useReceiptPicker } from './receipt-picker';

export type NavTab = 'home' | 'add' | 'history' | 'settings';

// capture-split-history.md §9: add-button pop 300 ms; the bar pulses once 1.5 s after first display, for 1 s.
// First display is when the splash above it has gone.
const POP_MS = 300;
const PULSE_DELAY_MS = 1500;
const PULSE_MS = 1000;
let pulsedThisPage = false;

const tabClass = (active: boolean) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-2xl text-xs font-medium ${active ? 'text-brand-700' : 'text-muted hover:text-ink'}`;

/** The main screens' tab bar; `active` is left out on a screen that is none of the tabs. */
export function BottomNav({ active }: { active?: NavTab }) {
  const picker = useReceiptPicker();
  const [popping, setPopping] = useState(false);
  const [pulsing, setPulsing] = useState(false);

  useEffect(() => {
    if (pulsedThisPage) return;
    let start: ReturnType<typeof setTimeout> | undefined;
    let stop: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void splashGone().then(() => {
      if (cancelled) return;
      start = setTimeout(() => {
        pulsedThisPage = true;
        setPulsing(true);
      }, PULSE_DELAY_MS);
      stop = setTimeout(() => setPulsing(false), PULSE_DELAY_MS + PULSE_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(start);
      clearTimeout(stop);
    };
  }, []);

  function add() {
    setPopping(true);
    setTimeout(() => setPopping(false), POP_MS);
    picker.open();
  }

  return (
    <nav
      data-toast-anchor
      aria-label="Main"
      data-pulsing={pulsing || undefined}
      className={`fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-md border-t border-line bg-white/95 px-3 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-1 backdrop-blur after:pointer-events-none after:absolute after:inset-0 after:-z-10 after:opacity-0 after:shadow-[0_-6px_18px_rgb(15_118_110/0.25)] after:content-[''] ${pulsing ? 'animate-pulse-once after:animate-glow-once' : ''}`}
    >
      <ul className="flex items-center gap-1">
        <li className="flex flex-1">
          <Link
            href="/"
            aria-current={active === 'home' ? 'page' : undefined}
            className={tabClass(active === 'home')}
          >
            <Home aria-hidden className="size-6" />
            Home
          </Link>
        </li>
        <li className="flex flex-1 justify-center">
          <button
            type="button"
            onClick={add}
            aria-label="Add a receipt"
            data-popping={popping || undefined}
            className={`-mt-6 grid size-16 place-items-center rounded-full bg-brand-700 text-white shadow-lg ring-4 ring-white hover:bg-brand-800 ${popping ? 'animate-pop' : ''}`}
          >
            <Plus aria-hidden className="size-8" />
          </button>
          {picker.input}
        </li>
        <li className="flex flex-1">
          <Link
            href="/history"
            aria-current={active === 'history' ? 'page' : undefined}
            className={tabClass(active === 'history')}
          >
            <History aria-hidden className="size-6" />
            History
          </Link>
        </li>
        <li className="flex flex-1">
          <Link
            href="/settings"
            aria-current={active === 'settings' ? 'page' : undefined}
            className={tabClass(active === 'settings')}
          >
            <Settings aria-hidden className="size-6" />
            Settings
          </Link>
        </li>
      </ul>
    </nav>
  );
}
