import { ApiError } from '../../api/errors';

/**
 * The server's refusal per field: the `fields` of a 400 answer (src/server/http: a body that fails
 * its form's schema or rules names the field and its manifest message), or null when it names none.
 */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const fields = (error.body as { fields?: unknown }).fields;
  if (!fields || typeof fields !== 'object') return null;
  const entries = Object.entries(fields as Record<string, unknown>).filter(([, m]) => typeof m === 'string') as [string, string][];
  return entries.length ? Object.fromEntries(entries) : null;
}
