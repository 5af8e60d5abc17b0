import { shellRoutes, type ShellCallName } from '../../../generated/api-shell';
import type { ApiResponse } from '../../../generated/api-types';
import type { ApiResult } from './client';
import { callRoute, type CallArgs } from './call-core';

/**
 * A call the app shell makes on every page (`shell: true` in manifest/api/*.yaml: session, sign-in and
 * out, page views), typed like `call` (typed.ts). It reads only the small generated shell table, so
 * the table of every call stays out of the main script (page-weight bench).
 *
 * @example
 *   const { data } = await shellCall('get_user', {}, { quiet: true, guestAllowed: true });
 */
export function shellCall<N extends ShellCallName>(name: N, ...[input, options]: CallArgs<N>): Promise<ApiResult<ApiResponse<N>>> {
  return callRoute(name, shellRoutes[name], input as Parameters<typeof callRoute>[2], options);
}
