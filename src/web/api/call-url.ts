import type { ApiCallName } from '../../../generated/api';
import type { ApiParams, ApiQuery } from '../../../generated/api-types';
import { API_BASE } from './raw-call';
import { queryString } from './call-core';
import { callPath, withReaderZone } from './typed';

/** Path parameters of a call, as a page has them (none for a call without `:name` segments). */
type UrlParams<N extends ApiCallName> = keyof ApiParams<N> extends never
  ? Record<never, never>
  : { readonly [K in keyof ApiParams<N>]: string | number };

/** Query values as a page has them: text, numbers and booleans; null and undefined are left out. */
type UrlQuery<N extends ApiCallName> = { readonly [K in keyof ApiQuery<N>]?: string | number | boolean | null | undefined };

/**
 * The browser address of a call by its manifest name, for what the browser fetches itself rather
 * than through `call`: downloads (CSV, XLSX, PDF links), images, and addresses shown to an identity provider. SPEC §7: under /blogs/api.
 *
 * @example
 *   <a href={callUrl('evaluation_report_pdf', { url: report.url })} download>PDF</a>
 */
export function callUrl<N extends ApiCallName>(name: N, params: UrlParams<N>, query: UrlQuery<N> = {}): string {
  // A download whose figures are days of the reader's zone (a custom search's export) carries it too.
  return API_BASE + callPath(name, params as Record<string, string | number>) + queryString(withReaderZone(name, query) as UrlQuery<N>);
}
