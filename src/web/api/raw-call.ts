import { shellRoutes } from '../../../generated/api-shell';
import { encodeEnvelope } from '../../shared/envelope';
import { CSRF_HEADER, readCsrfToken } from './csrf';

/** SPEC §7: every call goes to the blog-area API base and sends credentials. */
export const API_BASE = '/blogs/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An HTTP answer: its status and its body (JSON parsed, else text, else null). */
export interface RawResponse {
  readonly status: number;
  readonly body: unknown;
}

let csrfAsked: Promise<unknown> | null = null;
/**
 * Asks the server once for the CSRF cookie when the browser has none (a visitor, who makes no
 * get_user call): the public csrf_token call, which never answers 401. Called early for a guest so
 * the first write (the page view) need not wait for it.
 */
export function primeCsrfCookie(): Promise<unknown> {
  if (readCsrfToken()) return Promise.resolve();
  // The answer's body is read to its end, so the exchange is over (an unread body keeps it open).
  csrfAsked ??= fetch(API_BASE + shellRoutes.csrf_token[1], { credentials: 'include' })
    .then((response) => response.text())
    .finally(() => {
      csrfAsked = null;
    });
  return csrfAsked;
}

/**
 * The headers of a call: JSON, and for anything but GET the CSRF token echoed from its cookie (asking
 * the server for one first when the browser has none yet).
 */
export async function requestHeaders(method: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    // A call every caller may make (a visitor's get_user would end in a 401 on the console).
    await primeCsrfCookie();
    headers[CSRF_HEADER] = readCsrfToken() ?? '';
    headers['Content-Type'] = 'application/json';
  }
  return headers;
}

/** SPEC §7 request body: the payload in the envelope as request_data, `{}` when there is none. */
export function requestBody(payload: unknown): { request_data: string } | Record<string, never> {
  return payload === undefined ? {} : { request_data: encodeEnvelope(payload) };
}

/** One HTTP exchange (`path` under the API base, query included); never throws for HTTP statuses, only for network failures. */
export async function rawCall(method: Method, path: string, payload?: unknown): Promise<RawResponse> {
  const headers = await requestHeaders(method);
  // Plain fetch rather than a fetch wrapper: this file is in every page's main script (page-weight bench).
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'include',
    headers,
    body: method === 'GET' ? undefined : JSON.stringify(requestBody(payload)),
  });
  return { status: response.status, body: parseBody(await response.text()) };
}

/** JSON when the answer is JSON, the text otherwise, null when empty. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
