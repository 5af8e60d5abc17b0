import { ApiError, messageOf } from './errors';
import { shellRoutes } from '../../../generated/api-shell';
import { rawCall } from './raw-call';

/** What the session layer does when a refresh fails (set by the session store; no import cycle). */
export const sessionHooks: { onRefreshFailed: (error: ApiError) => Promise<void> } = {
  onRefreshFailed: async () => undefined,
};

let inFlight: Promise<void> | null = null;

async function refreshOnce(): Promise<void> {
  const { status, body } = await rawCall(...shellRoutes.refresh_token);
  // 409: another tab rotated the shared cookie a moment ago; the retry carries the new one.
  if (status === 200 || status === 409) return;
  throw new ApiError(status, messageOf(body), body);
}

/**
 * SPEC §4: concurrent failing requests wait for the same single refresh. Resolves when the session
 * cookies are fresh; rejects with ApiError ('Refresh token missing' / 'Invalid refresh token').
 */
export function refreshSession(): Promise<void> {
  inFlight ??= refreshOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
