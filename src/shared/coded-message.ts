import type { CodedMessage } from './server-messages';

/**
 * Whether a value from an answer has the shape of a coded message (src/shared/server-messages.ts): a
 * `code` such as `import.unknown_role` and its `params`. The web app checks the shape only, so the
 * list of codes with their English stays out of every page's main script (page-weight bench); every
 * code has its interface text `msg.<code>` (tests/unit/i18n/server-messages.test.ts).
 */
export function hasMessageShape(value: unknown): value is CodedMessage {
  if (!value || typeof value !== 'object') return false;
  const { code, params } = value as Record<string, unknown>;
  return typeof code === 'string' && /^[a-z_]+\.[a-z_]+$/.test(code) && !!params && typeof params === 'object';
}
