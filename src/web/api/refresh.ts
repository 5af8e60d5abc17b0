import { ApiError, messageOf } from './errors';
import { shellRoutes } from '../../../generated/api-shell';
import { rawCall } from './raw-call';

/** What the session layer does when a refresh fails (set by the session store; no import cycle). */
export const sessionHooks: { onRefreshFailed: (error: ApiError) => Promise<void> } = {
  onRefreshFailed: async () => undefined,
};

let inFlight: Promise<void> | null = null;
/** How many refreshes have succeeded in this page: a call remembers the count it was sent under. */
let generation = 0;

/** The refresh count now; pass it to refreshSession for a call sent now. */
export const refreshGeneration = (): number => generation;

async function refreshOnce(): Promise<void> {
  const { status, body } = await rawCall(...shellRoutes.refresh_token);
  // 409: another tab rotated the shared cookie a moment ago; the retry carries the new one.
  if (status === 200 || status === 409) {
    generation += 1;
    return;
  }
  throw new ApiError(status, messageOf(body), body);
}

/**
 * SPEC §4: concurrent failing requests wait for the same single refresh. Resolves when the session
 * cookies are fresh; rejects with ApiError ('Refresh token missing' / 'Invalid refresh token').
 * `sentUnder`: the refresh count when the failed call was sent. A call whose 401 arrives after a
 * refresh that began since it was sent has finished (a slow answer among several sent at once)
 * needs no refresh of its own: it is sent again with the fresh cookies.
 */
export function refreshSession(sentUnder?: number): Promise<void> {
  if (sentUnder !== undefined && sentUnder !== generation && !inFlight) return Promise.resolve();
  inFlight ??= refreshOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
