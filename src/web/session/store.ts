import { create } from 'zustand';
import { shellCall } from '../api/shell-call';
import { primeCsrfCookie } from '../api/raw-call';
import { ApiError, REFRESH_FAILED, SESSION_EXPIRED } from '../api/errors';
import { refreshSession, sessionHooks } from '../api/refresh';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS, emitToast } from '../api/toast-bus';
import { navigateTo } from './navigation';
import {
  clearAllStorage,
  clearSessionKeys,
  markGuest,
  mayHaveSession,
  readLoginType,
  rememberSignIn,
  saveCompanyInformation,
} from './storage';
import { startSessionTimers, stopSessionTimers } from './timers';
import type { SessionStore } from './types';

/** SPEC §9: redirect delay after session expiry. */
export const EXPIRED_REDIRECT_MS = 500;
const GUEST = { status: 'guest', user: null, client: null, seats: null } as const;

/**
 * The session store (SPEC §4 "Session"). Components read it with `useSession(selector)`.
 *
 * @example
 *   const user = useSession((s) => s.user);
 */
export const useSession = create<SessionStore>()((set, get) => ({
  status: 'loading',
  user: null,
  client: null,
  seats: null,
  busy: false,

  async load() {
    // A visitor without a session hint is a guest: no get-user call, no refresh, no 401 (storage.ts).
    if (!mayHaveSession()) {
      void primeCsrfCookie().catch(() => undefined);
      stopSessionTimers();
      markGuest(true);
      set(GUEST);
      return;
    }
    try {
      const { data } = await shellCall('get_user', {}, { quiet: true, guestAllowed: true });
      const { user, client, seats } = data.data;
      set({ status: 'authenticated', user, client, seats });
      saveCompanyInformation(client);
      markGuest(false);
      startSessionTimers({ refresh: refreshSession, idleLogout: () => get().expire(SESSION_EXPIRED) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) clearAllStorage();
      stopSessionTimers();
      markGuest(true);
      set(GUEST);
    }
  },

  async login(credentials) {
    await shellCall('login', { body: credentials }, { quiet: true, noRefresh: true });
    rememberSignIn('password');
    await get().load();
    if (get().status !== 'authenticated') throw new ApiError(401, 'Sign-in did not start a session. Please try again.');
  },

  async logout() {
    set({ busy: true });
    stopSessionTimers();
    const loginType = readLoginType();
    try {
      const { message } = await shellCall('logout', {}, { noRefresh: true });
      emitToast({ message: message || 'Logged out successfully', variant: 'success', duration: SUCCESS_TOAST_MS });
    } catch {
      // SPEC §8 "Logout failure": the loader stops and the error (already toasted) stays visible.
      set({ busy: false });
      return;
    }
    clearSessionKeys();
    markGuest(true);
    set({ ...GUEST, busy: false });
    // After the guards have reacted to the signed-out state, so the SPEC §4 destination wins.
    setTimeout(() => navigateTo(loginType === '1' ? '/' : '/user/login'), 0);
  },

  expire(message) {
    stopSessionTimers();
    // End the server session as well; a failure here changes nothing for the user.
    shellCall('logout', {}, { quiet: true, noRefresh: true }).catch(() => undefined);
    emitToast({ message, variant: 'error', duration: ERROR_TOAST_MS });
    clearSessionKeys();
    markGuest(true);
    set(GUEST);
    setTimeout(() => navigateTo('/user/login'), EXPIRED_REDIRECT_MS);
  },

  setSession(next) {
    set(next);
    if (next.client) saveCompanyInformation(next.client);
  },
}));

// SPEC §4 / §8: a failed refresh shows its message for 5 s, logs the user out and goes to login.
sessionHooks.onRefreshFailed = async () => {
  useSession.getState().expire(REFRESH_FAILED);
};
