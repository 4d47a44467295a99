import { useSyncExternalStore } from 'react';

export interface ConfirmOptions {
  /** Defaults to 'Sind Sie sicher?'. */
  title?: string;
  description?: string;
  /** Defaults to 'Bestätigen'. */
  confirmLabel?: string;
  /** Defaults to 'Abbrechen'. */
  cancelLabel?: string;
  /** Shows the confirm button in red (for deleting). */
  destructive?: boolean;
}

export interface PendingConfirm extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

let pending: PendingConfirm | null = null;
const listeners = new Set<() => void>();

function setPending(next: PendingConfirm | null) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Asks the user to confirm; resolves true on confirm, false on cancel, Escape or a newer request. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => setPending({ ...options, resolve }));
}

/** `const confirm = useConfirm(); if (await confirm({ destructive: true, confirmLabel: 'Löschen' })) …` */
export function useConfirm(): typeof confirm {
  return confirm;
}

export function settle(confirmed: boolean) {
  pending?.resolve(confirmed);
  setPending(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The open confirm request, or null. */
export function usePendingConfirm(): PendingConfirm | null {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
}
