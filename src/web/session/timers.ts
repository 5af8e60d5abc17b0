/**
 * SPEC §4 / §9 timers: the token refresh every 300000 ms only while the user was active within the
 * idle limit, and the idle logout after 60*(30-1) seconds without activity, checked every 60 s.
 */
export const REFRESH_INTERVAL_MS = 300_000;
export const IDLE_LIMIT_MS = 60 * (30 - 1) * 1000;
export const IDLE_CHECK_MS = 60_000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'touchstart', 'scroll'] as const;

export interface SessionTimerHandlers {
  readonly refresh: () => Promise<unknown>;
  readonly idleLogout: () => void;
}

let lastActivity = Date.now();
let refreshTimer: ReturnType<typeof setInterval> | null = null;
let idleTimer: ReturnType<typeof setInterval> | null = null;
const markActive = () => {
  lastActivity = Date.now();
};

/** True when the user did something within the idle limit. */
export function activeRecently(now = Date.now()): boolean {
  return now - lastActivity < IDLE_LIMIT_MS;
}

/** Starts both timers (idempotent) and listens for activity. */
export function startSessionTimers(handlers: SessionTimerHandlers): void {
  stopSessionTimers();
  lastActivity = Date.now();
  for (const event of ACTIVITY_EVENTS) window.addEventListener(event, markActive, { passive: true, capture: true });
  refreshTimer = setInterval(() => {
    if (activeRecently()) handlers.refresh().catch(() => undefined);
  }, REFRESH_INTERVAL_MS);
  idleTimer = setInterval(() => {
    if (!activeRecently()) handlers.idleLogout();
  }, IDLE_CHECK_MS);
}

/** SPEC §4 Logout: timers for refresh and idle cleared. */
export function stopSessionTimers(): void {
  if (refreshTimer) clearInterval(refreshTimer);
  if (idleTimer) clearInterval(idleTimer);
  refreshTimer = idleTimer = null;
  if (typeof window !== 'undefined') for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, markActive, { capture: true });
}
