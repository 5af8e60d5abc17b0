import { sha256 } from '../../auth/session-store';
import { fail } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { completeSignIn, failTo } from './complete';
import { loadSettings } from './config-store';
import { FLOW_TTL_MS } from './flow-cookie';
import { spEndpoints, spMetadata, validateResponse } from './saml';
import { samlProfile } from './saml-profile';
import { publicOrigin } from './sso-routes';

/** The path of the Assertion Consumer Service, exempt from the CSRF check (src/server/http/security.ts). */
export const SAML_ACS_PATH = '/blogs/api/sso/saml/acs';
/** A SAMLResponse larger than this is not a sign-in (real ones are a few kilobytes). */
const MAX_RESPONSE_BYTES = 256 * 1024;

/** An attribute of the root element (the Response), read only to find the attempt; never trusted beyond that. */
function rootAttribute(xml: string, name: string): string | null {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[\w.-]+:)?Response\b([^>]*)>/.exec(xml);
  const value = root ? new RegExp(`\\s${name}="([^"]*)"`).exec(root[1]) : null;
  return value ? value[1] : null;
}

export const samlHandlers = {
  /**
   * The Assertion Consumer Service (SAML Profiles §4.1.4, HTTP-POST binding). The IdP's page posts
   * here cross-site, so neither the CSRF cookie nor a SameSite cookie arrives; the response is bound
   * to the attempt instead by InResponseTo = the AuthnRequest ID stored when it began. That attempt
   * is consumed before anything else (single use), then the signed assertion is checked, and its ID
   * is remembered until it expires so it is accepted only once.
   */
  async saml_acs(ctx, request, reply) {
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const encoded = form.get('SAMLResponse');
    if (!encoded || encoded.length > MAX_RESPONSE_BYTES) return failTo(ctx, request, reply, 'token-rejected', { why: 'no SAMLResponse' });
    const xml = Buffer.from(encoded, 'base64').toString('utf8');
    // XML external entities and entity expansion (OWASP XXE Prevention): no DTD is ever accepted.
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return failTo(ctx, request, reply, 'token-rejected', { why: 'DTD in SAMLResponse' });
    const inResponseTo = rootAttribute(xml, 'InResponseTo');
    if (!inResponseTo) return failTo(ctx, request, reply, 'expired', { why: 'no InResponseTo' });
    const flow = await ctx.db
      .deleteFrom('sso_flows')
      .where('protocol', '=', 'saml')
      .where('state', '=', inResponseTo)
      .returningAll()
      .executeTakeFirst();
    const now = ctx.now();
    if (!flow || now.getTime() - new Date(flow.created_at).getTime() > FLOW_TTL_MS)
      return failTo(ctx, request, reply, 'expired', { why: flow ? 'attempt too old' : 'unknown or used request id' });
    const settings = await loadSettings(ctx.db, ctx.secret, flow.client_id);
    if (!settings || settings.protocol !== 'saml') return failTo(ctx, request, reply, 'not-configured', { clientId: flow.client_id });
    const sp = spEndpoints(publicOrigin(ctx, request), flow.client_id);
    // SAML Core §3.2.2: a Destination other than this ACS means the response was meant for someone else.
    const destination = rootAttribute(xml, 'Destination');
    if (sp.acsUrl !== flow.redirect_uri || (destination !== null && destination !== sp.acsUrl))
      return failTo(ctx, request, reply, 'token-rejected', { clientId: flow.client_id, why: 'wrong destination' });
    const checked = await validateResponse(settings, sp, encoded, { id: flow.state, createdAt: new Date(flow.created_at) });
    if (!checked.ok) return failTo(ctx, request, reply, checked.reason, { clientId: flow.client_id, detail: checked.detail.slice(0, 300) });
    await ctx.db.deleteFrom('saml_assertions').where('expires_at', '<', now).execute();
    const fresh = await ctx.db
      .insertInto('saml_assertions')
      .values({ issuer: settings.issuer, assertion_id: checked.assertionId, expires_at: checked.expiresAt })
      .onConflict((oc) => oc.doNothing())
      .returning('assertion_id')
      .executeTakeFirst();
    if (!fresh)
      return failTo(ctx, request, reply, 'expired', {
        clientId: flow.client_id,
        why: 'assertion replayed',
        assertion: sha256(checked.assertionId),
      });
    const { identity, profile } = samlProfile(settings, checked.profile);
    if (!identity) return failTo(ctx, request, reply, 'email-missing', { clientId: flow.client_id, why: 'no NameID' });
    return completeSignIn(ctx, request, reply, flow, settings, identity, profile, 'saml');
  },

  /** SP metadata for one client's SAML configuration, to load into the IdP (SAML Metadata §2.4.4). */
  async saml_metadata(ctx, request, reply) {
    const clientId = Number(request.params.clientId);
    const settings = Number.isInteger(clientId) && clientId > 0 ? await loadSettings(ctx.db, ctx.secret, clientId) : null;
    if (!settings || settings.protocol !== 'saml') return fail(reply, 404, 'Not found.');
    return reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .send(spMetadata(settings, spEndpoints(publicOrigin(ctx, request), clientId)));
  },
} satisfies AreaHandlers<'sso'>;
