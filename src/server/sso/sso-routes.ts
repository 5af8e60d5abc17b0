import type { FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../audit/audit';
import { signAccessToken } from '../auth/access-token';
import { clientPayload, userPayload } from '../auth/profile';
import { newToken, sha256, startFamily } from '../auth/session-store';
import type { AppContext } from '../context';
import { setSessionCookies } from '../http/cookies';
import { fail, ok } from '../http/replies';
import type { HandlerTable } from '../routes/types';
import { landingPath } from '../../shared/landing';
import { safeRedirect } from '../../shared/safe-redirect';
import { ssoErrorPath, type SsoErrorCode } from '../../shared/sso-errors';
import { configurationsForDomain, emailDomain, loadSettings } from './config-store';
import { FLOW_COOKIE, FLOW_TTL_MS, clearFlowCookie, setFlowCookie } from './flow-cookie';
import { authorizationUrl, discover, exchangeCode, newFlowSecrets } from './oidc';
import { provisionUser } from './provision';

/** The callback address registered at the provider: PUBLIC_URL when set, else this request's origin. */
function callbackUrl(ctx: AppContext, request: FastifyRequest): string {
  const origin = ctx.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  return `${origin}/blogs/api/sso/callback`;
}

async function failTo(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, code: SsoErrorCode, details: Record<string, unknown> = {}) {
  await audit(ctx.db, { action: 'sso.failure', target: code, address: request.ip, details }, ctx.now());
  return reply.redirect(ssoErrorPath(code), 303);
}

/** Unfinished sign-in attempts one address may have at once (10 minutes each). */
export const MAX_PENDING_PER_ADDRESS = 20;
export const TOO_MANY_STARTS = 'Too many unfinished sign-in attempts. Please wait a few minutes and try again.';

interface StartBody { email: string; client_id?: number; redirect?: string }

export const ssoHandlers: HandlerTable = {
  /**
   * SPEC §2 /user/sso-login: the e-mail's domain picks the client. One client: the provider's
   * authorization URL; several: the list to choose from on /user/select-client/:multidomain; none:
   * the SSO error page. The attempt's state, nonce and PKCE verifier stay in the database.
   */
  async sso_login(ctx, request, reply) {
    const { email, client_id: chosenId, redirect } = request.payload as StartBody;
    const domain = emailDomain(email);
    const candidates = await configurationsForDomain(ctx.db, domain);
    // A client that does not own the domain is indistinguishable from no configuration at all.
    const chosen = chosenId === undefined ? (candidates.length === 1 ? candidates[0] : null) : candidates.find((c) => c.id === chosenId) ?? null;
    if (candidates.length === 0 || (chosenId !== undefined && !chosen)) return ok(reply, { redirect: ssoErrorPath('unknown-domain') });
    if (!chosen) return ok(reply, { multidomain: domain, clients: candidates, redirect: `/user/select-client/${encodeURIComponent(domain)}` });
    const settings = await loadSettings(ctx.db, ctx.secret, chosen.id);
    if (!settings) return ok(reply, { redirect: ssoErrorPath('not-configured') });
    let config;
    try { config = await discover(settings); } catch {
      await audit(ctx.db, { clientId: chosen.id, action: 'sso.failure', target: 'provider-unavailable', address: request.ip }, ctx.now());
      return ok(reply, { redirect: ssoErrorPath('provider-unavailable') });
    }
    const now = ctx.now();
    const windowStart = new Date(now.getTime() - FLOW_TTL_MS);
    await ctx.db.deleteFrom('sso_flows').where('created_at', '<', windowStart).execute();
    // Unfinished attempts per client address are capped, so nobody can fill the table (ASVS V11.1.4).
    const pending = await ctx.db.selectFrom('sso_flows').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('address', '=', request.ip).where('created_at', '>=', windowStart).executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_PER_ADDRESS) return fail(reply, 429, TOO_MANY_STARTS);
    const secrets = newFlowSecrets();
    const flowId = newToken();
    const redirectUri = callbackUrl(ctx, request);
    await ctx.db.insertInto('sso_flows').values({
      id_hash: sha256(flowId), state: secrets.state, nonce: secrets.nonce, code_verifier: secrets.codeVerifier,
      client_id: chosen.id, redirect_uri: redirectUri, return_to: safeRedirect(redirect), address: request.ip, created_at: now,
    }).execute();
    setFlowCookie(request, reply, flowId);
    return ok(reply, { authorization_url: await authorizationUrl(config, secrets, redirectUri, email) });
  },

  /**
   * The provider's answer (OIDC Core 3.1.2.5). The attempt is consumed before anything else, so a
   * replayed callback finds nothing; then the code is redeemed and the ID token checked. The session
   * is issued exactly as a password sign-in issues it, and the browser goes to its landing page.
   */
  async sso_callback(ctx, request, reply) {
    const flowId = request.cookies[FLOW_COOKIE];
    clearFlowCookie(request, reply);
    if (!flowId) return failTo(ctx, request, reply, 'expired', { why: 'no attempt cookie' });
    const flow = await ctx.db.deleteFrom('sso_flows').where('id_hash', '=', sha256(flowId)).returningAll().executeTakeFirst();
    const now = ctx.now();
    if (!flow || now.getTime() - new Date(flow.created_at).getTime() > FLOW_TTL_MS) return failTo(ctx, request, reply, 'expired', { why: flow ? 'attempt too old' : 'unknown or used attempt' });
    const query = request.query as Record<string, unknown>;
    if (typeof query.state !== 'string' || query.state !== flow.state) return failTo(ctx, request, reply, 'expired', { why: 'state mismatch', clientId: flow.client_id });
    const settings = await loadSettings(ctx.db, ctx.secret, flow.client_id);
    if (!settings) return failTo(ctx, request, reply, 'not-configured', { clientId: flow.client_id });
    let config;
    try { config = await discover(settings); } catch { return failTo(ctx, request, reply, 'provider-unavailable', { clientId: flow.client_id }); }
    const current = new URL(flow.redirect_uri);
    current.search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const exchanged = await exchangeCode(config, current, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
    if (!exchanged.ok) return failTo(ctx, request, reply, exchanged.reason, { clientId: flow.client_id, detail: exchanged.detail.slice(0, 300) });
    const claims = exchanged.claims;
    const outcome = await provisionUser(ctx.db, settings, claims, exchanged.profile);
    if (!outcome.ok) return failTo(ctx, request, reply, outcome.reason, { clientId: flow.client_id, issuer: claims.iss, subject: claims.sub });
    const user = await ctx.db.selectFrom('users').select(['id', 'email', 'status']).where('id', '=', outcome.userId).executeTakeFirstOrThrow();
    if (user.status !== 'active') return failTo(ctx, request, reply, 'account-disabled', { userId: user.id });
    // SPEC §4: an SSO user who may work for more than one client chooses on the selection screen first.
    const grants = await ctx.db.selectFrom('user_clients').select('client_id').where('user_id', '=', user.id).where('client_id', '!=', flow.client_id).execute();
    await ctx.db.updateTable('users').set({ login_type: 1, sso_status: grants.length > 0 ? 1 : 0 }).where('id', '=', user.id).execute();
    const { familyId, token } = await startFamily(ctx.db, user.id, flow.client_id, now);
    setSessionCookies(request, reply, await signAccessToken(ctx.secret, { userId: user.id, familyId }, now), token);
    await audit(ctx.db, { actorId: user.id, actorEmail: user.email, clientId: flow.client_id, action: 'login.success', address: request.ip, details: { method: 'sso', issuer: claims.iss, created: outcome.created } }, now);
    const { seats: _seats, ...client } = await clientPayload(ctx.db, flow.client_id);
    const landing = landingPath({ user: await userPayload(ctx.db, user.id), client });
    return reply.redirect(flow.return_to && !landing.startsWith('/user/select-client') ? flow.return_to : landing, 303);
  },
};
