import { hasMessageShape } from '../../shared/coded-message';
import type { CodedMessage } from '../../shared/server-messages';

/** SPEC §8 texts. */
export const DEFAULT_API_ERROR = 'API Error, please try again.';
export const SESSION_EXPIRED = 'Session Expired. Please log in again.';
export const REFRESH_FAILED = 'Your session has expired. Please log in again.';

/**
 * An API call that failed, with the HTTP status and the message the server gave; `coded` is that
 * message by code and parameters when the server sent them (src/shared/server-messages.ts), so it
 * can be worded in the reader's language.
 */
export class ApiError extends Error {
  readonly coded: CodedMessage | null;
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.coded = codedOf(body);
  }
}

/** The coded message of an error answer (`code` and `params` beside `errors`), or null. */
export function codedOf(body: unknown): CodedMessage | null {
  if (!body || typeof body !== 'object') return null;
  const { code, params } = body as Record<string, unknown>;
  const message = { code, params };
  return hasMessageShape(message) ? message : null;
}

/** SPEC §8 "Generic API error": the response's errors, else error, else the default text. */
export function messageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const { errors, error, message } = body as Record<string, unknown>;
    for (const candidate of [errors, error]) {
      if (typeof candidate === 'string' && candidate) return candidate;
      if (Array.isArray(candidate) && candidate.length) return candidate.map(String).join(' ');
      if (candidate && typeof candidate === 'object') return Object.values(candidate).flat().map(String).join(' ');
    }
    if (typeof message === 'string' && message && (body as Record<string, unknown>).success === false) return message;
  }
  return DEFAULT_API_ERROR;
}

/** The coded message of a failed call, for `messageText` (null for any other error). */
export function codedOfError(error: unknown): CodedMessage | null {
  return error instanceof ApiError ? error.coded : null;
}
