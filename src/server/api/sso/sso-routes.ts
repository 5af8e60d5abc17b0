import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit/audit';
import { newToken, sha256 } from '../../auth/session-store';
import type { AppContext } from '../../context';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { safeRedirect } from '../../../shared/safe-redirect';
import { ssoErrorPath } from '../../../shared/sso-errors';
import { completeSignIn, failTo } from './complete';
import { configurationsForDomain, emailDomain, loadSettings } from './config-store';
import { FLOW_COOKIE, FLOW_TTL_MS, clearFlowCookie, setFlowCookie } from './flow-cookie';
import { recordFlowWithinLimit } from './flow-store';
import { authorizationUrl, discover, exchangeCode, newFlowSecrets } from './oidc';
import { authnRequestUrl, spEndpoints } from './saml';
import { href } from '../../../../generated/routes';

/** The callback address registered at the provider: PUBLIC_URL when set, else this request's origin. */
export function publicOrigin(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
}

function callbackUrl(ctx: AppContext, request: FastifyRequest): string {
  return `${publicOrigin(ctx, request)}/blogs/api/sso/callback`;
}

export const TOO_MANY_STARTS = 'Too many unfinished sign-in attempts. Please wait a few minutes and try again.';

export const ssoHandlers = {
  /**
   * SPEC §2 /user/sso-login: the e-mail's domain picks the client. One client: the provider's
   * authorization URL; several: the list to choose from on /user/select-client/:multidomain; none:
   * the SSO error page. The attempt's state, nonce and PKCE verifier stay in the database.
   */
  async sso_login(ctx, request, reply) {
    const { email, client_id: chosenId, redirect } = request.payload;
    const domain = emailDomain(email);
    const candidates = await configurationsForDomain(ctx.db, domain);
    // A client that does not own the domain is indistinguishable from no configuration at all.
    const chosen =
      chosenId === undefined ? (candidates.length === 1 ? candidates[0] : null) : (candidates.find((c) => c.id === chosenId) ?? null);
    if (candidates.length === 0 || (chosenId !== undefined && !chosen)) return ok(reply, { redirect: ssoErrorPath('unknown-domain') });
    if (!chosen) return ok(reply, { multidomain: domain, clients: candidates, redirect: href('select_client', { multidomain: domain }) });
    const settings = await loadSettings(ctx.db, ctx.secret, chosen.id);
    if (!settings) return ok(reply, { redirect: ssoErrorPath('not-configured') });
    let config;
    if (settings.protocol === 'oidc') {
      try {
        config = await discover(settings);
      } catch {
        await audit(ctx.db, { clientId: chosen.id, action: 'sso.failure', target: 'provider-unavailable', address: request.ip }, ctx.now());
        return ok(reply, { redirect: ssoErrorPath('provider-unavailable') });
      }
    }
    const now = ctx.now();
    const windowStart = new Date(now.getTime() - FLOW_TTL_MS);
    await ctx.db.deleteFrom('sso_flows').where('created_at', '<', windowStart).execute();
    if (!config) {
      // SAML 2.0: the AuthnRequest's ID is the attempt's key; the ACS accepts only a response to it.
      // No attempt cookie: the IdP's cross-site form post would not carry it (SameSite), so id_hash
      // is a random filler for the primary key and nothing in the browser refers to it.
      const sp = spEndpoints(publicOrigin(ctx, request), chosen.id);
      const { url, requestId } = await authnRequestUrl(settings, sp);
      const recorded = await recordFlowWithinLimit(
        ctx.db,
        {
          id_hash: sha256(newToken()),
          state: requestId,
          nonce: '',
          code_verifier: '',
          protocol: 'saml',
          client_id: chosen.id,
          redirect_uri: sp.acsUrl,
          return_to: safeRedirect(redirect),
          address: request.ip,
          created_at: now,
        },
        windowStart,
      );
      if (!recorded) return fail(reply, 429, TOO_MANY_STARTS);
      return ok(reply, { authorization_url: url });
    }
    const secrets = newFlowSecrets();
    const flowId = newToken();
    const redirectUri = callbackUrl(ctx, request);
    const recorded = await recordFlowWithinLimit(
      ctx.db,
      {
        id_hash: sha256(flowId),
        state: secrets.state,
        nonce: secrets.nonce,
        code_verifier: secrets.codeVerifier,
        client_id: chosen.id,
        redirect_uri: redirectUri,
        return_to: safeRedirect(redirect),
        address: request.ip,
        created_at: now,
      },
      windowStart,
    );
    if (!recorded) return fail(reply, 429, TOO_MANY_STARTS);
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
    const flow = await ctx.db
      .deleteFrom('sso_flows')
      .where('id_hash', '=', sha256(flowId))
      .where('protocol', '=', 'oidc')
      .returningAll()
      .executeTakeFirst();
    const now = ctx.now();
    if (!flow || now.getTime() - new Date(flow.created_at).getTime() > FLOW_TTL_MS)
      return failTo(ctx, request, reply, 'expired', { why: flow ? 'attempt too old' : 'unknown or used attempt' });
    const query = request.query;
    if (typeof query.state !== 'string' || query.state !== flow.state)
      return failTo(ctx, request, reply, 'expired', { why: 'state mismatch', clientId: flow.client_id });
    const settings = await loadSettings(ctx.db, ctx.secret, flow.client_id);
    if (!settings) return failTo(ctx, request, reply, 'not-configured', { clientId: flow.client_id });
    let config;
    try {
      config = await discover(settings);
    } catch {
      return failTo(ctx, request, reply, 'provider-unavailable', { clientId: flow.client_id });
    }
    const current = new URL(flow.redirect_uri);
    current.search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const exchanged = await exchangeCode(config, current, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
    if (!exchanged.ok)
      return failTo(ctx, request, reply, exchanged.reason, { clientId: flow.client_id, detail: exchanged.detail.slice(0, 300) });
    return completeSignIn(ctx, request, reply, flow, settings, exchanged.claims, exchanged.profile, 'sso');
  },
} satisfies AreaHandlers<'sso'>;
