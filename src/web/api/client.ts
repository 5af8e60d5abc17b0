import { decodeReplyData } from '../../shared/envelope';
import { ApiError, messageOf } from './errors';
import { ERROR_TOAST_MS, emitToast } from './toast-bus';
import type { RawResponse } from './raw-call';
import { refreshGeneration, refreshSession, sessionHooks } from './refresh';

/** A decoded API answer: SPEC §7 success, message and (decoded) data. */
export interface ApiResult<T> {
  readonly success: boolean;
  readonly message: string | null;
  readonly data: T;
}

export interface CallOptions {
  /** No error toast (the caller shows its own message). */
  readonly quiet?: boolean;
  /** No refresh-and-retry on 401 (used by the sign-in calls themselves). */
  readonly noRefresh?: boolean;
  /**
   * A failed refresh only rejects (no session-expired flow): loading the current user, where a
   * visitor without a session is simply a guest.
   */
  readonly guestAllowed?: boolean;
}

/**
 * One call's exchange (made again after a refresh) turned into a result: SPEC §4's 401 handling,
 * SPEC §8's error toast, SPEC §7's decoded data. Used by every call (call-core.ts).
 */
export async function settle<T>(exchange: () => Promise<RawResponse>, options: CallOptions = {}): Promise<ApiResult<T>> {
  const sentUnder = refreshGeneration();
  let response = await exchange();
  if (response.status === 401 && !options.noRefresh) {
    try {
      await refreshSession(sentUnder);
    } catch (error) {
      if (!options.guestAllowed) await sessionHooks.onRefreshFailed(error as ApiError);
      throw error;
    }
    response = await exchange();
  }
  const body = (response.body ?? {}) as Record<string, unknown>;
  if (response.status >= 400 || body.success === false) {
    const error = new ApiError(response.status, messageOf(body), body);
    if (!options.quiet) emitToast({ message: error.message, coded: error.coded, variant: 'error', duration: ERROR_TOAST_MS });
    throw error;
  }
  return {
    success: body.success !== false,
    message: typeof body.message === 'string' ? body.message : null,
    data: decodeReplyData(body.data) as T,
  };
}
