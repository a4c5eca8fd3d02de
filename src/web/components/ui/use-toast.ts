import { useSyncExternalStore } from 'react';

// One toast at a time (spec §9): a new toast replaces the one showing.
export const TOAST_DURATION_MS = 5000;

export interface ToastData {
  id: number;
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive' | 'success';
  open: boolean;
}

let current: ToastData | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<ToastData, 'id' | 'open'>): number {
  current = { ...input, id: nextId++, open: true };
  emit();
  return current.id;
}

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
