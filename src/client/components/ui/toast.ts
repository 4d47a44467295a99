import { useSyncExternalStore } from 'react';
import { NEXT_PAGE_KEY } from './nextPageToast';

// Spec §9 interface constants.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; defaults to 5000. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
const NO_ITEMS: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, hooks, mutation callbacks). A new toast replaces the old one. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  update([{ ...options, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function dismiss(id: number) {
  update(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
}

export function remove(id: number) {
  update(items.filter((item) => item.id !== id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts currently in the store (at most TOAST_LIMIT). */
export function useToastItems(): readonly ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    // The prerendered landing page has no toast; one shown before hydration follows right after it.
    () => NO_ITEMS,
  );
}

/** A toast for the page the browser loads next (leaving the SPA for the landing page or back). */
export function toastOnNextPage(options: ToastOptions) {
  try {
    window.sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(options));
  } catch {
    // Without storage the message is lost; the page change itself still happens.
  }
}

/** Shows the toast the previous page left for this one (called once when a page starts). */
export function showToastFromLastPage() {
  try {
    const stored = window.sessionStorage.getItem(NEXT_PAGE_KEY);
    if (!stored) return;
    window.sessionStorage.removeItem(NEXT_PAGE_KEY);
    const { title, description, variant } = JSON.parse(stored) as Partial<
      Record<keyof ToastOptions, unknown>
    >;
    if (typeof title !== 'string') return;
    toast({
      title,
      description: typeof description === 'string' ? description : undefined,
      variant: variant === 'destructive' ? 'destructive' : 'default',
    });
  } catch {
    // Blocked storage or a damaged entry: no toast.
  }
}
