import { audit } from '../audit/audit';
import { fail, ok } from '../http/replies';
import type { HandlerTable } from '../routes/types';
import { issuerProblem, parseDomains } from './config-store';
import { sealSecret } from './secret-box';

interface SsoForm { client_id: number; issuer: string; oidc_client_id: string; oidc_client_secret?: string; domains: string; default_role_id?: number; enabled?: boolean }

/** What an audit entry and the browser may see of a configuration: the secret only as set or not. */
function visible(row: { issuer: string; oidc_client_id: string; client_secret_encrypted: string | null; domains: string[]; default_role_id: number | null; enabled: boolean }) {
  return {
    issuer: row.issuer, oidc_client_id: row.oidc_client_id, has_secret: Boolean(row.client_secret_encrypted),
    domains: row.domains.join(', '), default_role_id: row.default_role_id, enabled: row.enabled,
  };
}

/** SPEC §2 /admin/sso_configuration: one OpenID Connect configuration per client (clients-edit). */
export const adminSsoHandlers: HandlerTable = {
  async admin_sso_configurations(ctx, _request, reply) {
    const clients = await ctx.db.selectFrom('clients').select(['id', 'company_name']).orderBy('company_name').execute();
    const roles = await ctx.db.selectFrom('roles').select(['id', 'display_name']).where('name', '!=', 'Super_admin').orderBy('display_name').execute();
    const rows = await ctx.db.selectFrom('sso_configurations').selectAll().execute();
    const configurations = Object.fromEntries(rows.map((r) => [r.client_id, visible(r)]));
    return ok(reply, { clients, roles, configurations });
  },

  async admin_sso_configuration_save(ctx, request, reply) {
    const body = request.payload as SsoForm;
    const caller = request.caller!;
    const issuer = body.issuer.trim().replace(/\/+$/, '');
    const problem = issuerProblem(issuer);
    if (problem) return fail(reply, 400, problem);
    const client = await ctx.db.selectFrom('clients').select('id').where('id', '=', body.client_id).executeTakeFirst();
    if (!client) return fail(reply, 400, 'Client is required');
    if (body.default_role_id !== undefined) {
      const role = await ctx.db.selectFrom('roles').select('name').where('id', '=', body.default_role_id).executeTakeFirst();
      // Nobody becomes a super administrator by signing in.
      if (!role || role.name === 'Super_admin') return fail(reply, 400, 'Choose a role for new users other than Super Admin.');
    }
    const before = await ctx.db.selectFrom('sso_configurations').selectAll().where('client_id', '=', body.client_id).executeTakeFirst();
    const secret = body.oidc_client_secret ? sealSecret(ctx.secret, body.oidc_client_secret) : (before?.client_secret_encrypted ?? null);
    const values = {
      issuer, oidc_client_id: body.oidc_client_id.trim(), client_secret_encrypted: secret,
      domains: JSON.stringify(parseDomains(body.domains)), default_role_id: body.default_role_id ?? null,
      enabled: body.enabled ?? true, updated_at: ctx.now(),
    };
    if (before) await ctx.db.updateTable('sso_configurations').set(values).where('client_id', '=', body.client_id).execute();
    else await ctx.db.insertInto('sso_configurations').values({ client_id: body.client_id, ...values }).execute();
    const after = await ctx.db.selectFrom('sso_configurations').selectAll().where('client_id', '=', body.client_id).executeTakeFirstOrThrow();
    // The audit records whether the secret changed, never the secret (masked).
    await audit(ctx.db, {
      actorId: caller.userId, actorEmail: caller.email, clientId: body.client_id, action: before ? 'sso_configuration.updated' : 'sso_configuration.created',
      target: `client:${body.client_id}`, address: request.ip,
      details: { before: before ? visible(before) : null, after: { ...visible(after), secret: body.oidc_client_secret ? '********' : 'unchanged' } },
    }, ctx.now());
    return ok(reply, { configuration: visible(after) }, 'The SSO configuration has been saved.');
  },
};
