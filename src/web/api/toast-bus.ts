/**
 * A tiny event bus between the API client and the shell's notistack provider, so non-React code
 * (the API client, timers) can show SPEC §8 toasts.
 *
 * @example
 *   emitToast({ message: 'Saved', variant: 'success', duration: SUCCESS_TOAST_MS });
 */
export interface Toast {
  readonly message: string;
  readonly variant: 'success' | 'error' | 'info';
  readonly duration: number;
}

/** SPEC §9 toast durations. */
export const SUCCESS_TOAST_MS = 2000;
export const ERROR_TOAST_MS = 5000;

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

export function emitToast(toast: Toast): void {
  for (const listener of listeners) listener(toast);
}

/** Subscribes to toasts; returns the unsubscribe function. */
export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
