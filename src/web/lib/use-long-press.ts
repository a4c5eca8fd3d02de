import {
  useCallback,
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';

/** Spec §9: a long-press is about 400 ms, confirmed by a 50 ms vibration. */
export const LONG_PRESS_MS = 400;
export const LONG_PRESS_VIBRATION_MS = 50;

/**
 * Press-and-hold on an element that also has a plain click. Spread `handlers` on the element and
 * start its onClick with `if (consumeLongPress()) return;`: the click that follows the release of
 * a long press must not also do the short-press action.
 *
 * Keyboard and mouse users get the same action: Shift+Enter, and the browser's context menu request
 * (right click, the Menu key, Shift+F10), count as a long press. Handling the context menu also
 * stops a phone's own menu from popping up over ours when a touch is held past the system delay.
 */
export function useLongPress(onLongPress: () => void, ms: number = LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  });

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => cancel, [cancel]);

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      // A previous long press whose click never arrived (released over the dialog) is forgotten here.
      fired.current = false;
      if (event.button !== 0) return;
      cancel();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        fired.current = true;
        navigator.vibrate?.(LONG_PRESS_VIBRATION_MS);
        callback.current();
      }, ms);
    },
    [cancel, ms],
  );

  const onContextMenu = useCallback(
    (event: MouseEvent) => {
      event.preventDefault();
      cancel();
      // On touch the system menu delay is longer than ours: the dialog is already open.
      if (fired.current) return;
      fired.current = true;
      callback.current();
    },
    [cancel],
  );

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    fired.current = false;
    if (event.key === 'Enter' && event.shiftKey) {
      // Enter on a button clicks it on keydown; preventing that keeps the toggle out of it.
      event.preventDefault();
      callback.current();
    }
  }, []);

  const consumeLongPress = useCallback(() => {
    const wasLongPress = fired.current;
    fired.current = false;
    return wasLongPress;
  }, []);

  return {
    handlers: {
      onPointerDown,
      onPointerUp: cancel,
      onPointerLeave: cancel,
      onPointerCancel: cancel,
      onContextMenu,
      onKeyDown,
    },
    consumeLongPress,
  };
}
