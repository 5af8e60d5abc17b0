import type { FastifyReply, FastifyRequest } from 'fastify';
import { secureCookies } from '../../http/cookies';

/** Ties a sign-in attempt to the browser that started it; holds a random id, nothing else. */
export const FLOW_COOKIE = 'ep_sso_flow';
export const FLOW_PATH = '/blogs/api/sso';
/** A sign-in attempt must come back from the provider within 10 minutes. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

/**
 * SameSite=Lax, not Strict: the provider sends the browser back with a top-level cross-site GET,
 * on which a Strict cookie would not travel. Lax still keeps it off cross-site POSTs and subrequests.
 */
const options = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureCookies(request),
  path: FLOW_PATH,
});

export function setFlowCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(FLOW_COOKIE, id, { ...options(request), maxAge: FLOW_TTL_MS / 1000 });
}

export function clearFlowCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(FLOW_COOKIE, options(request));
}
