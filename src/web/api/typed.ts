import type { ApiCallName } from '../../../generated/api';
import { apiRoutes, type ApiResponse } from '../../../generated/api-types';
import type { ApiResult, CallOptions } from './client';
import { callRoute, routePath, type CallArgs } from './call-core';
import { READER_ZONE_CALLS } from '../../shared/dashboards/reader-zone-calls';

/** The reader's time zone, sent with each dashboard call whose period is days of it (reader-zone-calls.ts). */
export function withReaderZone(name: ApiCallName, query: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!READER_ZONE_CALLS.has(name)) return query;
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz ? { ...query, tz } : query;
}

export type { CallInput } from './call-core';

/** The path of a call with its `:name` segments filled in, each encoded as one segment. */
export function callPath(name: ApiCallName, params: Readonly<Record<string, string | number>> = {}): string {
  return routePath(name, apiRoutes[name], params);
}

/**
 * A SPEC §7 call by its manifest name: method and path from the generated table, path parameters
 * filled and encoded, the query as text, the body in the envelope with the CSRF header, and the
 * result decoded (one refresh-and-retry on 401, the error toast unless `quiet`). Imported by pages
 * only, so the table of every call rides in their chunks, not in every page's main script.
 *
 * @example
 *   const { data } = await call('get_client_region', { params: { clientId: 3 } });
 */
export function call<N extends ApiCallName>(name: N, ...[input, options]: CallArgs<N>): Promise<ApiResult<ApiResponse<N>>> {
  // Plain fetch, as the shell's calls (call-core.ts): a fetch wrapper would add about 3.5 kB gzipped to every signed-in page.
  const given = (input ?? {}) as NonNullable<Parameters<typeof callRoute>[2]>;
  return callRoute(name, apiRoutes[name], { ...given, query: withReaderZone(name, given.query) }, options);
}

/**
 * A call whose name is data (a manifest grid's list, export or filter source: generated/grids.ts),
 * so its input cannot be typed per call; the server checks params and query against the manifest.
 */
export const callByName = call as (
  name: ApiCallName,
  input?: { params?: Record<string, string | number>; query?: Record<string, string> },
  options?: CallOptions,
) => Promise<ApiResult<unknown>>;
