import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TTL_SECONDS } from '../auth/access-token';
import { ABSOLUTE_EXPIRY_MS } from '../auth/session-store';

export const ACCESS_COOKIE = 'ep_access';
export const REFRESH_COOKIE = 'ep_refresh';
export const CSRF_COOKIE = 'ep_csrf';
/**
 * A readable hint that this browser holds a session (no secret: "1"), set and cleared with the
 * session cookies, so a visitor's page knows not to ask for the current user (SPEC §4 guest flag).
 */
export const SESSION_HINT_COOKIE = 'ep_session';
/** The refresh cookie travels only to the API (docs/architecture.md "Sessions"). */
export const REFRESH_PATH = '/blogs/api';

/** Secure everywhere except plain http on the loopback host (local development and tests). */
export function secureCookies(request: FastifyRequest): boolean {
  const host = (request.hostname ?? '').replace(/:\d+$/, '');
  return request.protocol === 'https' || !['localhost', '127.0.0.1', '[::1]'].includes(host);
}

const base = (request: FastifyRequest) => ({ httpOnly: true, sameSite: 'strict' as const, secure: secureCookies(request) });

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, access: string, refresh: string): void {
  reply.setCookie(ACCESS_COOKIE, access, { ...base(request), path: '/', maxAge: ACCESS_TTL_SECONDS });
  reply.setCookie(REFRESH_COOKIE, refresh, { ...base(request), path: REFRESH_PATH, maxAge: ABSOLUTE_EXPIRY_MS / 1000 });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...base(request), httpOnly: false, path: '/', maxAge: ABSOLUTE_EXPIRY_MS / 1000 });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { ...base(request), path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base(request), path: REFRESH_PATH });
  reply.clearCookie(SESSION_HINT_COOKIE, { ...base(request), httpOnly: false, path: '/' });
}

/** The double-submit CSRF cookie is readable by the page (not HttpOnly) so it can echo it in a header. */
export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'strict', secure: secureCookies(request), path: '/' });
}
