import type { FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../../audit/audit';
import { signAccessToken } from '../../auth/access-token';
import { clientPayload, userPayload } from '../../auth/profile';
import { startFamily } from '../../auth/session-store';
import type { AppContext } from '../../context';
import { setSessionCookies } from '../../http/cookies';
import { landingPath } from '../../../shared/landing';
import { ssoErrorPath, type SsoErrorCode } from '../../../shared/sso-errors';
import type { SsoSettings } from './config-store';
import type { Profile } from './oidc';
import { provisionUser, type VerifiedIdentity } from './provision';
import { href } from '../../../../generated/routes';

/** Every SSO failure is audited and ends on the SSO error page (SPEC §8 "SSO failure"). */
export async function failTo(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  code: SsoErrorCode,
  details: Record<string, unknown> = {},
) {
  await audit(ctx.db, { action: 'sso.failure', target: code, address: request.ip, details }, ctx.now());
  return reply.redirect(ssoErrorPath(code), 303);
}

interface Attempt {
  readonly client_id: number;
  readonly return_to: string | null;
}

/**
 * The end of every SSO sign-in, whichever the protocol: find or create the user inside the
 * attempt's client, refuse a disabled account, then issue the session exactly as a password sign-in
 * does (login type 1) and send the browser to its landing page or the stored on-site return path.
 */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: Attempt,
  settings: SsoSettings,
  identity: VerifiedIdentity,
  profile: Profile,
  method: 'sso' | 'saml',
) {
  const now = ctx.now();
  // The account (found, linked or created), the session and the audit entry commit together or not at all (ASVS V7.3).
  type Outcome =
    | { code: SsoErrorCode; details: Record<string, unknown> }
    | { code: null; user: { id: number; email: string }; familyId: string; token: string };
  const result = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    const outcome = await provisionUser(trx, settings, identity, profile);
    if (!outcome.ok) return { code: outcome.reason, details: { clientId: flow.client_id, issuer: identity.iss, subject: identity.sub } };
    const user = await trx.selectFrom('users').select(['id', 'email', 'status']).where('id', '=', outcome.userId).executeTakeFirstOrThrow();
    if (user.status !== 'active') return { code: 'account-disabled', details: { userId: user.id } };
    // SPEC §4: an SSO user who may work for more than one client chooses on the selection screen first.
    const grants = await trx
      .selectFrom('user_clients')
      .select('client_id')
      .where('user_id', '=', user.id)
      .where('client_id', '!=', flow.client_id)
      .execute();
    await trx
      .updateTable('users')
      .set({ login_type: 1, sso_status: grants.length > 0 ? 1 : 0 })
      .where('id', '=', user.id)
      .execute();
    const session = await startFamily(trx, user.id, flow.client_id, now);
    await audit(
      trx,
      {
        actorId: user.id,
        actorEmail: user.email,
        clientId: flow.client_id,
        action: 'login.success',
        address: request.ip,
        details: { method, issuer: identity.iss, created: outcome.created },
      },
      now,
    );
    return { code: null, user, ...session };
  });
  if (result.code !== null) return failTo(ctx, request, reply, result.code, result.details);
  const { user, familyId, token } = result;
  setSessionCookies(request, reply, await signAccessToken(ctx.secret, { userId: user.id, familyId }, now), token);
  const { seats: _seats, ...client } = await clientPayload(ctx.db, flow.client_id);
  const landing = landingPath({ user: await userPayload(ctx.db, user.id), client });
  return reply.redirect(flow.return_to && !landing.startsWith(href('select_client')) ? flow.return_to : landing, 303);
}
