import { useSyncExternalStore } from 'react';

// One toast at a time (spec §9): a new toast replaces the one showing.
export const TOAST_DURATION_MS = 5000;

export interface ToastData {
  id: number;
  /** When it was shown (ms since the epoch): a toast raised as the screen changes is for the next one. */
  shownAt: number;
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive' | 'success';
  open: boolean;
}

let current: ToastData | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<ToastData, 'id' | 'open' | 'shownAt'>): number {
  current = { ...input, id: nextId++, open: true, shownAt: Date.now() };
  emit();
  return current.id;
}

/**
 * A toast the user has had time to see stays with its screen: moving to another closes it. One
 * raised just as the screen changes (saved, then taken to the bill) is about the screen that follows.
 */
export const TOAST_SCREEN_GRACE_MS = 1000;

/**
 * What a screen fixes to its bottom (the tab bar, an action bar) carries this attribute, and the
 * toast stands just above it.
 */
export const TOAST_ANCHOR = 'data-toast-anchor';

export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = { ...current, open: false };
  emit();
}

export function useToastState(): ToastData | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

/** Whether any toast has been asked for yet (the toast region loads then, not with the page). */
export function useToastRequested(): boolean {
  return useToastState() !== null;
}
