/** Name of the readable cookie the server sets for the double-submit CSRF defence. */
export const CSRF_COOKIE = 'ep_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The current CSRF token from document.cookie, or null before the server has set it. */
export function readCsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE.length + 1)) : null;
}
