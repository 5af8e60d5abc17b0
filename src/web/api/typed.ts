import { ofetch } from 'ofetch';
import type { ApiCallName } from '../../../generated/api';
import { apiRoutes, type ApiBody, type ApiParams, type ApiQuery, type ApiResponse } from '../../../generated/api-types';
import { settle, type ApiResult, type CallOptions } from './client';
import { API_BASE, requestBody, requestHeaders, type RawResponse } from './raw-call';

/** A query value as a page has it: numbers and booleans travel as text, null and undefined not at all. */
type QueryValue<V> = V | (string extends V ? number | boolean : never) | null | undefined;

/** What a call takes besides its name: path parameters, query and body, typed from manifest/api/*.yaml. */
export type CallInput<N extends ApiCallName> = (keyof ApiParams<N> extends never
  ? { readonly params?: undefined }
  : { readonly params: { readonly [K in keyof ApiParams<N>]: string | number } }) &
  (ApiBody<N> extends undefined ? { readonly body?: undefined } : { readonly body: ApiBody<N> }) & {
    readonly query?: { readonly [K in keyof ApiQuery<N>]?: QueryValue<ApiQuery<N>[K]> };
  };

/** The input may be left out when the call has neither path parameters nor a body. */
type CallArgs<N extends ApiCallName> =
  object extends CallInput<N> ? [input?: CallInput<N>, options?: CallOptions] : [input: CallInput<N>, options?: CallOptions];

/** ofetch for the exchange only: no retries and no throwing on a status, settle() decides (SPEC §4, §8). */
const exchange = ofetch.create({ baseURL: API_BASE, credentials: 'include', retry: 0, ignoreResponseError: true });

/** The path of a call with its `:name` segments filled in, each encoded as one segment. */
export function callPath(name: ApiCallName, params: Readonly<Record<string, string | number>> = {}): string {
  return apiRoutes[name][1].replace(/:([A-Za-z0-9_]+)/g, (_segment, param: string) => {
    const value = params[param];
    if (value === undefined || value === '') throw new Error(`Call ${name} needs the path parameter ${param}.`);
    return encodeURIComponent(String(value));
  });
}

function queryOf(query: Readonly<Record<string, unknown>> = {}): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) text[key] = String(value);
  return text;
}

/**
 * A SPEC §7 call by its manifest name: method and path from the generated table, path parameters
 * filled and encoded, the query as text, the body in the envelope with the CSRF header, and the
 * result decoded as `apiCall` does (one refresh-and-retry on 401, the error toast unless `quiet`).
 *
 * @example
 *   const { data } = await call('get_client_region', { params: { clientId: 3 } });
 */
export function call<N extends ApiCallName>(name: N, ...[input, options]: CallArgs<N>): Promise<ApiResult<ApiResponse<N>>> {
  const [method] = apiRoutes[name];
  const given = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  const path = callPath(name, given.params);
  const query = queryOf(given.query);
  return settle<ApiResponse<N>>(async (): Promise<RawResponse> => {
    const response = await exchange.raw(path, {
      method,
      query,
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
