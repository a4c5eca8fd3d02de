// Where a toast stands on a phone (issue 54): never over a heading or a control. Two places are
// tried: just above the screen's bottom bar (the tab bar, or a screen's sticky actions), then just
// below the header. The first that covers nothing wins; when both would, the place above the bottom
// bar is kept, where it covers the least of what the user came to the screen for.

const GAP = 8;
const HEADER_HEIGHT = 64;
const CONTROLS =
  'h1, h2, h3, button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="switch"]';

export type ToastPlace = { bottom: number } | { top: number };

interface Box {
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.top < b.bottom && b.top < a.bottom;

/**
 * The tops of the bars fixed or stuck to the bottom of the screen that are showing now ([] when
 * none), counting what stands out above a bar (the tab bar's raised + button).
 */
function bottomBars(): number[] {
  const height = window.innerHeight;
  return [...document.querySelectorAll<HTMLElement>('[data-bottom-bar]')]
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.bottom >= height - 2 && r.top < height;
    })
    .map((el) =>
      Math.min(
        el.getBoundingClientRect().top,
        ...[...el.querySelectorAll('button, a')].map((c) => c.getBoundingClientRect().top),
      ),
    );
}

/** The header's bottom edge when one is on screen at the top, else the usual header height. */
function headerBottom(): number {
  const header = document.querySelector('header');
  const r = header?.getBoundingClientRect();
  return r && r.height > 0 && r.top <= 1 ? Math.max(r.bottom, 0) : HEADER_HEIGHT;
}

/** What a toast must not hide: headings and controls showing, in the open dialog if there is one. */
function guarded(toastRoot: Element | null): Box[] {
  const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  const scope: ParentNode = dialogs.length > 0 ? dialogs[dialogs.length - 1]! : document;
  return [...scope.querySelectorAll(CONTROLS)]
    .filter((el) => !toastRoot?.contains(el) && !el.closest('[data-bottom-bar]'))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
}

/** Picks where a toast of `height` px stands; `toastRoot` is its own region, left out of the check. */
export function placeToast(height: number, toastRoot: Element | null): ToastPlace {
  const bars = bottomBars();
  const barTop = bars.length > 0 ? Math.min(...bars) : window.innerHeight;
  const above: Box = { top: barTop - GAP - height, bottom: barTop - GAP };
  const belowTop = headerBottom() + GAP;
  const below: Box = { top: belowTop, bottom: belowTop + height };
  const keep = guarded(toastRoot);
  const clear = (box: Box) => box.top >= 0 && !keep.some((r) => overlaps(box, r));
  if (clear(above)) return { bottom: window.innerHeight - above.bottom };
  if (clear(below)) return { top: below.top };
  return { bottom: window.innerHeight - above.bottom };
}
