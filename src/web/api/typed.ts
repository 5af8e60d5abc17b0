import { ofetch } from 'ofetch';
import type { ApiCallName } from '../../../generated/api';
import { apiRoutes, type ApiResponse } from '../../../generated/api-types';
import { settle, type ApiResult, type CallOptions } from './client';
import { queryString, routePath, type CallArgs } from './call-core';
import { API_BASE, requestBody, requestHeaders, type RawResponse } from './raw-call';
import { READER_ZONE_CALLS } from '../../shared/dashboards/reader-zone-calls';

/** The reader's time zone, sent with each dashboard call whose period is days of it (reader-zone-calls.ts). */
function withReaderZone(name: ApiCallName, query: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!READER_ZONE_CALLS.has(name)) return query;
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz ? { ...query, tz } : query;
}

export type { CallInput } from './call-core';

/**
 * ofetch for the exchange only: no retries and no throwing on a status, settle() decides (SPEC §4,
 * §8). It rides in the chunks of the pages that call (this module is imported by pages only); the
 * shell's own calls on every page go through shell-call.ts on plain fetch (page-weight bench).
 */
const exchange = ofetch.create({ baseURL: API_BASE, credentials: 'include', retry: 0, ignoreResponseError: true });

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
  const [method] = apiRoutes[name];
  const given = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  const path = callPath(name, given.params) + queryString(withReaderZone(name, given.query));
  return settle<ApiResponse<N>>(async (): Promise<RawResponse> => {
    const response = await exchange.raw(path, {
      method,
      headers: await requestHeaders(method),
      body: method === 'GET' ? undefined : requestBody(given.body),
    });
    return { status: response.status, body: response._data ?? null };
  }, options);
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
