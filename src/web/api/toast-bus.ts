import type { CodedMessage } from '../../shared/server-messages';

/**
 * A tiny event bus between the API client and the shell's notistack provider, so non-React code
 * (the API client, timers) can show SPEC §8 toasts.
 *
 * @example
 *   emitToast({ message: 'Saved', variant: 'success', duration: SUCCESS_TOAST_MS });
 */
export interface Toast {
  readonly message: string;
  /** The message by code and parameters (an API refusal), worded in the reader's language when shown. */
  readonly coded?: CodedMessage | null;
  readonly variant: 'success' | 'error' | 'info';
  readonly duration: number;
}

/** SPEC §9 toast durations. */
export const SUCCESS_TOAST_MS = 2000;
export const ERROR_TOAST_MS = 5000;

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
/** Toasts raised before the toaster has loaded (it is a lazy chunk), shown as soon as it subscribes. */
const pending: Toast[] = [];
const firstToastWaiters = new Set<() => void>();

export function emitToast(toast: Toast): void {
  if (listeners.size === 0) {
    pending.push(toast);
    for (const waiter of firstToastWaiters) waiter();
    return;
  }
  for (const listener of listeners) listener(toast);
}

/** Subscribes to toasts (receiving any that were waiting); returns the unsubscribe function. */
export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  for (const toast of pending.splice(0)) listener(toast);
  return () => listeners.delete(listener);
}

/** Calls `waiter` when a toast is raised while nobody listens (the shell then loads its toaster). */
export function onUnheardToast(waiter: () => void): () => void {
  firstToastWaiters.add(waiter);
  return () => firstToastWaiters.delete(waiter);
}
