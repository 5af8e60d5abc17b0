import type { ApiCallName } from '../../../generated/api';
import type { ApiBody, ApiParams, ApiQuery, ApiResponse, ApiRoute } from '../../../generated/api-types';
import { settle, type ApiResult, type CallOptions } from './client';
import { rawCall } from './raw-call';

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
export type CallArgs<N extends ApiCallName> =
  object extends CallInput<N> ? [input?: CallInput<N>, options?: CallOptions] : [input: CallInput<N>, options?: CallOptions];

/** The path of a route with its `:name` segments filled in, each encoded as one segment. */
export function routePath(name: string, route: ApiRoute, params: Readonly<Record<string, string | number>> = {}): string {
  return route[1].replace(/:([A-Za-z0-9_]+)/g, (_segment, param: string) => {
    const value = params[param];
    if (value === undefined || value === '') throw new Error(`Call ${name} needs the path parameter ${param}.`);
    return encodeURIComponent(String(value));
  });
}

/** The query as text, null and undefined left out (`?a=1&b=x`, or nothing). */
export function queryString(query: Readonly<Record<string, unknown>> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A SPEC §7 call through its route on plain fetch (raw-call.ts): path parameters filled and encoded,
 * the query as text, the body in the envelope with the CSRF header, and the result settled (one
 * refresh-and-retry on 401, the error toast unless `quiet`, the decoded data). The shell's calls use it
 * (shell-call.ts): it is in every page's main script, where ofetch (the pages' typed client, typed.ts)
 * would weigh about 3.5 kB gzipped.
 */
export function callRoute<N extends ApiCallName>(
  name: N,
  route: ApiRoute,
  input: { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown } = {},
  options?: CallOptions,
): Promise<ApiResult<ApiResponse<N>>> {
  const [method] = route;
  const path = routePath(name, route, input.params) + queryString(input.query);
  return settle<ApiResponse<N>>(() => rawCall(method, path, input.body), options);
}
